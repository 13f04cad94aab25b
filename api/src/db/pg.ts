import pg from 'pg';
import { parsers } from './parsers.ts';
import type { Db, DbHandle } from './types.ts';

const types = {
  getTypeParser: ((oid: number, format?: string) => {
    const custom = parsers[oid];
    if (custom && format !== 'binary') return custom;
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

type Queryable = Pick<pg.PoolClient, 'query'>;

function runner(client: Queryable) {
  return {
    async query<T>(sql: string, params?: readonly unknown[]) {
      const res = await client.query(sql, params ? [...params] : undefined);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** PostgreSQL through a node-postgres pool (DATABASE_URL). Sessions run in UTC. */
export function createPgDb(connectionString: string, max = 10): DbHandle & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, types, options: '-c TimeZone=UTC' });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const transaction: Db['transaction'] = async (fn) => {
    const client = await pool.connect();
    const txDb: Db = { ...runner(client), transaction: (inner) => inner(txDb) };
    try {
      await client.query('BEGIN');
      const result = await fn(txDb);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  };
  return {
    ...runner(pool),
    transaction,
    driver: 'postgres',
    pool,
    close: () => pool.end(),
  };
}
