import { randomUUID } from 'node:crypto';
import type { RequestAdmin } from '../types.ts';

/**
 * What the shared store records of a session, by its jti (see plugins/auth.ts): 'ended', or a change
 * mark (`changed:<uuid>`, a new one per change) when its admin's roles or state changed.
 */
export interface Revocations {
  put(jti: string, record: string): Promise<void>;
  get(jti: string): Promise<string | null>;
}

const ENDED = 'ended';
const CHANGE_PREFIX = 'changed:';

/** What a cached token is worth right now (`lookup`). */
export type Lookup =
  /** Cached and still good. */
  | { admin: RequestAdmin }
  /** Ended through some replica: refuse. */
  | { ended: true }
  /** Check the token in full; remember it under `mark` (the change mark read, if any). */
  | { mark: string | null };

/**
 * Tokens checked in the last `ttlMs` (signature, claims and session row), by the token itself, so a
 * burst of calls from one console (a page loads several lists) costs one check instead of one per
 * call: neither the HMAC nor the session lookup is repeated. An entry never outlives its token's
 * `exp`. A logout or a new session (`revoke`) forgets the session's tokens here at once and, with
 * shared `revocations`, records the end for every replica: a cached token is served only after
 * the shared record said it is neither ended nor changed since it was checked. A change of the admin
 * made through the API (roles, disable, 2FA reset: `changed`) is thus seen by the very next call on
 * any replica; one made elsewhere (SQL) within `ttlMs` (SESSION_CACHE_MS, default 1 s).
 */
export class SessionCache {
  private readonly entries = new Map<
    string,
    { admin: RequestAdmin; until: number; expiresAt: number; mark: string | null }
  >();

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

  /**
   * The cached admin of `token` if it may be served: with shared revocations only after reading the
   * session's shared record (a store that does not answer sends the token to the full check).
   */
  async lookup(token: string): Promise<Lookup> {
    const entry = this.entry(token);
    if (!entry) return { mark: null };
    if (!this.shared || !this.revocations) return { admin: entry.admin };
    const jti = entry.admin.jti;
    let record: string | null;
    try {
      record = await this.revocations.get(jti);
    } catch {
      this.forget(jti);
      return { mark: null };
    }
    if (record !== null && !record.startsWith(CHANGE_PREFIX)) {
      this.forget(jti);
      return { ended: true };
    }
    if (record === entry.mark) return { admin: entry.admin };
    this.forget(jti);
    return { mark: record };
  }

  /** Ends the session's tokens: here at once, and on every replica through the shared revocations. */
  async revoke(jti: string): Promise<void> {
    this.forget(jti);
    await this.revocations?.put(jti, ENDED);
  }

  /**
   * The session's admin changed (roles, status, 2FA): every replica checks its tokens again at their
   * next call. The session row stays the judge, so a mark that overwrites an end still refuses.
   */
  async changed(jti: string): Promise<void> {
    this.forget(jti);
    await this.revocations?.put(jti, CHANGE_PREFIX + randomUUID());
  }

  /** The cached admin, without consulting the shared revocations (`lookup` does). */
  get(token: string): RequestAdmin | undefined {
    return this.entry(token)?.admin;
  }

  /** `expiresAt`: the token's own expiry (ms since the epoch); `mark`: the change mark it was checked under. */
  set(token: string, admin: RequestAdmin, expiresAt: number, mark: string | null = null): void {
    if (this.ttlMs <= 0) return;
    // Bounded: when full, start over rather than track ages (the next calls simply check again).
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(token, { admin, until: this.now() + this.ttlMs, expiresAt, mark });
  }

  /** Forgets every token of the session `jti` in this process only (use `revoke` for a session's end). */
  forget(jti: string): void {
    for (const [token, entry] of this.entries) if (entry.admin.jti === jti) this.entries.delete(token);
  }

  private entry(token: string) {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    // The token's expiry is judged by the wall clock, as the JWT verifier judges it.
    if (entry.until > this.now() && entry.expiresAt > Date.now()) return entry;
    this.entries.delete(token);
    return undefined;
  }
}
