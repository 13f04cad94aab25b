import type { Db } from '../../db/types.ts';
import { MemoryStore } from './memory.ts';
import { PostgresStore } from './postgres.ts';
import { connectRedisStore } from './redis.ts';

export type StoreKind = 'redis' | 'postgres' | 'memory';

/**
 * A limit on attempts under one key (a sign-in account, an IP, an admin's 2FA codes).
 * Without `lockMs`: a fixed window. The first attempt opens a window of `windowMs`; the `max`-th
 * attempt locks the key until the window ends.
 * With `lockMs`: a back-off. The `max`-th attempt locks the key for `lockMs`. Each further attempt
 * (one is allowed after each wait) locks it for twice as long as the previous one, up to `maxLockMs`.
 * The attempts are forgotten `windowMs` after the last lock ends.
 */
export interface AttemptRule {
  max: number;
  windowMs: number;
  lockMs?: number;
  maxLockMs?: number;
}

/** `retryAfterMs` 0: the attempt was counted and may go on; more: refused (locked), nothing counted. */
export interface Taken {
  retryAfterMs: number;
}

/**
 * State that every API replica must see the same way: sign-in counters and locks, revoked sessions,
 * the field-report limit of each console session. Redis (REDIS_URL), else PostgreSQL (a table of the
 * API's database), else the process's memory (embedded PGlite: one process only). Every operation is atomic on its own.
 * Counters are judged by the caller's clock (`now`, ms), so every replica and the tests agree.
 */
export interface SharedStore {
  readonly kind: StoreKind;
  /** Counts one attempt unless the key is locked (`AttemptRule`). Atomic: N parallel calls = N calls in a row. */
  take(key: string, rule: AttemptRule, now: number): Promise<Taken>;
  /** Un-counts one attempt (never below 0) and lifts the lock when the count falls below `rule.max`. */
  giveBack(key: string, rule: AttemptRule, now: number): Promise<void>;
  /** Until when the counter `key` is locked (epoch ms; 0 = not locked), without counting anything. */
  lockedUntil(key: string, now: number): Promise<number>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Deletes keys (values or counters); returns how many existed. */
  del(keys: string[]): Promise<number>;
  /** Resolves when the store answers (readiness); the memory and SQL stores have nothing of their own to ask. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The rule with its defaults filled in, as the three stores expect it. */
export function normalizeRule(rule: AttemptRule): Required<AttemptRule> {
  const lockMs = Math.max(0, Math.floor(rule.lockMs ?? 0));
  return {
    max: Math.max(1, Math.floor(rule.max)),
    windowMs: Math.max(1, Math.floor(rule.windowMs)),
    lockMs,
    maxLockMs: Math.max(lockMs, Math.floor(rule.maxLockMs ?? lockMs)),
  };
}

export interface Counter {
  count: number;
  /** Locked while now < lockUntil (0 = not locked). */
  lockUntil: number;
  /** The counter is forgotten from then on. */
  expiresAt: number;
}

/**
 * One `take` on a counter (the memory store runs it; redis.ts and 007_shared_state.sql are the same
 * steps in Lua and PL/pgSQL, and test/shared-store.test.ts runs one contract against all three).
 */
export function takeStep(
  current: Counter | undefined,
  rule: Required<AttemptRule>,
  now: number,
): { next?: Counter; retryAfterMs: number } {
  const s = current && current.expiresAt > now ? current : undefined;
  if (s && now < s.lockUntil) return { retryAfterMs: s.lockUntil - now };
  const count = (s?.count ?? 0) + 1;
  let lockUntil = 0;
  let expiresAt: number;
  if (rule.lockMs > 0) {
    if (count >= rule.max)
      lockUntil = now + Math.min(rule.maxLockMs, rule.lockMs * 2 ** Math.min(count - rule.max, 30));
    expiresAt = Math.max(now, lockUntil) + rule.windowMs;
  } else {
    expiresAt = s?.expiresAt ?? now + rule.windowMs;
    if (count >= rule.max) lockUntil = expiresAt;
  }
  return { next: { count, lockUntil, expiresAt }, retryAfterMs: 0 };
}

export interface StoreChoice {
  redisUrl?: string | undefined;
  /** Key prefix (tests use one per test). */
  prefix?: string;
  /** REDIS_TIMEOUT_MS: how long a call waits for Redis before it fails (redis.ts). */
  redisTimeoutMs?: number;
}

/**
 * REDIS_URL -> Redis; else a PostgreSQL database (DATABASE_URL) -> its `shared_state` table; else
 * (embedded PGlite, one process by design) the process's memory.
 */
export async function openSharedStore(
  choice: StoreChoice,
  db?: Db & { driver?: string },
): Promise<SharedStore> {
  const prefix = choice.prefix ?? 'bo:';
  if (choice.redisUrl) return connectRedisStore(choice.redisUrl, prefix, choice.redisTimeoutMs);
  if (db?.driver === 'postgres') return new PostgresStore(db, prefix);
  return new MemoryStore();
}

/** For the start-up log line. */
export function describeStore(store: SharedStore): string {
  if (store.kind === 'redis') return 'Redis (REDIS_URL)';
  if (store.kind === 'postgres') return 'PostgreSQL (table shared_state)';
  return 'process memory (embedded database: one API process)';
}

export { MemoryStore, PostgresStore };

declare module 'fastify' {
  interface FastifyInstance {
    /** State shared by every API replica (lib/shared-store). */
    store: SharedStore;
  }
}
