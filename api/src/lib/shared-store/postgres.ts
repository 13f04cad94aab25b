import type { Db } from '../../db/types.ts';
import { type AttemptRule, normalizeRule, type SharedStore, type Taken } from './index.ts';

const SWEEP_EVERY_MS = 60_000;

/**
 * The shared store in the API's PostgreSQL database (table `shared_state`, 007_shared_state.sql),
 * for replicas that have no Redis. Counters go through `shared_take` (one statement, atomic); dead
 * rows are deleted at most once a minute per process, by whoever writes.
 */
export class PostgresStore implements SharedStore {
  readonly kind = 'postgres';
  private lastSweep = Date.now();

  constructor(
    private readonly db: Db,
    private readonly prefix = '',
  ) {}

  async take(key: string, rule: AttemptRule, now: number): Promise<Taken> {
    this.maybeSweep();
    const r = normalizeRule(rule);
    const [row] = await this.db.query<{ wait: string | number }>(
      'SELECT shared_take($1, $2, $3, $4, $5, $6) AS wait',
      [this.prefix + key, Math.floor(now), r.max, r.windowMs, r.lockMs, r.maxLockMs],
    );
    return { retryAfterMs: Number(row?.wait ?? 0) };
  }

  async giveBack(key: string, rule: AttemptRule, now: number): Promise<void> {
    await this.db.query(
      `UPDATE shared_state
          SET count = greatest(count - 1, 0),
              lock_until = CASE WHEN count - 1 < $3 THEN 0 ELSE lock_until END
        WHERE key = $1 AND expires_at > $2`,
      [this.prefix + key, Math.floor(now), normalizeRule(rule).max],
    );
  }

  async lockedUntil(key: string, now: number): Promise<number> {
    const [row] = await this.db.query<{ lock_until: string | number }>(
      'SELECT lock_until FROM shared_state WHERE key = $1 AND expires_at > $2 AND lock_until > $2',
      [this.prefix + key, Math.floor(now)],
    );
    return row ? Number(row.lock_until) : 0;
  }

  async get(key: string): Promise<string | null> {
    const [row] = await this.db.query<{ value: string | null }>(
      'SELECT value FROM shared_state WHERE key = $1 AND expires_at > $2',
      [this.prefix + key, Date.now()],
    );
    return row?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.maybeSweep();
    await this.db.query(
      `INSERT INTO shared_state (key, value, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE
         SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at, count = 0, lock_until = 0`,
      [this.prefix + key, value, Date.now() + Math.ceil(ttlMs)],
    );
  }

  async del(keys: string[]): Promise<number> {
    if (!keys.length) return 0;
    const rows = await this.db.query('DELETE FROM shared_state WHERE key = ANY($1::text[]) RETURNING key', [
      keys.map((k) => this.prefix + k),
    ]);
    return rows.length;
  }

  /** The table lives in the API's database: readiness checks that database already. */
  async ping(): Promise<void> {}

  async close(): Promise<void> {}

  private maybeSweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    // Best effort: a failed sweep is retried a minute later.
    this.db.query('DELETE FROM shared_state WHERE expires_at < $1', [now]).catch(() => {});
  }
}
