import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgCursor } from '../src/db/cursor.ts';
import { isConnectionLost } from '../src/db/errors.ts';
import type { DbHandle, RowCursor } from '../src/db/types.ts';
import { driver, freshDb } from './helpers.ts';

/**
 * The export cursor (db.openCursor): on both drivers its rows are the rows of db.query. On PostgreSQL
 * each FETCH reads the protocol itself (FetchBatch in src/db/cursor.ts): a FETCH that fails, a lost
 * connection and the client-side read timeout reject next() and leave the pool as it should be.
 */

/** 5,000 rows of every kind of value the API reads, with NULLs, in a fixed order. */
const VALUES = `
  SELECT i AS id, i::int8 * 3 AS big, (i * 0.125)::numeric(20, 8) AS amount, 'row ' || i AS label,
         CASE WHEN i % 3 = 0 THEN NULL ELSE 'x' || i END AS maybe, i % 2 = 0 AS even,
         timestamptz '2025-01-01 00:00:00+00' + i * interval '1.5 seconds' AS at, date '2025-01-01' + i AS day,
         jsonb_build_object('i', i) AS doc, ARRAY[i, i + 1] AS pair
    FROM generate_series(1, 5000) i
   ORDER BY i`;

async function readAll<T>(cursor: RowCursor<T>): Promise<T[]> {
  const rows: T[] = [];
  try {
    for (let batch = await cursor.next(); batch.length; batch = await cursor.next()) rows.push(...batch);
  } finally {
    await cursor.close();
  }
  return rows;
}

describe('export cursor', () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(() => db.close());

  /** Pool connections checked out (PostgreSQL); 0 on PGlite, which has none. */
  const busy = () => {
    const pool = (db as unknown as { pool?: pg.Pool }).pool;
    return pool ? pool.totalCount - pool.idleCount : 0;
  };

  it('gives the rows db.query gives: the same values, types, NULLs, keys and order, in batches', async () => {
    const expected = await db.query(VALUES);
    const cursor = await db.openCursor({ text: VALUES, values: [] }, { batchSize: 2000 });
    const rows = await readAll(cursor);
    expect(rows).toEqual(expected);
    expect(rows.map((r) => Object.keys(r).join())).toEqual(expected.map((r) => Object.keys(r).join()));
    expect(busy()).toBe(0);
  });
});

describe.runIf(driver === 'postgres')('export cursor on PostgreSQL: failures', () => {
  let db: DbHandle & { pool: pg.Pool };
  beforeAll(async () => {
    db = (await freshDb()) as DbHandle & { pool: pg.Pool };
  });
  afterAll(() => db.close());

  it('a FETCH that fails mid-export rejects next(), and close() gives back a connection that works', async () => {
    // Row 2,500 divides by zero: the first FETCH (rows 1-2,000) succeeds, the second fails. (PGlite's
    // cursor is WITH HOLD, computed in full when opened: there the same error comes from openCursor.)
    const cursor = await db.openCursor(
      { text: 'SELECT i, 10 / (i - 2500) AS q FROM generate_series(1, 5000) i', values: [] },
      { batchSize: 2000 },
    );
    expect(await cursor.next()).toHaveLength(2000);
    await expect(cursor.next()).rejects.toMatchObject({ code: '22012' });
    await cursor.close();
    expect(db.pool.totalCount - db.pool.idleCount).toBe(0);
    expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
  });

  it('lost between two FETCHes: next() fails as a lost connection, close() drops it, the pool goes on', async () => {
    const cursor = await db.openCursor({ text: VALUES, values: [] }, { batchSize: 2000 });
    expect(await cursor.next()).toHaveLength(2000);
    await db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'FETCH FORWARD%'`,
    );
    const failure = await cursor.next().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isConnectionLost(failure)).toBe(true);
    await cursor.close();
    expect(db.pool.totalCount - db.pool.idleCount).toBe(0);
    expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
  });

  it("a FETCH unanswered within the client's query_timeout fails with 'Query read timeout'", async () => {
    const pool = new pg.Pool({
      connectionString: db.pool.options.connectionString,
      max: 1,
      query_timeout: 500,
    });
    pool.on('error', () => {});
    try {
      // The second FETCH takes 3 s (pg_sleep on row 2,001): beyond the 500 ms the client waits.
      const cursor = await openPgCursor<{ i: number }>(
        pool,
        {
          text: 'SELECT i, pg_sleep(CASE WHEN i = 2001 THEN 3 ELSE 0 END) FROM generate_series(1, 3000) i',
          values: [],
        },
        { batchSize: 2000 },
      );
      expect(await cursor.next()).toHaveLength(2000);
      const started = Date.now();
      await expect(cursor.next()).rejects.toThrow('Query read timeout');
      expect(Date.now() - started).toBeLessThan(2500);
      await cursor.close();
      // The connection was dropped, not given back mid-query: the next caller gets a fresh one.
      expect(pool.totalCount).toBe(0);
      expect((await pool.query('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await pool.end();
    }
  });
});
