import { emptyDashboardStats } from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const STATS = '/api/admin/dashboard/stats';
const REFRESH = '/api/admin/dashboard/refresh';

/** The expected figures, each from its own simple query (not the API's statement). */
async function expectedStats(t: TestApp) {
  const one = async (sql: string) => Object.values((await t.db.query<Record<string, unknown>>(sql))[0]!)[0];
  return {
    totalUsers: await one('SELECT count(*) FROM users WHERE deleted_at IS NULL'),
    totalDepositsUsd: await one(
      `SELECT coalesce(sum(amount), 0) FROM transactions WHERE status = 'completed'`,
    ),
    totalDepositsCount: await one(`SELECT count(*) FROM transactions WHERE status = 'completed'`),
    totalWithdrawalsUsd: await one(
      `SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE status IN ('approved', 'completed')`,
    ),
    pendingWithdrawalsUsd: await one(
      `SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE status IN ('pending', 'waiting')`,
    ),
    pendingWithdrawalsCount: await one(
      `SELECT count(*) FROM withdrawals WHERE status IN ('pending', 'waiting')`,
    ),
    totalSupportMessages: await one('SELECT count(*) FROM support_tickets'),
    openSupportTickets: await one(`SELECT count(*) FROM support_tickets WHERE status = 'open'`),
    closedSupportTickets: await one(`SELECT count(*) FROM support_tickets WHERE status = 'closed'`),
    ActiveLotteries: await one(
      `SELECT count(*) FROM lotteries WHERE deleted_at IS NULL AND lottery_status(start_time, end_time, prize_distributed, now()) = 'open'`,
    ),
    TotalTickets: await one(`SELECT count(*) FROM lottery_tickets WHERE status <> 'cancelled'`),
    TotalLotteryIncoming: await one(
      `SELECT coalesce(sum(price), 0) FROM lottery_tickets WHERE status <> 'cancelled'`,
    ),
    TotalLotteryOutgoing: await one(
      `SELECT coalesce(sum(amount), 0) FROM ledger WHERE reason = 'lottery_prize'`,
    ),
    LotteryAdminProfit: await one(
      `SELECT (SELECT coalesce(sum(t.price), 0) FROM lottery_tickets t JOIN lotteries l ON l.id = t.lottery_id
                WHERE l.prize_distributed AND t.status <> 'cancelled')
            - (SELECT coalesce(sum(amount), 0) FROM ledger WHERE reason = 'lottery_prize')`,
    ),
    TotalMineGames: await one(
      `SELECT count(*) FROM mine_games WHERE outcome IS NULL OR outcome <> 'cancelled'`,
    ),
    ActiveMineGames: await one('SELECT count(*) FROM mine_games WHERE active'),
    TotalMineBets: await one(
      `SELECT coalesce(sum(amount), 0) FROM mine_games WHERE outcome IS NULL OR outcome <> 'cancelled'`,
    ),
    TotalMineWinnings: await one(`SELECT coalesce(sum(amount), 0) FROM ledger WHERE reason = 'mine_payout'`),
    AdminProfit: await one(
      `SELECT (SELECT coalesce(sum(amount), 0) FROM mine_games WHERE outcome IN ('won', 'lost'))
            - (SELECT coalesce(sum(amount), 0) FROM ledger WHERE reason = 'mine_payout')`,
    ),
    MineGameWins: await one(
      `SELECT count(*) FROM mine_games WHERE NOT active AND outcome <> 'cancelled' AND payout > 0`,
    ),
    MineGameLose: await one(
      `SELECT count(*) FROM mine_games WHERE NOT active AND outcome <> 'cancelled' AND payout = 0`,
    ),
  };
}

let shared: TestApp;
beforeAll(async () => {
  shared = await createTestApp();
});
afterAll(() => shared.close());

describe('dashboard stats', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = shared;
    token = await t.login();
  });

  it('needs a session', async () => {
    expect((await t.call('GET', STATS)).statusCode).toBe(401);
    expect((await t.call('POST', REFRESH)).statusCode).toBe(401);
  });

  it('is all zero on an empty platform', async () => {
    const res = await t.call('GET', STATS, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Dashboard stats retrieved successfully',
      data: emptyDashboardStats,
    });
  });

  it('equals independent SQL counts on the demo data, with money as strings and counts as integers', async () => {
    await seedDemo(t.db, { seed: 7 });
    const res = await t.call('GET', STATS, { token });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual(await expectedStats(t));
    expect(typeof data.totalDepositsUsd).toBe('string');
    expect(typeof data.totalUsers).toBe('number');
    // Every status shows up in the demo data.
    expect(data.ActiveLotteries).toBeGreaterThan(0);
    expect(data.ActiveMineGames).toBeGreaterThan(0);
    expect(data.MineGameWins).toBeGreaterThan(0);
    expect(data.MineGameLose).toBeGreaterThan(0);
    expect(data.pendingWithdrawalsCount).toBeGreaterThan(0);
    expect(Number(data.LotteryAdminProfit)).toBeGreaterThan(0);
    expect(data.totalUsers).toBe(147); // 150 users, 3 deleted
  });

  it('refresh returns the same figures and validates its optional body', async () => {
    const stats = (await t.call('GET', STATS, { token })).json().data;
    for (const body of [undefined, {}, { metrics: ['mines', 'users'] }]) {
      const res = await t.call('POST', REFRESH, { token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Dashboard stats refreshed successfully',
        data: stats,
      });
    }
    const empty = await t.call('POST', REFRESH, {
      token,
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(200);
    const bad = await t.call('POST', REFRESH, { token, body: { metrics: ['bogus'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^metrics\.0: /);
    expect((await t.call('POST', REFRESH, { token, body: { metrics: 'mines' } })).json().message).toMatch(
      /^metrics: /,
    );
  });
});

describe('dashboard cache', () => {
  it('serves cached figures until refresh recomputes them', async () => {
    const t = await createTestApp({ db: shared.db, env: { STATS_CACHE_MS: '600000' } });
    try {
      const token = await t.login();
      const first = (await t.call('GET', STATS, { token })).json().data;
      await t.db.query(`INSERT INTO users (username, email) VALUES ('late', 'late@example.com')`);
      expect((await t.call('GET', STATS, { token })).json().data.totalUsers).toBe(first.totalUsers);
      const refreshed = await t.call('POST', REFRESH, { token });
      expect(refreshed.json().data.totalUsers).toBe(first.totalUsers + 1);
      expect((await t.call('GET', STATS, { token })).json().data.totalUsers).toBe(first.totalUsers + 1);
    } finally {
      await t.close();
    }
  });
});
