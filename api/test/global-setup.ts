import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { createPgDb } from '../src/db/pg.ts';
import { createPgliteDb } from '../src/db/pglite.ts';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    driver: 'pglite' | 'postgres';
    /** PGlite: a dump of a migrated database (tar file). */
    pgliteTemplate: string;
    /** PostgreSQL: name of a migrated template database; per-file databases are created from it. */
    pgTemplate: string;
    pgAdminUrl: string;
  }
}

const dbUrl = (name: string) => {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * Migrates ONE template per run: PGlite -> dumpDataDir (cached across runs by the migrations'
 * checksum, each test file loads it in ~1 s); PostgreSQL -> a template database that every test
 * file copies with CREATE DATABASE ... TEMPLATE and drops afterwards.
 */
export default async function setup(project: TestProject) {
  if (project.name === 'postgres') {
    const run = `bo_test_${process.pid}_${randomBytes(3).toString('hex')}`;
    const template = `${run}_tpl`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const db = createPgDb(dbUrl(template), 1);
    await migrate(db);
    await db.close();
    project.provide('driver', 'postgres');
    project.provide('pgTemplate', template);
    project.provide('pgAdminUrl', PG_ADMIN_URL);
    project.provide('pgliteTemplate', '');
    return async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      const { rows } = await c.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`${run}%`],
      );
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await c.end();
    };
  }

  const checksum = createHash('sha256')
    .update(
      readMigrations()
        .map((m) => m.checksum)
        .join(','),
    )
    .digest('hex')
    .slice(0, 16);
  const file = join(tmpdir(), `bo-api-template-${checksum}.tar`);
  if (!existsSync(file) || readFileSync(file).length < 1024) {
    const db = await createPgliteDb();
    await migrate(db);
    const dump = await db.pglite.dumpDataDir('none');
    await db.close();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  project.provide('driver', 'pglite');
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  project.provide('pgAdminUrl', '');
}
