import type pg from 'pg';
import { Gauge, Histogram, type Registry } from 'prom-client';
import type { DbHandle } from '../../db/types.ts';

/** The node-postgres pool behind a PostgreSQL handle (db/pg.ts); PGlite has none (one embedded connection). */
export function poolOf(db: DbHandle): pg.Pool | undefined {
  const pool = (db as { pool?: unknown }).pool;
  return db.driver === 'postgres' && pool && typeof (pool as pg.Pool).connect === 'function'
    ? (pool as pg.Pool)
    : undefined;
}

/** pool.connect in both of its forms: with a callback (what pool.query uses) or returning a promise. */
type AnyConnect = (this: pg.Pool, callback?: (...args: unknown[]) => void) => unknown;

/**
 * Pool use (connections open, idle, requests waiting for one; read at scrape time) and how long each
 * checkout waited, measured by wrapping the pool's connect() (pool.query goes through it too). Returns
 * the function that unwraps it.
 */
export function instrumentPool(pool: pg.Pool, registry: Registry): () => void {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge(
    'backoffice_db_pool_max',
    'Largest number of PostgreSQL connections the pool opens',
    () => pool.options.max,
  );
  gauge('backoffice_db_pool_connections', 'PostgreSQL connections open in the pool', () => pool.totalCount);
  gauge('backoffice_db_pool_idle', 'Open PostgreSQL connections nobody is using', () => pool.idleCount);
  gauge('backoffice_db_pool_waiting', 'Queries waiting for a free pool connection', () => pool.waitingCount);
  const wait = new Histogram({
    name: 'backoffice_db_pool_wait_seconds',
    help: 'Time a query or transaction waited for a pool connection (a new one included)',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const original = pool.connect as unknown as AnyConnect;
  const timed: AnyConnect = function (callback) {
    const stop = wait.startTimer();
    if (typeof callback === 'function')
      return original.call(this, (...args) => {
        stop();
        callback(...args);
      });
    return (original.call(this) as Promise<pg.PoolClient>).finally(stop);
  };
  pool.connect = timed as unknown as pg.Pool['connect'];
  return () => {
    if (pool.connect === (timed as unknown)) pool.connect = original as unknown as pg.Pool['connect'];
  };
}
