import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { canonicalDecimal, isoTimestamp } from '../src/db/parsers.ts';
import type { DbHandle } from '../src/db/types.ts';
import { ticketNumberFor } from '../src/seed/rng.ts';
import { freshDb } from './helpers.ts';

describe('value parsers', () => {
  it('canonical decimals', () => {
    expect(canonicalDecimal('10.50000000')).toBe('10.5');
    expect(canonicalDecimal('3.00')).toBe('3');
    expect(canonicalDecimal('0.00000001')).toBe('0.00000001');
    expect(canonicalDecimal('-0.000')).toBe('0');
    expect(canonicalDecimal('1200')).toBe('1200');
    expect(canonicalDecimal('-12.340')).toBe('-12.34');
  });
  it('timestamps to ISO UTC', () => {
    expect(isoTimestamp('2025-01-31 10:00:00+00')).toBe('2025-01-31T10:00:00.000Z');
    expect(isoTimestamp('2025-01-31 10:00:00.123456+02')).toBe('2025-01-31T08:00:00.123Z');
    expect(isoTimestamp('2025-01-31 10:00:00.5+05:30')).toBe('2025-01-31T04:30:00.500Z');
    expect(isoTimestamp('2025-01-31 10:00:00')).toBe('2025-01-31T10:00:00.000Z');
    expect(isoTimestamp('2025-01-31 10:00:00.123456+00')).toBe('2025-01-31T10:00:00.123Z');
    expect(isoTimestamp('2025-01-31 10:00:00.1+00')).toBe('2025-01-31T10:00:00.100Z');
    expect(isoTimestamp('2025-01-31 10:00:00.9999')).toBe('2025-01-31T10:00:00.999Z');
    expect(isoTimestamp('infinity')).toBe('infinity');
  });
});

describe('database', () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await freshDb();
    await db.query(`INSERT INTO users (id, username, email) VALUES (1, 'ann', 'ann@example.com')`);
  });
  afterAll(() => db.close());

  it('returns the same value types on both drivers', async () => {
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT 10.50::numeric(20,8) AS n, sum(x)::numeric AS s, count(*) AS c, 5::int8 AS i8, 3::int AS i,
              '2025-01-31T10:00:00.123456Z'::timestamptz AS ts, '2025-01-31'::date AS d, '{"a":[1]}'::jsonb AS j, true AS b
         FROM (VALUES (1.25), (2.75)) v(x)`,
    );
    expect(row).toEqual({
      n: '10.5',
      s: '4',
      c: 2,
      i8: 5,
      i: 3,
      ts: '2025-01-31T10:00:00.123Z',
      d: '2025-01-31',
      j: { a: [1] },
      b: true,
    });
  });

  it('migrations are tracked and applied once', async () => {
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
  });

  it('a migration that fails is rolled back entirely', async () => {
    const bad = [
      {
        version: '999',
        name: '999_bad.sql',
        checksum: 'x',
        sql: 'CREATE TABLE half_done (id int); SELECT 1/0;',
      },
    ];
    await expect(migrate(db, [...readMigrations(), ...bad])).rejects.toThrow();
    expect(await db.query(`SELECT 1 FROM pg_tables WHERE tablename = 'half_done'`)).toEqual([]);
    expect(await db.query(`SELECT 1 FROM schema_migrations WHERE version = '999'`)).toEqual([]);
  });

  it('the ledger is append-only and moves balances and winnings', async () => {
    await db.query(
      `INSERT INTO ledger (user_id, amount, reason, reference) VALUES
         (1, 100.10, 'deposit', 'deposit:t1'), (1, -20, 'mine_bet', 'mine_game:t1'), (1, 35.5, 'mine_payout', 'mine_game:t1')`,
    );
    expect(await db.query('SELECT balance, winnings FROM users WHERE id = 1')).toEqual([
      { balance: '115.6', winnings: '35.5' },
    ]);
    await expect(db.query('UPDATE ledger SET amount = 1')).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM ledger')).rejects.toThrow(/append-only/);
    await expect(db.exec('TRUNCATE ledger CASCADE')).rejects.toThrow(/append-only/);
    await expect(
      db.query(
        `INSERT INTO ledger (user_id, amount, reason, reference) VALUES (1, 20, 'mine_refund', 'mine_game:t1'), (1, 20, 'mine_refund', 'mine_game:t1')`,
      ),
    ).rejects.toThrow();
    expect(await db.query<{ n: number }>('SELECT count(*) AS n FROM ledger')).toEqual([{ n: 3 }]);
    expect(await db.query('SELECT balance FROM users WHERE id = 1')).toEqual([{ balance: '115.6' }]);
  });

  it('transactions roll back on error', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO ledger (user_id, amount, reason, reference) VALUES (1, 5, 'adjustment', 'tx-test')`,
        );
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query(`SELECT 1 FROM ledger WHERE reference = 'tx-test'`)).toEqual([]);
    expect(await db.query('SELECT balance FROM users WHERE id = 1')).toEqual([{ balance: '115.6' }]);
  });

  it('derives the lottery status from the clock', async () => {
    const rows = await db.query<{ s: string }>(
      `SELECT lottery_status(start_time, end_time, distributed, now()) AS s FROM (VALUES
         (now() + interval '1 day', now() + interval '2 days', false),
         (now() - interval '1 day', now() + interval '1 day', false),
         (now() - interval '2 days', now() - interval '1 day', false),
         (now() - interval '2 days', now() - interval '1 day', true)) v(start_time, end_time, distributed)`,
    );
    expect(rows.map((r) => r.s)).toEqual(['upcoming', 'open', 'closed', 'completed']);
  });

  it('numbers tickets like the seed does, two letters and five digits, without collisions', async () => {
    const rows = await db.query<{ id: number; n: string }>(
      'SELECT g AS id, ticket_number_for(g) AS n FROM generate_series(1, 2000) g',
    );
    for (const r of rows) {
      expect(r.n).toMatch(/^[A-Z]{2}\d{5}$/);
      expect(r.n).toBe(ticketNumberFor(r.id));
    }
    expect(new Set(rows.map((r) => r.n)).size).toBe(rows.length);
    await db.query(
      `INSERT INTO lotteries (id, name, ticket_price, start_time, end_time, result_time, winners_count, winner_distributions)
       VALUES (1, 'Test Pool', 1, now(), now() + interval '1 day', now() + interval '25 hours', 1, '[{"rank":1,"percentage":80}]')`,
    );
    const [ticket] = await db.query<{ id: number; ticket_number: string }>(
      'INSERT INTO lottery_tickets (lottery_id, user_id, price) VALUES (1, 1, 1) RETURNING id, ticket_number',
    );
    expect(ticket!.ticket_number).toBe(ticketNumberFor(ticket!.id));
  });
});
