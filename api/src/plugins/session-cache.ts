import type { SessionRow } from '../modules/auth/repository.ts';

/**
 * Sessions checked in the last `ttlMs`, so a burst of calls from one console (a page loads several
 * lists) costs one session lookup instead of one per call. A logout or a new session through this
 * process forgets the entry at once; a change made elsewhere (another API process, the CLI, SQL) is
 * seen within `ttlMs` (SESSION_CACHE_MS, default 1 s).
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: SessionRow; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  get(jti: string): SessionRow | undefined {
    const entry = this.entries.get(jti);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.session;
    this.entries.delete(jti);
    return undefined;
  }

  set(jti: string, session: SessionRow): void {
    if (this.ttlMs <= 0) return;
    // Bounded: when full, start over rather than track ages (the next calls simply ask the database).
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(jti, { session, until: this.now() + this.ttlMs });
  }

  forget(jti: string): void {
    this.entries.delete(jti);
  }
}
