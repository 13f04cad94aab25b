import {
  type AttemptRule,
  type Counter,
  normalizeRule,
  type SharedStore,
  type Taken,
  takeStep,
} from './index.ts';

/**
 * The shared store of a single process (embedded PGlite): plain maps. Each operation runs without
 * an await in between, so it is atomic in Node's one thread.
 */
export class MemoryStore implements SharedStore {
  readonly kind = 'memory';
  private readonly counters = new Map<string, Counter>();
  private readonly values = new Map<string, { value: string; expiresAt: number }>();

  async take(key: string, rule: AttemptRule, now: number): Promise<Taken> {
    const { next, retryAfterMs } = takeStep(this.counters.get(key), normalizeRule(rule), now);
    if (next) {
      this.counters.set(key, next);
      if (this.counters.size > 10_000) this.sweep(now);
    }
    return { retryAfterMs };
  }

  async giveBack(key: string, rule: AttemptRule, now: number): Promise<void> {
    const c = this.counters.get(key);
    if (!c || c.expiresAt <= now) return;
    c.count = Math.max(0, c.count - 1);
    if (c.count < normalizeRule(rule).max) c.lockUntil = 0;
  }

  async lockedUntil(key: string, now: number): Promise<number> {
    const c = this.counters.get(key);
    return c && c.expiresAt > now && c.lockUntil > now ? c.lockUntil : 0;
  }

  async get(key: string): Promise<string | null> {
    const v = this.values.get(key);
    if (!v) return null;
    if (v.expiresAt > Date.now()) return v.value;
    this.values.delete(key);
    return null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.values.set(key, { value, expiresAt: Date.now() + ttlMs });
    if (this.values.size > 10_000) this.sweep(Date.now());
  }

  async del(keys: string[]): Promise<number> {
    let n = 0;
    for (const key of keys) {
      const had = this.counters.has(key) || this.values.has(key);
      this.counters.delete(key);
      this.values.delete(key);
      if (had) n++;
    }
    return n;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.counters.clear();
    this.values.clear();
  }

  private sweep(now: number): void {
    for (const [k, c] of this.counters) if (c.expiresAt <= now) this.counters.delete(k);
    for (const [k, v] of this.values) if (v.expiresAt <= Date.now()) this.values.delete(k);
  }
}
