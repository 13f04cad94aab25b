import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { prepare } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { assertSchemaCurrent, migrate, readMigrations, SchemaMismatchError } from '../src/db/migrate.ts';
import { createPgDb } from '../src/db/pg.ts';
import { driver, freshDb } from './helpers.ts';

const API_DIR = fileURLToPath(new URL('../', import.meta.url));
const onPostgres = driver === 'postgres';
const created: string[] = [];

/** An empty database of its own on the test server (the per-file databases are migrated copies). */
async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('pgTemplate').replace(/_tpl$/, '')}_lock_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  if (!created.length) return;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** Marks the database as migrated by a version of the API that has one migration more than this one. */
async function fromTheFuture(db: { query: (sql: string) => Promise<unknown> }) {
  await db.query(
    "INSERT INTO schema_migrations (version, name, checksum) VALUES ('999', '999_from_the_future.sql', 'x')",
  );
}

describe('migrations under the PostgreSQL advisory lock', () => {
  it.skipIf(!onPostgres)(
    'two replicas starting together on a fresh database: both succeed, each migration applied once',
    async () => {
      const url = await emptyDatabase();
      // Two API processes: pools of their own, with a lock_timeout far shorter than the migrations take.
      const timeouts = {
        statementTimeoutMs: 30_000,
        lockTimeoutMs: 50,
        idleInTransactionTimeoutMs: 30_000,
        connectTimeoutMs: 5_000,
      };
      const replicas = [createPgDb(url, { timeouts }), createPgDb(url, { timeouts })];
      try {
        const results = await Promise.all(replicas.map((db) => migrate(db)));
        const names = readMigrations().map((m) => m.name);
        // One applied everything; the other waited for it, then found nothing to do.
        expect([...results].sort((a, b) => a.length - b.length)).toEqual([[], names]);
        const rows = await replicas[0]!.query<{ version: string; n: number }>(
          'SELECT version, count(*) AS n FROM schema_migrations GROUP BY version ORDER BY version',
        );
        expect(rows).toEqual(readMigrations().map((m) => ({ version: m.version, n: 1 })));
      } finally {
        await Promise.all(replicas.map((db) => db.close()));
      }
    },
  );

  it('a database migrated by a newer version of the API is refused, and nothing is applied', async () => {
    const db = await freshDb();
    try {
      await fromTheFuture(db);
      // Even with a migration of its own to apply, this code changes nothing on that database.
      const own = {
        version: '500',
        name: '500_own.sql',
        sql: 'CREATE TABLE own_one (id int)',
        checksum: 'x',
      };
      await expect(migrate(db, [...readMigrations(), own])).rejects.toThrow(SchemaMismatchError);
      expect(await db.query("SELECT to_regclass('own_one') IS NULL AS none")).toEqual([{ none: true }]);
      await expect(migrate(db)).rejects.toThrow(/newer version of the API.*999_from_the_future\.sql/);
      await expect(assertSchemaCurrent(db)).rejects.toThrow(/newer version of the API/);
    } finally {
      await db.close();
    }
  });

  it('MIGRATE=0: a current schema is accepted, one behind the code is refused without migrating it', async () => {
    const current = await freshDb();
    try {
      await expect(assertSchemaCurrent(current)).resolves.toBeUndefined();
    } finally {
      await current.close();
    }
    // This code with one migration more than the database has.
    const next = {
      version: '999',
      name: '999_next.sql',
      sql: 'CREATE TABLE next_one (id int)',
      checksum: 'x',
    };
    const behind = await freshDb();
    try {
      await expect(assertSchemaCurrent(behind, [...readMigrations(), next])).rejects.toThrow(
        /behind this version of the API: 1 migration\(s\) not applied \(999_next\.sql\)/,
      );
      expect(await behind.query("SELECT to_regclass('next_one') IS NULL AS none")).toEqual([{ none: true }]);
    } finally {
      await behind.close();
    }
  });

  it.skipIf(!onPostgres)('the API start-up refuses both, through prepare()', async () => {
    const url = await emptyDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'bo-api-migrate-'));
    const config = loadConfig({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      DEMO: '0',
      JWT_SECRET: 'x'.repeat(32),
    });
    try {
      await expect(prepare(config, { migrate: false })).rejects.toThrow(/behind this version/);
      const first = await prepare(config, { migrate: true });
      await first.db.close();
      expect(first.migrations).toHaveLength(readMigrations().length);
      const db = createPgDb(url);
      await fromTheFuture(db);
      await db.close();
      await expect(prepare(config)).rejects.toThrow(/newer version of the API/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(!onPostgres)('the server process exits with the reason on a newer database', async () => {
    const url = await emptyDatabase();
    const db = createPgDb(url);
    await migrate(db);
    await fromTheFuture(db);
    await db.close();
    const dataDir = mkdtempSync(join(tmpdir(), 'bo-api-migrate-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: API_DIR,
        env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, DEMO: '0', PORT: '0', REDIS_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).not.toBe(0);
      expect(output).toMatch(/newer version of the API.*999_from_the_future\.sql/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
