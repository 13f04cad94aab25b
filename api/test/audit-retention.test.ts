import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryStore } from '../src/lib/shared-store/index.ts';
import {
  ARCHIVE_LOCK,
  archiveAudit,
  parseRetentionDays,
  RETENTION_EVERY_MS,
  retentionTick,
  startAuditRetention,
} from '../src/modules/audit/retention.ts';
import { auditRoutes } from '../src/modules/audit/routes.ts';
import { createTestApp, driver, type TestApp, testClock } from './helpers.ts';

/**
 * Audit retention (docs/operations.md): rows older than AUDIT_RETENTION_DAYS move to audit_log_archive (same
 * values, append-only), in batches, each batch one transaction; old aggregated failed sign-ins go; the
 * audit list keeps working; one archiver at a time, the API's run at most once an hour.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const count = async (sql: string, values: unknown[] = []) =>
  Number((await t.db.query<{ n: number }>(sql, values))[0]!.n);

/** `n` audit rows written `days` ago (marked by their action, so each test counts its own). */
async function oldRows(action: string, n: number, days: number): Promise<void> {
  await t.db.query(
    `INSERT INTO audit_log (at, admin_id, admin_email, action, target_type, target_id, before, after, ip, request_id, details)
     SELECT now() - make_interval(days => $3) - make_interval(secs => g), NULL, 'old@example.com', $1, 'withdrawal',
            g::text, '{"status":"pending"}'::jsonb, '{"status":"approved"}'::jsonb, '10.0.0.1', 'req-' || g,
            jsonb_build_object('n', g)
       FROM generate_series(1, $2) g`,
    [action, n, days],
  );
}

const listTotal = async (query = '') => {
  const res = await t.call('GET', `/api/admin/audit?per_page=100${query}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json().data.total as number;
};

describe('archiveAudit', () => {
  it('moves exactly the rows older than the policy, unchanged, in batches; the audit list still works', async () => {
    await oldRows('test.old', 23, 40);
    await oldRows('test.recent', 5, 10);
    const before = {
      log: await count('SELECT count(*) AS n FROM audit_log'),
      archive: await count('SELECT count(*) AS n FROM audit_log_archive'),
      listed: await listTotal(),
      old: await t.db.query(`SELECT * FROM audit_log WHERE action = 'test.old' ORDER BY id`),
    };
    expect(before.old).toHaveLength(23);
    expect(before.listed).toBe(before.log);

    const result = await archiveAudit(t.db, { days: 30, batch: 5 });
    expect(result).toEqual({ archived: 23, pruned: 0, busy: false });

    expect(await count('SELECT count(*) AS n FROM audit_log')).toBe(before.log - 23);
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'test.old'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'test.recent'`)).toBe(5);
    expect(await count('SELECT count(*) AS n FROM audit_log_archive')).toBe(before.archive + 23);
    // Same ids and values, column for column.
    expect(await t.db.query(`SELECT * FROM audit_log_archive WHERE action = 'test.old' ORDER BY id`)).toEqual(
      before.old,
    );
    // The list (and its remembered totals) sees the move; the recent rows are still listed and readable.
    expect(await listTotal()).toBe(before.listed - 23);
    expect(await listTotal('&action=test.old')).toBe(0);
    expect(await listTotal('&action=test.recent')).toBe(5);
    const [recent] = await t.db.query<{ id: number }>(
      `SELECT id FROM audit_log WHERE action = 'test.recent' LIMIT 1`,
    );
    expect((await t.call('GET', `/api/admin/audit/${recent!.id}`, { token })).statusCode).toBe(200);

    // Run again: nothing left to move.
    expect(await archiveAudit(t.db, { days: 30, batch: 5 })).toEqual({ archived: 0, pruned: 0, busy: false });
  });

  it('the archive is append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    await oldRows('test.frozen', 2, 400);
    await archiveAudit(t.db, { days: 365 });
    const n = await count(`SELECT count(*) AS n FROM audit_log_archive WHERE action = 'test.frozen'`);
    expect(n).toBe(2);
    await expect(t.db.query(`UPDATE audit_log_archive SET action = 'test.changed'`)).rejects.toThrow(
      /audit_log_archive is append-only/,
    );
    await expect(t.db.query('DELETE FROM audit_log_archive')).rejects.toThrow(/append-only/);
    await expect(t.db.exec('TRUNCATE audit_log_archive')).rejects.toThrow(/append-only/);
    expect(await count(`SELECT count(*) AS n FROM audit_log_archive WHERE action = 'test.frozen'`)).toBe(2);
  });

  it('audit_log still refuses a delete, unless the exact row is in the archive', async () => {
    await oldRows('test.kept', 1, 1);
    const [row] = await t.db.query<{ id: number }>(`SELECT id FROM audit_log WHERE action = 'test.kept'`);
    await expect(t.db.query('DELETE FROM audit_log WHERE id = $1', [row!.id])).rejects.toThrow(
      /audit_log is append-only/,
    );
    // A forged "copy" with other values does not open the way either.
    await t.db.query(
      `INSERT INTO audit_log_archive (id, at, action) SELECT id, at, 'test.forged' FROM audit_log WHERE id = $1`,
      [row!.id],
    );
    await expect(t.db.query('DELETE FROM audit_log WHERE id = $1', [row!.id])).rejects.toThrow(
      /audit_log is append-only/,
    );
    await expect(t.db.query(`UPDATE audit_log SET action = 'x' WHERE id = $1`, [row!.id])).rejects.toThrow(
      /append-only/,
    );
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'test.kept'`)).toBe(1);
  });

  it('deletes the aggregated failed sign-ins older than the policy', async () => {
    await t.db.query(
      `INSERT INTO sign_in_failures (window_start, subject, reason, email, ip, attempts, first_at, last_at)
       VALUES (now() - interval '41 days', 'ip:10.9.9.1', 'unknown-email', 'a@example.com', '10.9.9.1', 9,
               now() - interval '41 days', now() - interval '40 days'),
              (now() - interval '2 days', 'ip:10.9.9.2', 'unknown-email', 'b@example.com', '10.9.9.2', 3,
               now() - interval '2 days', now() - interval '2 days')`,
    );
    const result = await archiveAudit(t.db, { days: 30 });
    expect(result.pruned).toBe(1);
    expect(
      (await t.db.query<{ ip: string }>(`SELECT ip FROM sign_in_failures WHERE ip LIKE '10.9.9.%'`)).map(
        (r) => r.ip,
      ),
    ).toEqual(['10.9.9.2']);
  });

  it.skipIf(driver === 'pglite')(
    'one archiver at a time: a run finding the lock held moves nothing',
    async () => {
      await oldRows('test.locked', 3, 50);
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => {
        locked = r;
      });
      const holder = t.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [ARCHIVE_LOCK]);
        locked();
        await held;
      });
      await isLocked;
      try {
        expect(await archiveAudit(t.db, { days: 30 })).toEqual({ archived: 0, pruned: 0, busy: true });
        expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'test.locked'`)).toBe(3);
      } finally {
        release();
        await holder;
      }
      expect((await archiveAudit(t.db, { days: 30 })).archived).toBe(3);
    },
  );
});

describe('the policy', () => {
  it('AUDIT_RETENTION_DAYS: off by default, whole days otherwise, a clear error for anything else', () => {
    for (const off of [undefined, '', ' ', 'off', 'OFF', '0']) expect(parseRetentionDays(off)).toBeNull();
    expect(parseRetentionDays('90')).toBe(90);
    expect(parseRetentionDays(' 365 ')).toBe(365);
    for (const bad of ['-1', '1.5', '1e3', 'forever', '36501', '999999'])
      expect(() => parseRetentionDays(bad)).toThrow(
        'AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500, or off',
      );
  });

  it("the API's run happens at most once an hour, whichever replica asks", async () => {
    const store = new MemoryStore();
    const clock = testClock();
    const log = { info: () => {}, error: () => {} };
    const replica = () => retentionTick({ db: t.db, store, days: 30, clock, log });
    await oldRows('test.hourly', 2, 60);
    expect(await replica()).toMatchObject({ archived: 2, busy: false });
    await oldRows('test.hourly', 2, 60);
    expect(await replica()).toBeNull();
    clock.advance(RETENTION_EVERY_MS - 1000);
    expect(await replica()).toBeNull();
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'test.hourly'`)).toBe(2);
    clock.advance(2000);
    expect(await replica()).toMatchObject({ archived: 2 });
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'test.hourly'`)).toBe(0);
  });

  it('the API job: a first check soon after the start, then every 5 minutes; stop waits for a running pass', async () => {
    await oldRows('test.job', 2, 60);
    const infos: object[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    try {
      const job = startAuditRetention({
        db: t.db,
        store: new MemoryStore(),
        days: 30,
        clock: Date.now,
        log: { info: (obj) => infos.push(obj), error: () => {} },
      });
      await vi.advanceTimersByTimeAsync(9_000);
      expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'test.job'`)).toBe(2);
      await vi.advanceTimersByTimeAsync(1_000);
      await job.stop();
    } finally {
      vi.useRealTimers();
    }
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'test.job'`)).toBe(0);
    expect(infos).toEqual([expect.objectContaining({ archived: 2, days: 30 })]);
  });

  it('a bad AUDIT_RETENTION_DAYS stops the API from starting, with the reason', async () => {
    process.env.AUDIT_RETENTION_DAYS = 'forever';
    try {
      // The audit plugin reads it first thing, before it touches the app: a bare Fastify is enough.
      await expect(Fastify().register(auditRoutes).ready()).rejects.toThrow(
        'AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500, or off',
      );
    } finally {
      delete process.env.AUDIT_RETENTION_DAYS;
    }
  });
});
