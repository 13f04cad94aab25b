import { randomUUID } from 'node:crypto';
import type { DashboardStats } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import type { SharedStore } from '../../lib/shared-store/index.ts';
import { computeDashboardStats } from './repository.ts';

const GENERATION_KEY = 'dashboard:generation';
/** The generation outlives any cached figures by far (they live STATS_CACHE_MS). */
const GENERATION_TTL_MS = 7 * 24 * 3600_000;

interface Log {
  warn(obj: object, msg?: string): void;
}

/**
 * Dashboard stats with a short cache (STATS_CACHE_MS, 0 = none) in the shared store, so every API
 * replica serves the same figures and computes them once per period: the figures scan whole tables,
 * which takes a while on millions of rows. `refresh` and every write the API makes (`invalidate`,
 * payouts included) drop the cache for every replica.
 *
 * The figures are stored under a generation that each invalidation replaces. A computation that
 * started before a write stores its figures under the old generation, which nobody reads any more:
 * a write is never followed by figures from before it.
 */
export class DashboardService {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly store: SharedStore,
    private readonly log?: Log,
  ) {}

  async stats(): Promise<DashboardStats> {
    if (this.ttlMs <= 0) return computeDashboardStats(this.db);
    const generation = await this.generation();
    const cached = await this.store.get(`dashboard:stats:${generation}`);
    if (cached) return JSON.parse(cached) as DashboardStats;
    return this.compute(generation);
  }

  /** Recomputes now (and caches the result for every replica). */
  async refresh(): Promise<DashboardStats> {
    if (this.ttlMs <= 0) return computeDashboardStats(this.db);
    return this.compute(await this.generation());
  }

  /**
   * Every replica's next call recomputes. Never rejects (a store failure is logged: the figures may
   * then be served from the cache until it expires); the API's onSend hook waits for it (`settled`).
   */
  invalidate(): Promise<void> {
    if (this.ttlMs <= 0) return Promise.resolve();
    const done: Promise<void> = this.store
      .set(GENERATION_KEY, randomUUID(), GENERATION_TTL_MS)
      .catch((err: unknown) => this.log?.warn({ err }, 'dashboard cache invalidation failed'))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
    return done;
  }

  /** Undefined when no invalidation is under way, else a promise of those under way now. */
  settled(): Promise<void> | undefined {
    if (this.pending.size === 0) return undefined;
    return Promise.all(this.pending).then(() => undefined);
  }

  private async generation(): Promise<string> {
    return (await this.store.get(GENERATION_KEY)) ?? 'initial';
  }

  private async compute(generation: string): Promise<DashboardStats> {
    const stats = await computeDashboardStats(this.db);
    await this.store.set(`dashboard:stats:${generation}`, JSON.stringify(stats), this.ttlMs);
    return stats;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The dashboard figures (server.ts wires the payout worker's changes to `invalidate`). */
    dashboard: DashboardService;
  }
}
