import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgDb } from '../src/db/pg.ts';
import type { DbHandle } from '../src/db/types.ts';
import { seedDemo } from '../src/seed/index.ts';
import { driver } from './helpers.ts';

/** `pnpm db:backup` and `pnpm db:restore` as an operator runs them: the scripts, on the real server. */
const REPO = fileURLToPath(new URL('../../', import.meta.url));

function script(name: string, args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(REPO, 'scripts', name), ...args],
      { cwd: REPO, env: { ...process.env, ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe.runIf(driver === 'pglite')('backups of the embedded database', () => {
  it('are refused with the reason: PGlite has no pg_dump', async () => {
    const res = await script('db-backup.mjs', [], { DATABASE_URL: '', BACKUP_DIR: tmpdir() });
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/embedded PGlite database .* pg_dump and pg_restore cannot reach/);
  });
});

describe.runIf(driver === 'postgres')('pnpm db:backup and db:restore (PostgreSQL)', () => {
  const names: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'bo-backups-'));
  let sourceUrl: string;
  let source: DbHandle;

  async function database(template?: string): Promise<string> {
    const adminUrl = inject('pgAdminUrl');
    const name = `${inject('pgTemplate').replace(/_tpl$/, '')}_bk_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    names.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  beforeAll(async () => {
    sourceUrl = await database(inject('pgTemplate'));
    source = createPgDb(sourceUrl);
    await seedDemo(source, { seed: 11 });
  });
  afterAll(async () => {
    await source?.close();
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Rows of every table of the public schema, by table. */
  async function rowCounts(db: DbHandle): Promise<Record<string, number>> {
    const tables = await db.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables)
      counts[name] = (await db.query<{ n: number }>(`SELECT count(*) AS n FROM "${name}"`))[0]!.n;
    return counts;
  }

  /** The ledger invariants: every balance and winnings is its ledger sum, none negative. */
  async function ledgerBreaches(db: DbHandle) {
    return db.query(
      `SELECT u.id FROM users u
         LEFT JOIN (SELECT user_id, sum(amount) AS total FROM ledger GROUP BY user_id) l ON l.user_id = u.id
        WHERE u.balance <> coalesce(l.total, 0) OR u.balance < 0
           OR u.winnings <> (SELECT coalesce(sum(amount), 0) FROM ledger
                              WHERE user_id = u.id AND reason IN ('lottery_prize', 'mine_payout'))`,
    );
  }

  let backup: string;

  it('writes a timestamped custom-format dump and keeps only the newest BACKUP_KEEP', async () => {
    const db = new URL(sourceUrl).pathname.slice(1);
    // Three older backups of this database and a file of someone else's.
    const older = ['20240101T000000.000Z', '20250101T000000.000Z', '20260101T000000.000Z'];
    for (const stamp of older) writeFileSync(join(dir, `${db}-${stamp}.dump`), 'PGDMP old');
    writeFileSync(join(dir, 'notes.txt'), 'kept');

    const res = await script('db-backup.mjs', [], {
      DATABASE_URL: sourceUrl,
      BACKUP_DIR: dir,
      BACKUP_KEEP: '2',
    });
    expect(res.output).toContain('Backup of');
    expect(res.code).toBe(0);
    const files = readdirSync(dir).sort();
    backup = join(dir, files.find((f) => f.startsWith(`${db}-2026`) && !f.startsWith(`${db}-20260101`))!);
    expect(files).toEqual(
      [`${db}-20260101T000000.000Z.dump`, backup.slice(dir.length + 1), 'notes.txt'].sort(),
    );
    expect(backup).toMatch(/-\d{8}T\d{6}\.\d{3}Z\.dump$/);
  });

  it('refuses a BACKUP_KEEP that is not a count', async () => {
    const res = await script('db-backup.mjs', [], {
      DATABASE_URL: sourceUrl,
      BACKUP_DIR: dir,
      BACKUP_KEEP: '0',
    });
    expect(res.code).toBe(1);
    expect(res.output).toContain('BACKUP_KEEP must be a whole number');
  });

  it('restores into a fresh database: same rows in every table, the ledger invariants hold', async () => {
    const url = await database();
    const res = await script('db-restore.mjs', [backup], { DATABASE_URL: url });
    expect(res.output).toContain('Restored');
    expect(res.code).toBe(0);
    const restored = createPgDb(url);
    try {
      const counts = await rowCounts(restored);
      expect(counts).toEqual(await rowCounts(source));
      expect(counts.users).toBeGreaterThan(0);
      expect(counts.ledger).toBeGreaterThan(0);
      expect(await ledgerBreaches(restored)).toEqual([]);
      // The triggers came back after the data, not before it: a new ledger row moves its balance once,
      // and the ledger is still append-only.
      const [user] = await restored.query<{ id: number; balance: string }>(
        'SELECT id, balance FROM users LIMIT 1',
      );
      await restored.query(
        `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, 1.25, 'deposit', 'deposit:after-restore')`,
        [user!.id],
      );
      expect(await ledgerBreaches(restored)).toEqual([]);
      await expect(restored.query('UPDATE ledger SET amount = 0')).rejects.toThrow(/append-only/);
    } finally {
      await restored.close();
    }
  });

  it('refuses a database that holds data unless --clean, which replaces it', async () => {
    const url = await database(inject('pgTemplate'));
    const refused = await script('db-restore.mjs', [backup], { DATABASE_URL: url });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is not empty .* pass --clean/);

    const res = await script('db-restore.mjs', [backup, '--clean'], { DATABASE_URL: url });
    expect(res.code).toBe(0);
    const restored = createPgDb(url);
    try {
      expect(await rowCounts(restored)).toEqual(await rowCounts(source));
      expect(await ledgerBreaches(restored)).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it('refuses a file that is not a backup, with the reason', async () => {
    const bogus = join(dir, 'notes.txt');
    const res = await script('db-restore.mjs', [bogus], { DATABASE_URL: sourceUrl });
    expect(res.code).toBe(1);
    expect(res.output).toContain('is not a pg_dump custom-format backup');
  });
});
