import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/types.ts';
import { seedDemo, seedIfEmpty, seedScale } from '../src/seed/index.ts';
import { freshDb } from './helpers.ts';

const base = new Date('2030-06-15T12:00:00.000Z');
const TABLES = [
  'users',
  'user_blocks',
  'transactions',
  'withdrawals',
  'support_tickets',
  'lotteries',
  'lottery_tickets',
  'lottery_draws',
  'mine_games',
  'ledger',
];

/** Every row of every seeded table (without updated_at, which records when the seed ran). */
async function snapshot(db: DbHandle) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = await db.query<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY id`);
    out[table] = rows.map(({ updated_at: _u, ...rest }) => rest);
  }
  return out;
}

const balanceMismatches = (db: DbHandle) =>
  db.query(
    `SELECT u.id, u.balance, l.total FROM users u
       LEFT JOIN (SELECT user_id, sum(amount) AS total FROM ledger GROUP BY user_id) l ON l.user_id = u.id
      WHERE u.balance <> coalesce(l.total, 0)
         OR u.winnings <> (SELECT coalesce(sum(amount), 0) FROM ledger
                            WHERE user_id = u.id AND reason IN ('lottery_prize', 'mine_payout'))`,
  );

describe('demo seed', () => {
  let a: DbHandle;
  let b: DbHandle;
  beforeAll(async () => {
    [a, b] = await Promise.all([freshDb(), freshDb()]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('is deterministic: the same seed gives the same data', async () => {
    const summaryA = await seedDemo(a, { seed: 5, base });
    const summaryB = await seedDemo(b, { seed: 5, base });
    expect(summaryA).toEqual(summaryB);
    expect(await snapshot(a)).toEqual(await snapshot(b));
    expect(summaryA.users).toBe(150);
    expect(summaryA.transactions).toBe(400);
    expect(summaryA.withdrawals).toBe(120);
    expect(summaryA.supportTickets).toBe(60);
    expect(summaryA.lotteries).toBe(15);
    expect(summaryA.mineGames).toBeGreaterThanOrEqual(55);
  });

  it('keeps every balance equal to its ledger sum, never negative', async () => {
    expect(await balanceMismatches(a)).toEqual([]);
    expect(await a.query('SELECT id FROM users WHERE balance < 0')).toEqual([]);
  });

  it('covers every status', async () => {
    const statuses = async (sql: string) => (await a.query<{ s: string }>(sql)).map((r) => r.s).sort();
    expect(await statuses('SELECT DISTINCT status AS s FROM users')).toEqual([
      'active',
      'blocked',
      'inactive',
    ]);
    expect(await statuses('SELECT DISTINCT status AS s FROM transactions')).toEqual([
      'completed',
      'failed',
      'waiting',
    ]);
    expect(await statuses('SELECT DISTINCT status AS s FROM withdrawals')).toEqual([
      'approved',
      'cancelled',
      'completed',
      'pending',
      'pending_otp',
      'rejected',
      'waiting',
    ]);
    expect(await statuses('SELECT DISTINCT status AS s FROM support_tickets')).toEqual(['closed', 'open']);
    expect(await statuses('SELECT DISTINCT status AS s FROM lottery_tickets')).toEqual([
      'active',
      'cancelled',
      'inactive',
    ]);
    expect(await statuses(`SELECT DISTINCT coalesce(outcome, 'active') AS s FROM mine_games`)).toEqual([
      'active',
      'cancelled',
      'lost',
      'won',
    ]);
    expect(await statuses(`SELECT DISTINCT pay_currency AS s FROM transactions`)).toEqual([
      'bnbbsc',
      'usdtbsc',
      'usdterc20',
      'usdttrc20',
    ]);
    expect((await a.query(`SELECT 1 FROM users WHERE name IS NULL`)).length).toBeGreaterThan(0);
    expect(
      (await a.query(`SELECT 1 FROM support_tickets WHERE length(message) > 100`)).length,
    ).toBeGreaterThan(0);
  });

  it('puts lotteries in every status by the clock, with published and credited winners when completed', async () => {
    // Seeded relative to the real clock, so the statuses hold now.
    const live = await freshDb();
    try {
      await seedDemo(live, { seed: 3 });
      const rows = await live.query<{ s: string; n: number }>(
        `SELECT lottery_status(start_time, end_time, prize_distributed, now()) AS s, count(*) AS n FROM lotteries GROUP BY 1 ORDER BY 1`,
      );
      expect(rows.map((r) => r.s)).toEqual(['closed', 'completed', 'open', 'upcoming']);
      const completed = await live.query<{
        id: number;
        result: { ticket_id: number; amount: string; rank: number }[];
        winners_count: number;
      }>('SELECT id, result, winners_count FROM lotteries WHERE prize_distributed');
      for (const l of completed) {
        expect(l.result.length).toBe(l.winners_count);
        for (const w of l.result) {
          const [ticket] = await live.query<{
            is_winner: boolean;
            prize_rank: number;
            winning_amount: string;
          }>('SELECT is_winner, prize_rank, winning_amount FROM lottery_tickets WHERE id = $1', [
            w.ticket_id,
          ]);
          expect(ticket).toEqual({ is_winner: true, prize_rank: w.rank, winning_amount: w.amount });
          const credited = await live.query(
            `SELECT 1 FROM ledger WHERE reason = 'lottery_prize' AND reference = $1`,
            [`lottery_ticket:${w.ticket_id}`],
          );
          expect(credited.length).toBe(Number(w.amount) > 0 ? 1 : 0);
        }
      }
      expect(
        await live.query(
          `SELECT 1 FROM lottery_tickets t JOIN lotteries l ON l.id = t.lottery_id WHERE t.created_at > now()`,
        ),
      ).toEqual([]);
      expect(await seedIfEmpty(live)).toBeNull();
    } finally {
      await live.close();
    }
  });
});

describe('scale seed', () => {
  it('adds set-based data on top, deterministic counts, balances consistent and never negative', async () => {
    const db = await freshDb();
    try {
      await seedDemo(db, { seed: 1, base });
      const counts = await seedScale(db, { factor: 0.002, seed: 1, base });
      const count = async (table: string) =>
        (await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n;
      expect(await count('users')).toBe(150 + counts.users);
      expect(await count('transactions')).toBe(400 + counts.transactions);
      expect(await count('lottery_tickets')).toBeGreaterThanOrEqual(counts.lotteryTickets);
      expect(await count('withdrawals')).toBe(120 + counts.withdrawals);
      expect(await count('mine_games')).toBeGreaterThanOrEqual(counts.mineGames);
      expect(await balanceMismatches(db)).toEqual([]);
      expect(await db.query('SELECT id FROM users WHERE balance < 0')).toEqual([]);
      // Inserting through the API's default ids still works after explicit ids.
      await db.query(`INSERT INTO users (username, email) VALUES ('after_scale', 'after@example.com')`);
    } finally {
      await db.close();
    }
  });
});
