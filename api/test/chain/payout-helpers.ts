import { inject } from 'vitest';
import { createPgDb } from '../../src/db/pg.ts';
import type { Db, DbHandle } from '../../src/db/types.ts';

/**
 * `n` handles on the test database, as `n` API replicas would have: on PostgreSQL each is its own
 * connection pool on the same database; PGlite is one embedded process, so its replicas share the handle.
 */
export async function replicaHandles(
  db: DbHandle,
  n: number,
): Promise<{ dbs: Db[]; close(): Promise<void> }> {
  if (db.driver !== 'postgres') return { dbs: Array.from({ length: n }, () => db), close: async () => {} };
  const [{ name }] = (await db.query<{ name: string }>('SELECT current_database() AS name')) as [
    { name: string },
  ];
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  const handles = Array.from({ length: n }, () => createPgDb(url.toString(), 4));
  return { dbs: handles, close: async () => void (await Promise.all(handles.map((h) => h.close()))) };
}

/** A user with a large balance, and approved (or other) withdrawals of theirs, as the API leaves them. */
export async function payee(db: Db, username: string) {
  const [u] = await db.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ($1, $1 || '@example.test') RETURNING id`,
    [username],
  );
  const userId = u!.id;
  await db.query(
    `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, 1000000, 'deposit', $2)`,
    [userId, `deposit:${username}`],
  );
  return {
    userId,
    async withdrawal(wallet: string | null, amount: string, status = 'approved'): Promise<number> {
      const [w] = await db.query<{ id: number }>(
        `INSERT INTO withdrawals (user_id, amount, wallet_address, status) VALUES ($1, $2::numeric, $3, $4) RETURNING id`,
        [userId, amount, wallet, status],
      );
      await db.query(
        `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, -$2::numeric, 'withdrawal', $3)`,
        [userId, amount, `withdrawal:${w!.id}`],
      );
      return w!.id;
    },
  };
}

export const withdrawalRow = async (db: Db, id: number) =>
  (
    await db.query<{ status: string; hash: string | null; processing: boolean }>(
      'SELECT status, hash, processing FROM withdrawals WHERE id = $1',
      [id],
    )
  )[0]!;

/** Nothing else in the approved queue (earlier tests' leftovers become completed by hand). */
export const clearQueue = (db: Db) =>
  db.query(`UPDATE withdrawals SET status = 'completed', processing = false WHERE status = 'approved'`);

/** Makes a claim look abandoned (its worker died `minutes` ago). */
export const ageClaim = (db: Db, id: number, minutes = 11) =>
  db.query(`UPDATE withdrawals SET updated_at = now() - $2::int * interval '1 minute' WHERE id = $1`, [
    id,
    minutes,
  ]);

/** A log that keeps what it was told. */
export function memoryLog() {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/** What PostgreSQL answers on a connection it terminated (pg_terminate_backend). */
export const terminated = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/**
 * `db` whose statements matching a pattern fail as on a terminated connection, a given number of times
 * (Infinity: this replica has lost the database): the dropped connection (docs/operations.md) on both
 * drivers. Everything else runs on the real database.
 */
export function droppingDb(db: Db) {
  const drops: { pattern: RegExp; left: number }[] = [];
  const check = (sql: string) => {
    const drop = drops.find((d) => d.left > 0 && d.pattern.test(sql));
    if (!drop) return;
    drop.left--;
    throw terminated();
  };
  const wrap = (inner: Db): Db => ({
    async query(sql, params) {
      check(sql);
      return inner.query(sql, params);
    },
    async exec(sql) {
      check(sql);
      return inner.exec(sql);
    },
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
  });
  return Object.assign(wrap(db), {
    drop(pattern: RegExp, times = 1) {
      drops.push({ pattern, left: times });
    },
  });
}

/** The recorded send of a withdrawal (table payout_sent). */
export const sentRecord = (db: Db, id: number) =>
  db.query<{ hash: string }>('SELECT hash FROM payout_sent WHERE withdrawal_id = $1', [id]);

/** The audit records of a withdrawal's payout (one per completion). */
export const payoutAudits = async (db: Db, id: number) =>
  (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'payout.sent' AND target_id = $1`,
      [String(id)],
    )
  )[0]!.n;
