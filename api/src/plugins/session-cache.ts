import type { RequestAdmin } from '../types.ts';

/** Sessions ended through any API replica, as the shared store records them (see plugins/auth.ts). */
export interface Revocations {
  add(jti: string): Promise<void>;
  has(jti: string): Promise<boolean>;
}

/**
 * Tokens checked in the last `ttlMs` (signature, claims and session row), by the token itself, so a
 * burst of calls from one console (a page loads several lists) costs one check instead of one per
 * call: neither the HMAC nor the session lookup is repeated. An entry never outlives its token's
 * `exp`. A logout or a new session (`revoke`) forgets the session's tokens here at once and, with
 * shared `revocations`, records the end for every replica: a cached token is served only after
 * `isRevoked` said no. A change made elsewhere (the CLI, SQL: a blocked admin) is seen within `ttlMs`
 * (SESSION_CACHE_MS, default 1 s).
 */
export class SessionCache {
  private readonly entries = new Map<string, { admin: RequestAdmin; until: number; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
    private readonly revocations?: Revocations,
  ) {}

  /** True when cached tokens must be checked against the shared revocations before use. */
  get shared(): boolean {
    return this.revocations !== undefined && this.ttlMs > 0;
  }

  /** Whether the session was ended through another replica (always false without shared revocations). */
  async isRevoked(jti: string): Promise<boolean> {
    return this.revocations ? this.revocations.has(jti) : false;
  }

  /** Ends the session's tokens: here at once, and on every replica through the shared revocations. */
  async revoke(jti: string): Promise<void> {
    this.forget(jti);
    await this.revocations?.add(jti);
  }

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

  /** Forgets every token of the session `jti` in this process only (use `revoke` for a session's end). */
  forget(jti: string): void {
    for (const [token, entry] of this.entries) if (entry.admin.jti === jti) this.entries.delete(token);
  }
}
