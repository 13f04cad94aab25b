import { Redis } from 'ioredis';
import { type AttemptRule, normalizeRule, type SharedStore, type Taken } from './index.ts';

// takeStep (index.ts) in Lua: one script runs atomically in Redis. KEYS[1]; ARGV: now, max, windowMs,
// lockMs, maxLockMs. Returns the wait in ms (0 = counted). The hash holds c (count), l (lock until),
// e (forgotten at); the key's own expiry only cleans up, the logic follows `now`.
const TAKE = `
local now = tonumber(ARGV[1])
local max, windowMs, lockMs, maxLockMs = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local v = redis.call('HMGET', KEYS[1], 'c', 'l', 'e')
local count, lockUntil, expiresAt = tonumber(v[1]), tonumber(v[2]), tonumber(v[3])
if count == nil or expiresAt == nil or expiresAt <= now then
  count, lockUntil, expiresAt = 0, 0, nil
end
if now < lockUntil then return lockUntil - now end
count = count + 1
lockUntil = 0
if lockMs > 0 then
  if count >= max then
    lockUntil = now + math.min(maxLockMs, lockMs * 2 ^ math.min(count - max, 30))
  end
  expiresAt = math.max(now, lockUntil) + windowMs
else
  if expiresAt == nil then expiresAt = now + windowMs end
  if count >= max then lockUntil = expiresAt end
end
redis.call('HSET', KEYS[1], 'c', count, 'l', string.format('%d', lockUntil), 'e', string.format('%d', expiresAt))
redis.call('PEXPIRE', KEYS[1], math.max(1000, expiresAt - now))
return 0
`;

// ARGV: now, max. Un-counts one attempt; lifts the lock below max.
const GIVE_BACK = `
local now, max = tonumber(ARGV[1]), tonumber(ARGV[2])
local v = redis.call('HMGET', KEYS[1], 'c', 'e')
local count, expiresAt = tonumber(v[1]), tonumber(v[2])
if count == nil or expiresAt == nil or expiresAt <= now then return 0 end
count = math.max(0, count - 1)
redis.call('HSET', KEYS[1], 'c', count)
if count < max then redis.call('HSET', KEYS[1], 'l', 0) end
return 0
`;

type Scripted = Redis & {
  take(key: string, ...args: number[]): Promise<number>;
  giveBack(key: string, ...args: number[]): Promise<number>;
};

/** Redis that does not answer (down, frozen, or reconnecting) is a 503, like a lost database. */
class RedisUnavailableError extends Error {
  readonly unavailable = true;
}

/** How long the store waits for Redis (REDIS_TIMEOUT_MS): a request that needs it answers 503 within about that. */
export const DEFAULT_REDIS_TIMEOUT_MS = 500;

export class RedisStore implements SharedStore {
  readonly kind = 'redis';

  constructor(private readonly redis: Scripted) {}

  /** `command`, its outage errors made RedisUnavailableError (saying whether the connection is even up). */
  private reach<T>(command: Promise<T>): Promise<T> {
    return command.catch((err: unknown) => {
      // A script error or a wrong type is a bug, not an outage: leave it a 500.
      if (err instanceof Error && /^(ERR|WRONGTYPE|NOSCRIPT)/.test(err.message)) throw err;
      const why =
        this.redis.status !== 'ready' ? 'not connected' : err instanceof Error ? err.message : String(err);
      throw new RedisUnavailableError(`Redis does not answer (${why})`, { cause: err });
    });
  }

  async take(key: string, rule: AttemptRule, now: number): Promise<Taken> {
    const r = normalizeRule(rule);
    const wait = await this.reach(
      this.redis.take(key, Math.floor(now), r.max, r.windowMs, r.lockMs, r.maxLockMs),
    );
    return { retryAfterMs: Number(wait) };
  }

  async giveBack(key: string, rule: AttemptRule, now: number): Promise<void> {
    await this.reach(this.redis.giveBack(key, Math.floor(now), normalizeRule(rule).max));
  }

  async lockedUntil(key: string, now: number): Promise<number> {
    const type = await this.reach(this.redis.type(key));
    if (type !== 'hash') return 0;
    const [l, e] = await this.reach(this.redis.hmget(key, 'l', 'e'));
    const lockUntil = Number(l ?? 0);
    return Number(e ?? 0) > now && lockUntil > now ? lockUntil : 0;
  }

  get(key: string): Promise<string | null> {
    return this.reach(this.redis.get(key));
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.reach(this.redis.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs))));
  }

  async del(keys: string[]): Promise<number> {
    return keys.length ? this.reach(this.redis.del(...keys)) : 0;
  }

  /**
   * PING on the connection the requests use (readiness): ioredis multiplexes one connection, there is
   * no pool to exhaust, so when this fails the calls that need Redis fail on this replica too.
   */
  async ping(): Promise<void> {
    await this.reach(this.redis.ping());
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * Connects (and fails at once when Redis does not answer, rather than letting replicas drift apart
 * on private state). Every key is prefixed with `prefix`.
 *
 * Once connected, an outage costs a request at most `timeoutMs` (docs/operations.md: calls hung 10-15 s):
 * - a command without an answer in `timeoutMs` fails (commandTimeout), and a socket that received
 *   nothing for twice that long after a write is dropped (socketTimeout): a frozen server or a silent
 *   partition is noticed like a closed connection, and unanswered commands do not pile up on it;
 * - while not connected, commands fail at once (no offline queue to pile up and replay later);
 * - commands in flight on a lost connection are not sent again after the reconnection (a `take`
 *   would count twice): their callers already got their 503;
 * - reconnection is tried forever, at most `timeoutMs` apart after the first attempts, so the store
 *   recovers by itself within about a second of Redis coming back.
 */
export async function connectRedisStore(
  url: string,
  prefix: string,
  timeoutMs = DEFAULT_REDIS_TIMEOUT_MS,
): Promise<RedisStore> {
  const redis = new Redis(url, {
    keyPrefix: prefix,
    lazyConnect: true,
    // A connection (a TLS handshake to a managed Redis) may need more than a command; requests do not
    // wait for it either way (no offline queue).
    connectTimeout: Math.max(timeoutMs, 1000),
    commandTimeout: timeoutMs,
    // Twice as long: an event loop stalled past one timeout costs those calls, not the connection.
    socketTimeout: timeoutMs * 2,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (attempt) => Math.min(attempt * 50, timeoutMs),
  });
  redis.defineCommand('take', { numberOfKeys: 1, lua: TAKE });
  redis.defineCommand('giveBack', { numberOfKeys: 1, lua: GIVE_BACK });
  // Without a listener, ioredis prints every reconnection error; the failed commands say enough.
  let lastError: Error | undefined;
  redis.on('error', (err: Error) => {
    lastError = err;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    const why = lastError ?? (err instanceof Error ? err : new Error(String(err)));
    throw new Error(`REDIS_URL: cannot reach Redis at ${new URL(url).host} (${why.message})`);
  }
  return new RedisStore(redis as Scripted);
}
