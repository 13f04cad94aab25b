import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * True once this replica is shutting down (SIGTERM, see server.ts): readiness should answer 503 so a
     * load balancer sends it nothing new. Unset (falsy) while it serves, and in apps built by tests.
     */
    closing?: boolean;
  }
}

/** A duration setting in milliseconds: a whole number, 0 or more; `fallback` when unset. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`Invalid environment: ${name} must be a whole number of milliseconds, 0 or more`);
  return value;
}

/** SHUTDOWN_TIMEOUT_MS: how long requests in flight may take to finish after SIGTERM (default 10 s). */
export const shutdownTimeoutMs = (env: NodeJS.ProcessEnv = process.env) =>
  milliseconds(env, 'SHUTDOWN_TIMEOUT_MS', 10_000);

/**
 * SHUTDOWN_DRAIN_MS: after SIGTERM, how long the replica keeps serving with readiness failing before it
 * closes, so a load balancer's health check takes it out first and no request meets a closing server
 * (whose answer to a request on a kept-alive connection is a 503). Default 0; compose sets it above the
 * ingress's health-check interval.
 */
export const shutdownDrainMs = (env: NodeJS.ProcessEnv = process.env) =>
  milliseconds(env, 'SHUTDOWN_DRAIN_MS', 0);

/** Keep-alive connections are closed as soon as their request is answered, checked this often. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops taking requests and lets those in flight finish, for at most `timeoutMs`: marks the app
 * `closing` (and keeps serving `drainMs` longer, see shutdownDrainMs), closes the listening socket (new connections are refused; Fastify answers 503 to a new
 * request on an open keep-alive connection), closes keep-alive connections once idle so their clients
 * reconnect to another replica, and after `timeoutMs` cuts whatever is left. Resolves with the number of
 * connections that had to be cut.
 */
export async function drainHttp(app: FastifyInstance, timeoutMs: number, drainMs = 0): Promise<number> {
  // A plain property: decorators cannot be added once the app is ready, and the route plugins' instances
  // read it through their prototype, the root instance.
  app.closing = true;
  // Still serving, readiness failing: the load balancer stops sending before anything is refused.
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  const server = app.server;
  const closed = app.close();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  try {
    if ((await Promise.race([closed, late])) !== 'late') return 0;
    const cut = await new Promise<number>((resolve) =>
      server.getConnections((_err, count) => resolve(count ?? 0)),
    );
    server.closeAllConnections();
    await closed;
    return cut;
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}
