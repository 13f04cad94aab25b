import type { RateLimitRule } from '../config.ts';
import { HttpError } from './http-error.ts';

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * A small in-memory fixed-window counter (one process). `assert` refuses with 429 once `max`
 * hits were counted inside the window; `hit` counts one; `reset` forgets a key (after a success).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  private bucket(key: string): Bucket | undefined {
    const b = this.buckets.get(key);
    if (b && b.resetAt <= this.now()) {
      this.buckets.delete(key);
      return undefined;
    }
    return b;
  }

  /** Milliseconds until the key may try again, 0 when it may now. */
  retryAfterMs(key: string): number {
    const b = this.bucket(key);
    return b && b.count >= this.rule.max ? b.resetAt - this.now() : 0;
  }

  assert(key: string): void {
    const wait = this.retryAfterMs(key);
    if (wait > 0) throw tooManyAttempts(wait);
  }

  hit(key: string): void {
    const now = this.now();
    const b = this.bucket(key);
    if (b) b.count += 1;
    else this.buckets.set(key, { count: 1, resetAt: now + this.rule.windowMs });
    if (this.buckets.size > 10_000) this.sweep();
  }

  reset(key: string): void {
    this.buckets.delete(key);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, b] of this.buckets) if (b.resetAt <= now) this.buckets.delete(key);
  }
}

export function tooManyAttempts(waitMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new HttpError(
    429,
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { 'retry-after': String(Math.ceil(waitMs / 1000)) },
  );
}
