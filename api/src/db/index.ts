import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { createPgDb } from './pg.ts';
import { createPgliteDb } from './pglite.ts';
import type { DbHandle } from './types.ts';

export type { Db, DbHandle } from './types.ts';

/** PostgreSQL when DATABASE_URL is set, else PGlite persisted in `${DATA_DIR}/db`. */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<DbHandle> {
  if (config.databaseUrl) return createPgDb(config.databaseUrl);
  return createPgliteDb({ dataDir: resolve(config.dataDir, 'db') });
}
