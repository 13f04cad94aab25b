import type { Config } from './config.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import type { DbHandle } from './db/types.ts';
import { ensureAdmin } from './modules/auth/service.ts';
import { ensureDemoAdmins, type SeedSummary, seedIfEmpty } from './seed/index.ts';

export interface Prepared {
  db: DbHandle;
  migrations: string[];
  admin: Awaited<ReturnType<typeof ensureAdmin>>;
  seeded: SeedSummary | null;
}

/**
 * Opens the database, applies migrations, makes sure the first admin exists and, in demo mode, the demo
 * admin of each role, and seeds demo data once.
 */
export async function prepare(config: Config): Promise<Prepared> {
  const db = await openDb(config);
  try {
    const migrations = await migrate(db);
    const admin = await ensureAdmin(db, config);
    if (config.demo) await ensureDemoAdmins(db);
    const seeded = config.demo ? await seedIfEmpty(db) : null;
    return { db, migrations, admin, seeded };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
