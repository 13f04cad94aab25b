import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { openPgliteCursor } from './cursor.ts';
import { parsers } from './parsers.ts';
import { retryConflicts } from './retry.ts';
import type { Db, DbHandle } from './types.ts';

type Runner = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(runner: Runner, transaction: Db['transaction']): Db {
  return {
    async query<T>(sql: string, params?: readonly unknown[]) {
      const res = await runner.query<T>(sql, params ? [...params] : undefined);
      return res.rows;
    },
    async exec(sql: string) {
      await runner.exec(sql);
    },
    transaction,
  };
}

export interface PgliteOptions {
  /** Directory of the database files; unset = in memory. */
  dataDir?: string;
  /** Start from a dump made by `dumpDataDir` (tests load a migrated template this way). */
  loadDataDir?: Blob;
}

/** Embedded PostgreSQL (WASM). One connection: PGlite serialises queries and transactions itself. */
export async function createPgliteDb(options: PgliteOptions = {}): Promise<DbHandle & { pglite: PGlite }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers,
  });
  // One connection has no deadlocks, but a trigger or function may still raise 40001: retried as on
  // PostgreSQL (db/retry.ts), so both drivers behave alike.
  const transaction: Db['transaction'] = (fn) =>
    retryConflicts(() =>
      pglite.transaction((tx) => {
        const txDb: Db = wrap(tx, (inner) => inner(txDb));
        return fn(txDb);
      }),
    );
  const db = wrap(pglite, transaction);
  return {
    ...db,
    driver: 'pglite',
    pglite,
    openCursor: (statement, cursorOptions) => openPgliteCursor(pglite, statement, cursorOptions),
    // One process, one connection: the ping waits its turn like any query (the caller bounds the wait).
    ping: async () => {
      await db.query('SELECT 1');
    },
    // One process: PGlite delivers its own NOTIFYs after the COMMIT, as PostgreSQL does.
    listen: async (channel, onPayload) => {
      const stop = await pglite.listen(channel, onPayload);
      // A database closed first (a test's outage, the shutdown's order) has no listener left to remove.
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    close: () => pglite.close(),
  };
}
