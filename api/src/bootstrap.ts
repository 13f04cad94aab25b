import type { Config } from './config.ts';
import { openDb } from './db/index.ts';
import { assertSchemaCurrent, migrate } from './db/migrate.ts';
import type { DbHandle } from './db/types.ts';
import { ensureAdmin } from './modules/auth/service.ts';
import { ensureDemoAdmins, type SeedSummary, seedIfEmpty } from './seed/index.ts';

export interface Prepared {
  db: DbHandle;
  migrations: string[];
  admin: Awaited<ReturnType<typeof ensureAdmin>>;
  seeded: SeedSummary | null;
}

export interface PrepareOptions {
  /**
   * Apply pending migrations (under the migration lock), the default. False (env MIGRATE=0, when a
   * one-shot `pnpm -C api migrate` step runs before the replicas): only check the schema is current.
   */
  migrate?: boolean;
}

/** MIGRATE=0 (or false/no): the API checks the schema instead of migrating it. */
export function migrateOnStart(env: NodeJS.ProcessEnv = process.env): boolean {
  return !/^(0|false|no)$/i.test(env.MIGRATE?.trim() ?? '');
}

/**
 * Opens the database, applies migrations (or checks there is none to apply), makes sure the first
 * admin exists and, in demo mode, the demo admin of each role, and seeds demo data once. A database
 * migrated by a newer version of the API, or behind this one with MIGRATE=0, is refused
 * (SchemaMismatchError): the API does not start on it.
 */
export async function prepare(
  config: Config,
  options: PrepareOptions = { migrate: migrateOnStart() },
): Promise<Prepared> {
  const db = await openDb(config);
  try {
    let migrations: string[] = [];
    if (options.migrate === false) await assertSchemaCurrent(db);
    else migrations = await migrate(db);
    const admin = await ensureAdmin(db, config);
    if (config.demo) await ensureDemoAdmins(db);
    const seeded = config.demo ? await seedIfEmpty(db) : null;
    return { db, migrations, admin, seeded };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
