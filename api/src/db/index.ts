import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { createPgDb } from './pg.ts';
import { createPgliteDb } from './pglite.ts';
import type { DbHandle } from './types.ts';

export type { Db, DbHandle } from './types.ts';

export interface OpenDbOptions {
  /**
   * Scripts (seed, create-admin) run long statements on purpose: they pass false to run without the
   * statement, lock and idle timeouts of config.db. Default true (the API).
   */
  timeouts?: boolean;
}

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite persisted in `${DATA_DIR}/db`. The PostgreSQL pool
 * carries the timeouts of config.db; PGlite (one in-process connection, no lock waits between sessions)
 * does without them.
 */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'db'>>,
  options: OpenDbOptions = {},
): Promise<DbHandle> {
  if (config.databaseUrl) {
    const timeouts = options.timeouts === false ? undefined : config.db;
    return createPgDb(config.databaseUrl, { timeouts });
  }
  return createPgliteDb({ dataDir: resolve(config.dataDir, 'db') });
}
