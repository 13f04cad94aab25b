import type { RequestAdmin } from '../types.ts';

/**
 * Tokens checked in the last `ttlMs` (signature, claims and session row), by the token itself, so a
 * burst of calls from one console (a page loads several lists) costs one check instead of one per
 * call: neither the HMAC nor the session lookup is repeated. An entry never outlives its token's
 * `exp`. A logout or a new session through this process forgets the session's tokens at once; a
 * change made elsewhere (another API process, the CLI, SQL) is seen within `ttlMs` (SESSION_CACHE_MS,
 * default 1 s).
 */
export class SessionCache {
  private readonly entries = new Map<string, { admin: RequestAdmin; until: number; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  get(token: string): RequestAdmin | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    // The token's expiry is judged by the wall clock, as the JWT verifier judges it.
    if (entry.until > this.now() && entry.expiresAt > Date.now()) return entry.admin;
    this.entries.delete(token);
    return undefined;
  }

  /** `expiresAt`: the token's own expiry (ms since the epoch). */
  set(token: string, admin: RequestAdmin, expiresAt: number): void {
    if (this.ttlMs <= 0) return;
    // Bounded: when full, start over rather than track ages (the next calls simply check again).
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(token, { admin, until: this.now() + this.ttlMs, expiresAt });
  }

  /** Forgets every token of the session `jti` (logout, 2FA enabled). */
  forget(jti: string): void {
    for (const [token, entry] of this.entries) if (entry.admin.jti === jti) this.entries.delete(token);
  }
}
