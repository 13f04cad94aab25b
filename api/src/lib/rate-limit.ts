import { HttpError } from './http-error.ts';
import type { AttemptRule, SharedStore } from './shared-store/index.ts';

/**
 * Attempt limits kept in the shared store, so every API replica counts the same attempts.
 * An attempt is reserved (counted) BEFORE the password or code is checked, atomically: N parallel
 * wrong guesses are limited exactly as N guesses in a row. After the check, a success `reset`s the
 * key (back-off rules) or `release`s the reservation (per-IP window: only failures count).
 */
export class AttemptLimiter {
  constructor(
    private readonly store: SharedStore,
    readonly rule: AttemptRule,
    private readonly now: () => number = Date.now,
    /** Keeps this limiter's keys apart from others' (e.g. 'login:ip:'). */
    private readonly namespace = '',
  ) {}

  /** Counts one attempt, or throws 429 (with Retry-After) while the key is locked. */
  async reserve(key: string): Promise<void> {
    const { retryAfterMs } = await this.store.take(this.namespace + key, this.rule, this.now());
    if (retryAfterMs > 0) throw tooManyAttempts(retryAfterMs);
  }

  /** Un-counts a reserved attempt that turned out not to be a failure. */
  release(key: string): Promise<void> {
    return this.store.giveBack(this.namespace + key, this.rule, this.now());
  }

  /** Forgets every attempt of the key (a success; `unlock-admin`). */
  async reset(key: string): Promise<void> {
    await this.store.del([this.namespace + key]);
  }
}

export function tooManyAttempts(waitMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new HttpError(
    429,
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfter(waitMs),
  );
}

/** A call past its per-admin limit (RouteDef.callLimit): the wait in seconds under a minute. */
export function tooManyRequests(waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new HttpError(429, `Too many requests. Please try again in ${wait}.`, retryAfter(waitMs));
}

const retryAfter = (waitMs: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) });

/** Key namespaces of the sign-in limits (account and 2FA keys are the admin's lower-case email). */
export const LOGIN_LIMIT_KEYS = {
  ip: 'login:ip:',
  account: 'login:account:',
  twoFactor: 'login:2fa:',
} as const;

/**
 * Until when the account's sign-in (or its 2FA codes) is locked, epoch ms (0 = not locked): the later of
 * the two locks `unlockAccount` lifts.
 */
export async function accountLockedUntil(store: SharedStore, email: string, now: number): Promise<number> {
  const key = email.trim().toLowerCase();
  const [account, code] = await Promise.all([
    store.lockedUntil(LOGIN_LIMIT_KEYS.account + key, now),
    store.lockedUntil(LOGIN_LIMIT_KEYS.twoFactor + key, now),
  ]);
  return Math.max(account, code);
}

/** `unlock-admin`: forgets the failed sign-ins and 2FA codes of an account. Returns the keys removed. */
export function unlockAccount(store: SharedStore, email: string): Promise<number> {
  const key = email.trim().toLowerCase();
  return store.del([LOGIN_LIMIT_KEYS.account + key, LOGIN_LIMIT_KEYS.twoFactor + key]);
}
