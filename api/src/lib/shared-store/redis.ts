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

/** Redis that does not answer (down, or reconnecting past the retries) is a 503, like a lost database. */
class RedisUnavailableError extends Error {
  readonly unavailable = true;
}

function reach<T>(command: Promise<T>): Promise<T> {
  return command.catch((err: unknown) => {
    // A script error or a wrong type is a bug, not an outage: leave it a 500.
    if (err instanceof Error && /^(ERR|WRONGTYPE|NOSCRIPT)/.test(err.message)) throw err;
    throw new RedisUnavailableError('Redis does not answer', { cause: err });
  });
}

export class RedisStore implements SharedStore {
  readonly kind = 'redis';

  constructor(private readonly redis: Scripted) {}

  async take(key: string, rule: AttemptRule, now: number): Promise<Taken> {
    const r = normalizeRule(rule);
    const wait = await reach(this.redis.take(key, Math.floor(now), r.max, r.windowMs, r.lockMs, r.maxLockMs));
    return { retryAfterMs: Number(wait) };
  }

  async giveBack(key: string, rule: AttemptRule, now: number): Promise<void> {
    await reach(this.redis.giveBack(key, Math.floor(now), normalizeRule(rule).max));
  }

  async lockedUntil(key: string, now: number): Promise<number> {
    const type = await reach(this.redis.type(key));
    if (type !== 'hash') return 0;
    const [l, e] = await reach(this.redis.hmget(key, 'l', 'e'));
    const lockUntil = Number(l ?? 0);
    return Number(e ?? 0) > now && lockUntil > now ? lockUntil : 0;
  }

  get(key: string): Promise<string | null> {
    return reach(this.redis.get(key));
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await reach(this.redis.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs))));
  }

  async del(keys: string[]): Promise<number> {
    return keys.length ? reach(this.redis.del(...keys)) : 0;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * Connects (and fails at once when Redis does not answer, rather than letting replicas drift apart
 * on private state). Every key is prefixed with `prefix`.
 */
export async function connectRedisStore(url: string, prefix: string): Promise<RedisStore> {
  const redis = new Redis(url, {
    keyPrefix: prefix,
    lazyConnect: true,
    connectTimeout: 5000,
    // A command fails after a short outage instead of waiting forever (the request then answers 503).
    maxRetriesPerRequest: 2,
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
