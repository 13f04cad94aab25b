import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_ATTEMPTS } from '../src/db/retry.ts';
import type { Db } from '../src/db/types.ts';
import { TRANSACTION_CONFLICT } from '../src/lib/http-error.ts';
import { createTestApp, driver, type TestApp } from './helpers.ts';

/**
 * A deadlock (40P01) or serialization failure (40001) runs the whole transaction again a
 * bounded number of times, then answers 503 with a message, never 500; money moves once.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  // Fails the audit insert of a withdrawal decision (the transaction's last statement, after the status
  // change and the refund) with 40001 while the sequence is at most `fail_until`: nextval is not undone
  // by the rollback, so it counts the attempts.
  await t.db.exec(`
    CREATE SEQUENCE conflict_attempts;
    CREATE TABLE conflict_plan (fail_until int NOT NULL);
    INSERT INTO conflict_plan VALUES (0);
    CREATE FUNCTION forced_conflict() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF nextval('conflict_attempts') <= (SELECT fail_until FROM conflict_plan) THEN
        RAISE EXCEPTION 'forced serialization failure' USING ERRCODE = '40001';
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER forced_conflict AFTER INSERT ON audit_log
      FOR EACH ROW WHEN (NEW.action = 'withdrawal.update') EXECUTE FUNCTION forced_conflict();
    CREATE TABLE conflict_probe (id int PRIMARY KEY, n int NOT NULL);
    INSERT INTO conflict_probe VALUES (1, 0), (2, 0);
  `);
});
afterAll(() => t?.close());

/** Fail the next `failures` attempts (from a fresh attempt count). */
async function planFailures(failures: number) {
  await t.db.exec(
    `ALTER SEQUENCE conflict_attempts RESTART; UPDATE conflict_plan SET fail_until = ${failures}`,
  );
}
const attempts = async () =>
  (await t.db.query<{ n: number }>('SELECT last_value::int AS n FROM conflict_attempts'))[0]!.n;

/** A user with 100 deposited and a pending withdrawal of 40 (debited through the ledger). */
async function pendingWithdrawal() {
  const [user] = await t.db.query<{ id: number }>(
    `INSERT INTO users (name, username, email) VALUES ('Retry', 'retry_' || gen_random_uuid(), gen_random_uuid() || '@example.test') RETURNING id`,
  );
  const userId = user!.id;
  await t.db.query(
    `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, 100, 'deposit', 'retry-deposit:' || $1::int)`,
    [userId],
  );
  const [w] = await t.db.query<{ id: number }>(
    `INSERT INTO withdrawals (user_id, amount, wallet_address, status)
     VALUES ($1, 40, '0xabcdef0123456789abcdef0123456789abcdef01', 'pending') RETURNING id`,
    [userId],
  );
  await t.db.query(
    `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, -40, 'withdrawal', 'withdrawal:' || $2::int)`,
    [userId, w!.id],
  );
  return { userId, withdrawalId: w!.id };
}

async function moneyOf(userId: number, withdrawalId: number) {
  const [row] = await t.db.query<{ balance: string; refunds: number; status: string; audits: number }>(
    `SELECT u.balance,
            (SELECT count(*)::int FROM ledger WHERE reason = 'withdrawal_refund' AND reference = 'withdrawal:' || $2::int) AS refunds,
            (SELECT status FROM withdrawals WHERE id = $2) AS status,
            (SELECT count(*)::int FROM audit_log WHERE action = 'withdrawal.update' AND target_id = $2::text) AS audits
       FROM users u WHERE u.id = $1`,
    [userId, withdrawalId],
  );
  return row!;
}

const reject = (withdrawalId: number) =>
  t.call('POST', '/api/admin/withdrawal/update', {
    token,
    body: { withdrawal_id: withdrawalId, status: 'rejected', reason: 'retry test' },
  });

describe('transaction retry', () => {
  it('a rejection that hits a serialization failure is retried and refunds exactly once', async () => {
    const { userId, withdrawalId } = await pendingWithdrawal();
    await planFailures(1);
    const res = await reject(withdrawalId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await attempts()).toBe(2);
    expect(await moneyOf(userId, withdrawalId)).toEqual({
      balance: '100',
      refunds: 1,
      status: 'rejected',
      audits: 1,
    });
  });

  it('answers 503 with a message after the last attempt, and nothing moved', async () => {
    const { userId, withdrawalId } = await pendingWithdrawal();
    await planFailures(1000);
    const res = await reject(withdrawalId);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, message: TRANSACTION_CONFLICT });
    expect(res.headers['retry-after']).toBeDefined();
    expect(await attempts()).toBe(TRANSACTION_ATTEMPTS);
    expect(await moneyOf(userId, withdrawalId)).toEqual({
      balance: '60',
      refunds: 0,
      status: 'pending',
      audits: 0,
    });
    await planFailures(0);
  });

  /** A promise and its resolve function. */
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((r) => {
      open = r;
    });
    return { open, opened };
  };

  it.skipIf(driver !== 'postgres')(
    'a real deadlock: the victim runs again and both commit once',
    async () => {
      await t.db.exec('UPDATE conflict_probe SET n = 0');
      const runs = { a: 0, b: 0 };
      const aLocked = gate();
      const bLocked = gate();
      // A locks row 1 then 2, B row 2 then 1: PostgreSQL aborts one of them with 40P01.
      const side = (
        name: 'a' | 'b',
        first: number,
        second: number,
        mine: typeof aLocked,
        other: typeof aLocked,
      ) =>
        t.db.transaction(async (tx: Db) => {
          runs[name]++;
          await tx.query('UPDATE conflict_probe SET n = n + 1 WHERE id = $1', [first]);
          mine.open();
          await other.opened;
          await tx.query('UPDATE conflict_probe SET n = n + 1 WHERE id = $1', [second]);
        });
      await Promise.all([side('a', 1, 2, aLocked, bLocked), side('b', 2, 1, bLocked, aLocked)]);
      expect(runs.a + runs.b).toBe(3);
      expect(await t.db.query('SELECT id, n FROM conflict_probe ORDER BY id')).toEqual([
        { id: 1, n: 2 },
        { id: 2, n: 2 },
      ]);
    },
  );

  it.skipIf(driver !== 'postgres')('a real serialization failure (repeatable read) runs again', async () => {
    await t.db.exec('UPDATE conflict_probe SET n = 0');
    let runs = 0;
    const snapshotTaken = gate();
    const otherCommitted = gate();
    const reader = t.db.transaction(async (tx) => {
      runs++;
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      await tx.query('SELECT n FROM conflict_probe WHERE id = 1');
      snapshotTaken.open();
      await otherCommitted.opened;
      // The row changed after this snapshot: 40001 on the first attempt.
      await tx.query('UPDATE conflict_probe SET n = n + 10 WHERE id = 1');
    });
    await snapshotTaken.opened;
    await t.db.query('UPDATE conflict_probe SET n = n + 1 WHERE id = 1');
    otherCommitted.open();
    await reader;
    expect(runs).toBe(2);
    expect(await t.db.query('SELECT n FROM conflict_probe WHERE id = 1')).toEqual([{ n: 11 }]);
  });
});
