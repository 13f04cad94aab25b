import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

export interface Migration {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

/** `NNN_name.sql` files in order. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(dir + file, 'utf8');
      const [version = file] = file.split('_');
      return { version, name: file, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * The advisory lock every API version takes to migrate (any constant bigint, never changed): replicas
 * that start together apply each migration once, the others wait for it.
 */
export const MIGRATION_LOCK_KEY = 4_242_021_021;

/** The database and this code disagree on the schema: the API must not start on it. */
export class SchemaMismatchError extends Error {
  override name = 'SchemaMismatchError';
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version text PRIMARY KEY,
  name text NOT NULL,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

export interface SchemaStatus {
  /** This code's migrations the database lacks, in order. */
  pending: Migration[];
  /** Applied migrations this code does not know: a newer version of the API migrated the database. */
  unknown: string[];
}

/**
 * Applies pending migrations in order and records them in schema_migrations, all in one transaction
 * that holds the migration lock: of replicas starting together one applies them, the others wait, then
 * find nothing left to do. An already applied file whose content changed is an error (write a new
 * file), and so is a database migrated by a newer version of the API (SchemaMismatchError).
 */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    // Wait as long as the other replica migrates (not the API's lock_timeout), then the usual timeout
    // again for the migrations' own locks. The transaction ends the lock.
    await tx.exec(
      `SET LOCAL lock_timeout = 0; SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY}); SET LOCAL lock_timeout TO DEFAULT`,
    );
    await tx.exec(CREATE_TABLE);
    const status = compare(await applied(tx), migrations);
    refuseNewer(status);
    for (const m of status.pending) {
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        m.checksum,
      ]);
    }
    return status.pending.map((m) => m.name);
  });
}

/**
 * For an API that does not migrate (MIGRATE=0, the migrate step ran before it): the database must be
 * exactly as this code expects, neither behind it nor ahead of it.
 */
export async function assertSchemaCurrent(db: Db, migrations = readMigrations()): Promise<void> {
  const [table] = await db.query<{ found: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS found",
  );
  const status = compare(table?.found ? await applied(db) : new Map(), migrations);
  refuseNewer(status);
  if (status.pending.length)
    throw new SchemaMismatchError(
      `The database schema is behind this version of the API: ${status.pending.length} migration(s) not ` +
        `applied (${status.pending.map((m) => m.name).join(', ')}). Run the migrate step first ` +
        '(pnpm -C api migrate), or start the API without MIGRATE=0.',
    );
}

async function applied(db: Db): Promise<Map<string, { name: string; checksum: string }>> {
  const rows = await db.query<{ version: string; name: string; checksum: string }>(
    'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
  );
  return new Map(rows.map((r) => [r.version, r]));
}

function compare(
  done: Map<string, { name: string; checksum: string }>,
  migrations: Migration[],
): SchemaStatus {
  for (const m of migrations) {
    const checksum = done.get(m.version)?.checksum;
    if (checksum !== undefined && checksum !== m.checksum)
      throw new Error(`Migration ${m.name} was changed after it was applied`);
  }
  const known = new Set(migrations.map((m) => m.version));
  return {
    pending: migrations.filter((m) => !done.has(m.version)),
    unknown: [...done].filter(([version]) => !known.has(version)).map(([, r]) => r.name),
  };
}

function refuseNewer(status: SchemaStatus): void {
  if (status.unknown.length)
    throw new SchemaMismatchError(
      `The database was migrated by a newer version of the API: it has migration(s) this version does ` +
        `not know (${status.unknown.join(', ')}). Run that version or a newer one, or restore a backup ` +
        'taken before the upgrade (pnpm db:restore).',
    );
}

/** Drops every object of the public schema (seed --reset), then the caller migrates again. */
export async function resetSchema(db: Db): Promise<void> {
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
}
