import type { ReadinessCheck, ReadyzResponse } from '@backoffice/shared/contract';
import type { ReadinessConfig } from '../../config.ts';
import type { DbHandle } from '../../db/types.ts';
import type { SharedStore } from '../../lib/shared-store/index.ts';
import { within } from '../../lib/within.ts';

type Readiness = ReadyzResponse['data'];
type LagCheck = Readiness['checks']['payoutLag'];

/**
 * A result is reused this long (and concurrent probes share one run): readyz is public, and without
 * this every anonymous call would reach the chain's RPC node (often a paid quota) and the database.
 */
export const READINESS_CACHE_MS = 1000;

/** Withdrawals of the payout queue's head that the lag looks at (oldest ids first, as the worker pays). */
const LAG_WINDOW = 100;

class Late extends Error {}

/** A short reason for the operator: never the error's full text, which may carry a URL or a host. */
function reasonOf(err: unknown, timeoutMs: number): string {
  if (err instanceof Late || (err instanceof Error && err.name === 'TimeoutError'))
    return `no answer within ${timeoutMs} ms`;
  // Socket errors carry a code (fetch's on its cause): 'failed (ECONNREFUSED)'.
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = [e?.code, e?.cause?.code].find((c) => typeof c === 'string');
  if (code) return `failed (${code})`;
  return err instanceof Error ? err.message.slice(0, 200) : 'failed';
}

/** Runs one check, timed and bounded: 'up' when it settles in time, else 'down' with the reason. */
async function check(work: () => Promise<unknown>, timeoutMs: number): Promise<ReadinessCheck> {
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  try {
    await within(work(), timeoutMs, () => new Late());
    return { state: 'up', latencyMs: latencyMs() };
  } catch (err) {
    return { state: 'down', latencyMs: latencyMs(), detail: reasonOf(err, timeoutMs) };
  }
}

/** The chain's node answers a JSON-RPC call (eth_chainId: no account, no state, any EVM node has it). */
async function askChain(rpcUrl: string, timeoutMs: number): Promise<void> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json().catch(() => null)) as { result?: unknown } | null;
  if (typeof body?.result !== 'string') throw new Error('not a JSON-RPC answer');
}

/**
 * Age of the oldest approved withdrawal the worker has not paid yet (by the database's clock), among the
 * head of the queue (the worker pays oldest ids first; the partial index withdrawals_payout_queue_idx
 * keeps this a short index scan however long the queue). Withdrawals without an address are left out:
 * the worker never pays them.
 */
async function payoutLag(db: DbHandle, config: ReadinessConfig): Promise<LagCheck> {
  let age: number | null = null;
  const result = await check(async () => {
    const [row] = await db.query<{ age_ms: number | null }>(
      `SELECT floor(extract(epoch FROM now() - min(approved_at)) * 1000)::int8 AS age_ms
         FROM (SELECT coalesce(processed_at, created_at) AS approved_at FROM withdrawals
                WHERE status = 'approved' AND wallet_address IS NOT NULL
                ORDER BY id LIMIT ${LAG_WINDOW}) head`,
    );
    age = row?.age_ms == null ? null : Math.max(0, Number(row.age_ms));
  }, config.timeoutMs);
  const lagging = result.state === 'up' && age !== null && age > config.payoutLagMs;
  return {
    ...result,
    ...(lagging
      ? {
          state: 'lagging',
          detail: `an approved withdrawal has waited ${Math.floor((age ?? 0) / 60_000)} min for its payout`,
        }
      : {}),
    oldestApprovedAgeMs: age,
    thresholdMs: config.payoutLagMs,
  };
}

/**
 * Every check at once, each bounded by `config.timeoutMs`, so the answer comes within about that.
 *
 * Only what every request of this replica needs makes it 'not-ready' (503): the database, and Redis when
 * it is the shared store (sign-in and logout need it). The chain RPC and the payout lag only make it
 * 'degraded' (still 200): every replica shares the same chain and the same withdrawal queue, so failing
 * readiness for them would make the load balancer pull every replica at once, taking the whole console
 * down (the very tool admins need to see and handle the stuck payouts) while nothing a replica could fix.
 */
export async function runReadiness(
  deps: { db: DbHandle; store: SharedStore },
  config: ReadinessConfig,
): Promise<Readiness> {
  const { timeoutMs, chainRpcUrl } = config;
  const [database, redis, chain, lag] = await Promise.all([
    check(() => deps.db.ping(timeoutMs), timeoutMs),
    deps.store.kind === 'redis' ? check(() => deps.store.ping(), timeoutMs) : undefined,
    chainRpcUrl ? check(() => askChain(chainRpcUrl, timeoutMs), timeoutMs) : undefined,
    payoutLag(deps.db, config),
  ]);
  const checks: Readiness['checks'] = {
    database,
    payoutLag: lag,
    ...(redis ? { redis } : {}),
    ...(chain ? { chain } : {}),
  };
  const status =
    database.state !== 'up' || redis?.state === 'down'
      ? 'not-ready'
      : chain?.state === 'down' || lag.state !== 'up'
        ? 'degraded'
        : 'ready';
  return { status, checks };
}

/** runReadiness, shared by concurrent callers and reused for READINESS_CACHE_MS. */
export function cachedReadiness(
  deps: { db: DbHandle; store: SharedStore },
  config: ReadinessConfig,
): () => Promise<Readiness> {
  let last: { at: number; result: Readiness } | undefined;
  let running: Promise<Readiness> | undefined;
  return () => {
    if (last && performance.now() - last.at < READINESS_CACHE_MS) return Promise.resolve(last.result);
    running ??= runReadiness(deps, config)
      .then((result) => {
        last = { at: performance.now(), result };
        return result;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}

/** The answer's message: what is wrong, in one line. */
export function readinessMessage({ status, checks }: Readiness): string {
  if (status === 'ready') return 'ready';
  const wrong = Object.entries(checks)
    .filter(([, c]) => c.state !== 'up')
    .map(([name, c]) => `${name} ${c.state}`);
  return `${status === 'degraded' ? 'Degraded' : 'Not ready'}: ${wrong.join(', ')}`;
}
