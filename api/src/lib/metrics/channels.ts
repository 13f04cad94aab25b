import dc from 'node:diagnostics_channel';
import { Counter, Histogram, type Registry } from 'prom-client';

/** Subscribes `listener` to a diagnostics channel; returns the unsubscribe. */
function listen(name: string, listener: (message: unknown) => void): () => void {
  dc.subscribe(name, listener);
  return () => dc.unsubscribe(name, listener);
}

/**
 * Redis errors, seen through the tracing channels ioredis publishes (ioredis:command, ioredis:connect):
 * no hook inside the shared store (lib/shared-store/redis.ts). A failed command is what turns a request
 * into a 503; a failed connect is Redis down or unreachable.
 */
export function countRedisErrors(registry: Registry): () => void {
  const errors = new Counter({
    name: 'backoffice_redis_errors_total',
    help: 'Redis commands and connection attempts that failed (kind: command or connect)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  errors.inc({ kind: 'command' }, 0);
  errors.inc({ kind: 'connect' }, 0);
  const off = [
    listen('tracing:ioredis:command:error', () => errors.inc({ kind: 'command' })),
    listen('tracing:ioredis:connect:error', () => errors.inc({ kind: 'connect' })),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}

interface UndiciRequest {
  origin?: string;
}

/**
 * Latency of the payout chain's JSON-RPC calls (viem's HTTP transport uses fetch, so undici publishes
 * each request): from the request to its response headers, per outcome, for requests to the origin of
 * CHAIN_RPC_URL only. Nothing is counted without a chain configured.
 */
export function timeChainRpc(registry: Registry, rpcUrl: string | undefined): () => void {
  const origin = rpcUrl && URL.canParse(rpcUrl) ? new URL(rpcUrl).origin : undefined;
  if (!origin) return () => {};
  const latency = new Histogram({
    name: 'backoffice_chain_rpc_duration_seconds',
    help: 'Time a JSON-RPC call to the payout chain node (CHAIN_RPC_URL) took to answer, per outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers: [registry],
  });
  // startTimer's end function, per request in flight to the chain's node.
  const inFlight = new WeakMap<UndiciRequest, (labels: { outcome: string }) => void>();
  const settle = (request: UndiciRequest, outcome: string) => {
    const stop = inFlight.get(request);
    if (!stop) return;
    inFlight.delete(request);
    stop({ outcome });
  };
  const off = [
    listen('undici:request:create', (m) => {
      const { request } = m as { request: UndiciRequest };
      if (request.origin === origin) inFlight.set(request, latency.startTimer());
    }),
    listen('undici:request:headers', (m) => {
      const { request, response } = m as { request: UndiciRequest; response: { statusCode: number } };
      settle(request, response.statusCode < 400 ? 'ok' : `http_${response.statusCode}`);
    }),
    listen('undici:request:error', (m) => settle((m as { request: UndiciRequest }).request, 'error')),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}
