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
 * Applies pending migrations in order, each in its own transaction, and records them in
 * schema_migrations. An already applied file whose content changed is an error (write a new file).
 */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied = new Map(
    (
      await db.query<{ version: string; checksum: string }>('SELECT version, checksum FROM schema_migrations')
    ).map((r) => [r.version, r.checksum]),
  );
  const done: string[] = [];
  for (const m of migrations) {
    const checksum = applied.get(m.version);
    if (checksum !== undefined) {
      if (checksum !== m.checksum) throw new Error(`Migration ${m.name} was changed after it was applied`);
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        m.checksum,
      ]);
    });
    done.push(m.name);
  }
  return done;
}

/** Drops every object of the public schema (seed --reset), then the caller migrates again. */
export async function resetSchema(db: Db): Promise<void> {
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
}
