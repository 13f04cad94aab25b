import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/index.ts';
import { createTestApp, driver, type TestApp } from './helpers.ts';

const LIST = '/api/admin/mines';
const cents = (s: string) => Math.round(Number(s) * 100);

let t: TestApp;
let token: string;
const one = async <T>(sql: string) => (await t.db.query<T>(sql))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDemo(t.db, { seed: 11 });
});
afterAll(() => t.close());

type Game = {
  id: number;
  status: string;
  amount: string;
  payout: string;
  created_at: string;
  mines_count: number;
  user: { username: string };
  rank?: number;
};
const list = async (query: string) => {
  const res = await t.call('GET', `${LIST}${query}`, { token });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json().data as {
    data: Game[];
    total: number;
    totalPages: number;
    page: number;
    perPage: number;
  };
};

describe('GET /admin/mines', () => {
  it('lists active games newest first, 5 per page by default', async () => {
    const { n } = await one<{ n: number }>('SELECT count(*) AS n FROM mine_games WHERE active');
    const first = await list('');
    expect(first).toMatchObject({ total: n, page: 1, perPage: 5, totalPages: Math.ceil(n / 5) });
    expect(first.data).toHaveLength(5);
    for (const g of first.data) {
      expect(g.status).toBe('true');
      expect(g.user.username).toEqual(expect.any(String));
      expect(g.rank).toBeUndefined();
    }
    const all = await list(`?limit=100&order=`);
    const times = all.data.map((g) => Date.parse(g.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.data.slice(0, 5).map((g) => g.id)).toEqual(first.data.map((g) => g.id));
    const last = await list(`?page=${first.totalPages}`);
    expect(last.data).toHaveLength(n - (first.totalPages - 1) * 5);
    expect((await list(`?page=${first.totalPages + 1}`)).data).toEqual([]);
  });

  it("order 'true' lists the big wins by payout with global ranks", async () => {
    const { n } = await one<{ n: number }>(
      `SELECT count(*) AS n FROM mine_games WHERE NOT active AND payout > 0`,
    );
    const page1 = await list('?order=true');
    const page2 = await list('?order=true&page=2');
    const ten = await list('?order=true&limit=10');
    expect(page1.total).toBe(n);
    expect(page1.data.map((g) => g.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(page2.data.map((g) => g.rank)).toEqual([6, 7, 8, 9, 10]);
    expect([...page1.data, ...page2.data].map((g) => g.id)).toEqual(ten.data.map((g) => g.id));
    const everything = await list('?order=true&limit=100');
    for (const g of everything.data) {
      expect(g.status).toBe('false');
      expect(cents(g.payout)).toBeGreaterThan(0);
    }
    const payouts = everything.data.map((g) => cents(g.payout));
    expect(payouts).toEqual([...payouts].sort((a, b) => b - a));
  });

  it('validates the query', async () => {
    const cases: [string, RegExp][] = [
      ['?page=0', /^page: Page must be at least 1$/],
      ['?page=abc', /^page: Page must be a whole number$/],
      ['?limit=0', /^limit: Page size must be at least 1$/],
      ['?limit=500', /^limit: Page size must not exceed 100$/],
      ['?order=recent', /^order: /],
    ];
    for (const [query, message] of cases) {
      const res = await t.call('GET', `${LIST}${query}`, { token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await t.call('GET', LIST)).statusCode).toBe(401);
  });
});

describe('GET /admin/mines/stats', () => {
  it('matches the games (computed here in cents)', async () => {
    const games = await t.db.query<{
      amount: string;
      payout: string;
      active: boolean;
      outcome: string | null;
    }>('SELECT amount, payout, active, outcome FROM mine_games');
    const counted = games.filter((g) => g.outcome !== 'cancelled');
    const finished = games.filter((g) => g.outcome === 'won' || g.outcome === 'lost');
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const res = await t.call('GET', '/api/admin/mines/stats', { token });
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s.totalMineGames).toBe(counted.length);
    expect(cents(s.totalMineBets)).toBe(sum(counted.map((g) => cents(g.amount))));
    expect(cents(s.totalPayout)).toBe(sum(finished.map((g) => cents(g.payout))));
    expect(cents(s.adminProfit)).toBe(sum(finished.map((g) => cents(g.amount) - cents(g.payout))));
    expect(s.mineGameWins).toBe(finished.filter((g) => cents(g.payout) > 0).length);
    expect(s.mineGameLose).toBe(finished.filter((g) => cents(g.payout) === 0).length);
  });
});

describe('PUT /admin/mines/:id/status', () => {
  const balanceOf = async (userId: number) =>
    (await t.db.query<{ balance: string }>('SELECT balance FROM users WHERE id = $1', [userId]))[0]!.balance;
  const refunds = async (gameId: number) =>
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*) AS n FROM ledger WHERE reason = 'mine_refund' AND reference = $1`,
        [`mine_game:${gameId}`],
      )
    )[0]!.n;
  const activeGames = () =>
    t.db.query<{ id: number; user_id: number; amount: string }>(
      'SELECT id, user_id, amount FROM mine_games WHERE active ORDER BY id',
    );

  it('closes an active game as cancelled and refunds the bet exactly once', async () => {
    const [game] = await activeGames();
    const before = await balanceOf(game!.user_id);
    const res = await t.call('PUT', `${LIST}/${game!.id}/status`, { token, body: { status: 'false' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Game closed and bet refunded',
      data: { id: game!.id, status: 'false', payout: '0' },
    });
    expect(cents(await balanceOf(game!.user_id))).toBe(cents(before) + cents(game!.amount));
    expect(await refunds(game!.id)).toBe(1);
    const [row] = await t.db.query<{ active: boolean; outcome: string }>(
      'SELECT active, outcome FROM mine_games WHERE id = $1',
      [game!.id],
    );
    expect(row).toEqual({ active: false, outcome: 'cancelled' });

    const again = await t.call('PUT', `${LIST}/${game!.id}/status`, { token, body: { status: 'false' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'Game is not active' });
    expect(await refunds(game!.id)).toBe(1);
    expect(cents(await balanceOf(game!.user_id))).toBe(cents(before) + cents(game!.amount));
  });

  it('refunds once when called concurrently', async () => {
    const [game] = await activeGames();
    const before = await balanceOf(game!.user_id);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('PUT', `${LIST}/${game!.id}/status`, { token, body: { status: 'false' } }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await refunds(game!.id)).toBe(1);
    expect(cents(await balanceOf(game!.user_id))).toBe(cents(before) + cents(game!.amount));
    if (driver === 'postgres') expect(t.db.driver).toBe('postgres'); // parallel connections from the pool
  });

  it("answers 404 for an unknown game, 400 for 'true' on a finished game and keeps an active one", async () => {
    const missing = await t.call('PUT', `${LIST}/999999/status`, { token, body: { status: 'false' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Game not found' });
    expect(
      (await t.call('PUT', `${LIST}/999999/status`, { token, body: { status: 'true' } })).statusCode,
    ).toBe(404);

    const [finished] = await t.db.query<{ id: number }>(
      `SELECT id FROM mine_games WHERE outcome = 'won' LIMIT 1`,
    );
    const reopen = await t.call('PUT', `${LIST}/${finished!.id}/status`, { token, body: { status: 'true' } });
    expect(reopen.statusCode).toBe(400);
    expect(reopen.json().success).toBe(false);

    const [active] = await activeGames();
    const keep = await t.call('PUT', `${LIST}/${active!.id}/status`, { token, body: { status: 'true' } });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({
      message: 'Game is already active',
      data: { id: active!.id, status: 'true' },
    });
  });

  it('validates the id and the body, and needs a session and the XSRF header', async () => {
    const [active] = await activeGames();
    const cases: [string, unknown, string][] = [
      [`${LIST}/abc/status`, { status: 'false' }, 'id: ID must be a whole number'],
      [`${LIST}/0/status`, { status: 'false' }, 'id: ID must be a positive number'],
      [`${LIST}/${active!.id}/status`, { status: 'closed' }, "status: Status must be 'true' or 'false'"],
      [`${LIST}/${active!.id}/status`, {}, "status: Status must be 'true' or 'false'"],
    ];
    for (const [url, body, message] of cases) {
      const res = await t.call('PUT', url, { token, body: body as object });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect(
      (await t.call('PUT', `${LIST}/${active!.id}/status`, { body: { status: 'false' } })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.call('PUT', `${LIST}/${active!.id}/status`, {
          token,
          xsrf: 'mismatch',
          body: { status: 'false' },
        })
      ).statusCode,
    ).toBe(403);
    expect(await refunds(active!.id)).toBe(0);
  });

  it('the dashboard follows the refund and balances still equal the ledger', async () => {
    const stats = (await t.call('GET', '/api/admin/dashboard/stats', { token })).json().data;
    const { n } = await one<{ n: number }>('SELECT count(*) AS n FROM mine_games WHERE active');
    expect(stats.ActiveMineGames).toBe(n);
    const mismatched = await t.db.query(
      `SELECT u.id FROM users u LEFT JOIN (SELECT user_id, sum(amount) s FROM ledger GROUP BY user_id) l ON l.user_id = u.id
        WHERE u.balance <> coalesce(l.s, 0)`,
    );
    expect(mismatched).toEqual([]);
  });
});
