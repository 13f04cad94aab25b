import type { DashboardStats } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import { computeDashboardStats } from './repository.ts';

/**
 * Dashboard stats with a short in-memory cache (STATS_CACHE_MS, 0 = none): the figures scan
 * whole tables, which takes a while on millions of rows. `refresh` and every write the API makes
 * (`invalidate`) drop the cache.
 */
export class DashboardService {
  private cached: { at: number; stats: DashboardStats } | undefined;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async stats(): Promise<DashboardStats> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.stats;
    return this.refresh();
  }

  /** Recomputes now. */
  async refresh(): Promise<DashboardStats> {
    const stats = await computeDashboardStats(this.db);
    this.cached = this.ttlMs > 0 ? { at: Date.now(), stats } : undefined;
    return stats;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
