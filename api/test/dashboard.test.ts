import { type DashboardStats, emptyDashboardStats } from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '../src/db/types.ts';
import {
  computeDashboardStats,
  readDashboardStats,
  recountDashboard,
} from '../src/modules/dashboard/repository.ts';
import { SimulatedChain } from '../src/modules/payout/chain.ts';
import { PayoutWorker } from '../src/modules/payout/worker.ts';
import { seedDemo } from '../src/seed/index.ts';
import { createAdmin, createTestApp, driver, type TestApp } from './helpers.ts';
import { DAY, HOUR, makeLottery, makeTickets, makeUser } from './lottery-helpers.ts';

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
let token: string;
beforeAll(async () => {
  shared = await createTestApp();
  token = await shared.login();
});
afterAll(() => shared.close());

/**
 * The kept figures (what the API answers) against the full scan (DASHBOARD_STATS_SQL) of the same
 * database, and the API's answer too; returns the scan.
 */
async function kept(t: TestApp = shared, label = ''): Promise<DashboardStats> {
  const scan = await computeDashboardStats(t.db);
  expect(await readDashboardStats(t.db), `kept vs full scan ${label}`).toEqual(scan);
  const answer = await t.call('GET', STATS, { token: t === shared ? token : await t.login() });
  expect(answer.json().data, `API vs full scan ${label}`).toEqual(scan);
  return scan;
}

/** The figures that differ between two answers. */
const changed = (a: DashboardStats, b: DashboardStats) =>
  (Object.keys(a) as (keyof DashboardStats)[]).filter((key) => a[key] !== b[key]).sort();

/** Runs a write, then checks the kept figures and which ones moved. */
async function checkAfter(label: string, write: () => Promise<unknown>, moved: (keyof DashboardStats)[]) {
  const before = await kept(shared, `before ${label}`);
  await write();
  const now = await kept(shared, `after ${label}`);
  expect(changed(before, now), label).toEqual([...moved].sort());
  return now;
}

async function ok(method: string, url: string, body?: unknown) {
  const res = await shared.call(method, url, { token, body: body as object | undefined });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}

const one = async <T>(db: Db, sql: string, params: unknown[] = []) => (await db.query<T>(sql, params))[0]!;

async function pendingWithdrawal(amount = '12.5', status = 'pending'): Promise<number> {
  const user = await makeUser(shared);
  const row = await one<{ id: number }>(
    shared.db,
    `INSERT INTO withdrawals (user_id, amount, wallet_address, status)
     VALUES ($1, $2::numeric, '0xabcdef0123456789abcdef0123456789abcdef01', $3) RETURNING id`,
    [user, amount, status],
  );
  return row.id;
}

describe('dashboard stats', () => {
  it('needs a session', async () => {
    expect((await shared.call('GET', STATS)).statusCode).toBe(401);
    expect((await shared.call('POST', REFRESH)).statusCode).toBe(401);
  });

  it('is all zero on an empty platform', async () => {
    const res = await shared.call('GET', STATS, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Dashboard stats retrieved successfully',
      data: emptyDashboardStats,
    });
    expect(await computeDashboardStats(shared.db)).toEqual(emptyDashboardStats);
  });

  it('equals independent SQL counts on the demo data, with money as strings and counts as integers', async () => {
    await seedDemo(shared.db, { seed: 7 });
    const res = await shared.call('GET', STATS, { token });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual(await expectedStats(shared));
    expect(data).toEqual(await kept());
    expect(typeof data.totalDepositsUsd).toBe('string');
    expect(typeof data.totalUsers).toBe('number');
    // Every status shows up in the demo data.
    expect(data.ActiveLotteries).toBeGreaterThan(0);
    expect(data.ActiveMineGames).toBeGreaterThan(0);
    expect(data.MineGameWins).toBeGreaterThan(0);
    expect(data.MineGameLose).toBeGreaterThan(0);
    expect(data.pendingWithdrawalsCount).toBeGreaterThan(0);
    expect(Number(data.LotteryAdminProfit)).toBeGreaterThan(0);
    expect(Number(data.TotalLotteryOutgoing)).toBeGreaterThan(0);
    expect(data.totalUsers).toBe(147); // 150 users, 3 deleted
  });

  it('refresh returns the same figures and validates its optional body', async () => {
    const stats = (await shared.call('GET', STATS, { token })).json().data;
    for (const body of [undefined, {}, { metrics: ['mines', 'users'] }]) {
      const res = await shared.call('POST', REFRESH, { token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Dashboard stats refreshed successfully',
        data: stats,
      });
    }
    const empty = await shared.call('POST', REFRESH, {
      token,
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(200);
    const bad = await shared.call('POST', REFRESH, { token, body: { metrics: ['bogus'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^metrics\.0: /);
    expect(
      (await shared.call('POST', REFRESH, { token, body: { metrics: 'mines' } })).json().message,
    ).toMatch(/^metrics: /);
  });
});

describe('the kept figures follow every write the API makes', () => {
  it('withdrawal decisions: approve, reject (refund), bulk, four-eyes', async () => {
    const [a, b, c, d, e] = [
      await pendingWithdrawal('12.5'),
      await pendingWithdrawal('7.25', 'waiting'),
      await pendingWithdrawal('1.00000001'),
      await pendingWithdrawal('2'),
      await pendingWithdrawal('3', 'waiting'),
    ];
    const pendingFigures: (keyof DashboardStats)[] = ['pendingWithdrawalsCount', 'pendingWithdrawalsUsd'];
    await checkAfter(
      'approve',
      () => ok('POST', '/api/admin/withdrawal/update', { withdrawal_id: String(a), status: 'approved' }),
      [...pendingFigures, 'totalWithdrawalsUsd'],
    );
    await checkAfter(
      'reject with a refund',
      () =>
        ok('POST', '/api/admin/withdrawal/update', {
          withdrawal_id: String(b),
          status: 'rejected',
          reason: 'no',
        }),
      pendingFigures,
    );
    await checkAfter(
      'bulk approve, one already decided',
      () =>
        ok('POST', '/api/admin/withdrawal/update-bulk', {
          withdrawal_ids: [String(c), String(d), String(a)],
          status: 'approved',
        }),
      [...pendingFigures, 'totalWithdrawalsUsd'],
    );
    await checkAfter(
      'bulk reject',
      () =>
        ok('POST', '/api/admin/withdrawal/update-bulk', {
          withdrawal_ids: [String(e)],
          status: 'rejected',
          reason: 'bulk',
        }),
      pendingFigures,
    );

    // Four-eyes: the first approval leaves it pending (awaiting_approval counts as pending).
    const big = await pendingWithdrawal('20000');
    await checkAfter(
      'first approval of four-eyes',
      () => ok('POST', '/api/admin/withdrawal/update', { withdrawal_id: String(big), status: 'approved' }),
      [],
    );
    const second = `second-${Date.now()}@example.com`;
    await createAdmin(shared.db, { email: second, password: 'secret123' });
    const other = await shared.login(second, 'secret123');
    await checkAfter('second approval of four-eyes', async () => {
      const res = await shared.call('POST', '/api/admin/withdrawal/update', {
        token: other,
        body: { withdrawal_id: String(big), status: 'approved' },
      });
      expect(res.json().data.status).toBe('approved');
    }, [...pendingFigures, 'totalWithdrawalsUsd']);
    // The payout worker completes approved withdrawals: approved -> completed keeps the figures.
    const run = await checkAfter(
      'payouts',
      () => new PayoutWorker(shared.db, new SimulatedChain()).runOnce(),
      [],
    );
    expect(run).toBeDefined();
    const completed = await one<{ n: number }>(
      shared.db,
      `SELECT count(*) AS n FROM withdrawals WHERE id = ANY($1::int[]) AND status = 'completed'`,
      [[a, c, d, big]],
    );
    expect(completed.n).toBe(4);
  });

  it('users: block, unblock, status, delete', async () => {
    const id = await makeUser(shared);
    await checkAfter('block', () => ok('PUT', `/api/admin/user/${id}/block`, { reason: 'spam' }), []);
    await checkAfter('unblock', () => ok('PUT', `/api/admin/user/${id}/unblock`, {}), []);
    await checkAfter('inactive', () => ok('PUT', `/api/admin/user/${id}`, { status: 'inactive' }), []);
    await checkAfter(
      'delete',
      async () =>
        expect((await shared.call('DELETE', `/api/admin/user/${id}`, { token })).statusCode).toBe(200),
      ['totalUsers'],
    );
  });

  it('support tickets: close, reopen, update', async () => {
    const user = await makeUser(shared);
    const { id } = await one<{ id: number }>(
      shared.db,
      `INSERT INTO support_tickets (user_id, type, message) VALUES ($1, 'account', 'help') RETURNING id`,
      [user],
    );
    const moved: (keyof DashboardStats)[] = ['closedSupportTickets', 'openSupportTickets'];
    await checkAfter(
      'close',
      async () =>
        expect((await shared.call('DELETE', `/api/admin/support/${id}`, { token })).statusCode).toBe(200),
      moved,
    );
    await checkAfter('reopen', () => ok('PUT', `/api/admin/support/${id}`, { status: 'open' }), moved);
    await checkAfter(
      'remarks',
      () => ok('PUT', `/api/admin/support/${id}`, { status: 'open', remarks: 'x' }),
      [],
    );
    await checkAfter('closed', () => ok('PUT', `/api/admin/support/${id}`, { status: 'closed' }), moved);
  });

  it('mines: cancelling an active game (refund)', async () => {
    const user = await makeUser(shared);
    const { id } = await one<{ id: number }>(
      shared.db,
      `INSERT INTO mine_games (user_id, mines_count, amount) VALUES ($1, 3, 4.5) RETURNING id`,
      [user],
    );
    await checkAfter('cancel', () => ok('PUT', `/api/admin/mines/${id}/status`, { status: 'false' }), [
      'ActiveMineGames',
      'TotalMineBets',
      'TotalMineGames',
    ]);
  });

  it('lotteries: create, delete an upcoming one (its tickets leave the figures), publish', async () => {
    const start = new Date(Date.now() + 2 * DAY);
    const created = await checkAfter(
      'create',
      () =>
        ok('POST', '/api/admin/lottery', {
          name: 'Dashboard Pool',
          ticket_price: '3',
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + DAY).toISOString(),
          result_time: 2,
          winners: 1,
          winner_distributions: [{ rank: 1, percentage: 50 }],
          admin_share: 50,
        }),
      [],
    );
    expect(created).toBeDefined();
    const { id } = await one<{ id: number }>(
      shared.db,
      `SELECT id FROM lotteries WHERE name = 'Dashboard Pool' ORDER BY id DESC LIMIT 1`,
    );
    const users = [await makeUser(shared), await makeUser(shared)];
    // Not through the API (tickets are sold by the platform), as the seed makes them.
    await checkAfter('tickets of an upcoming lottery', () => makeTickets(shared, id, users, 5), [
      'TotalLotteryIncoming',
      'TotalTickets',
    ]);
    await checkAfter(
      'delete the upcoming lottery',
      async () =>
        expect((await shared.call('DELETE', `/api/admin/lottery/${id}`, { token })).statusCode).toBe(200),
      ['TotalLotteryIncoming', 'TotalTickets'],
    );

    const closed = await makeLottery(shared, { start: Date.now() - 3 * DAY, end: Date.now() - DAY });
    await makeTickets(shared, closed, users, 12);
    await makeTickets(shared, closed, users, 2, { status: 'cancelled' });
    const winners = (await ok('POST', `/api/admin/lottery/${closed}/draw`)) as {
      rank: number;
      percentage: number;
      ticket_number: string;
    }[];
    const published = await checkAfter(
      'publish',
      () =>
        ok('POST', '/api/admin/lottery/publish', {
          lottery_id: closed,
          result: winners.map((w) => ({
            rank: w.rank,
            percentage: w.percentage,
            ticket_number: w.ticket_number,
          })),
        }),
      ['LotteryAdminProfit', 'TotalLotteryOutgoing'],
    );
    expect(Number(published.TotalLotteryOutgoing)).toBeGreaterThan(0);
  });
});

describe('the kept figures follow writes made in SQL (the platform, the seed, bulk fixes)', () => {
  it('deposits: inserted in bulk, completed later, deleted', async () => {
    const users = [await makeUser(shared), await makeUser(shared)];
    await checkAfter(
      'bulk insert of every status',
      () =>
        shared.db.query(
          `INSERT INTO transactions (user_id, amount, currency, status)
           SELECT ($1::int[])[1 + g % 2], g * 1.01010101, 'usd', (ARRAY['completed', 'waiting', 'failed'])[1 + g % 3]
             FROM generate_series(1, 30) g`,
          [users],
        ),
      ['totalDepositsCount', 'totalDepositsUsd'],
    );
    await checkAfter(
      'waiting -> completed, set-based',
      () =>
        shared.db.query(
          `UPDATE transactions SET status = 'completed' WHERE user_id = ANY($1) AND status = 'waiting'`,
          [users],
        ),
      ['totalDepositsCount', 'totalDepositsUsd'],
    );
    await checkAfter(
      'an amount corrected',
      () =>
        shared.db.query(
          `UPDATE transactions SET amount = amount + 0.00000001 WHERE id = (SELECT min(id) FROM transactions WHERE user_id = ANY($1) AND status = 'completed')`,
          [users],
        ),
      ['totalDepositsUsd'],
    );
    await checkAfter(
      'failed ones touched',
      () => shared.db.query(`UPDATE transactions SET updated_at = now() WHERE status = 'failed'`),
      [],
    );
    await checkAfter(
      'deleted',
      () => shared.db.query('DELETE FROM transactions WHERE user_id = ANY($1)', [users]),
      ['totalDepositsCount', 'totalDepositsUsd'],
    );
  });

  it('users: inserted, deleted and restored in bulk, removed for good', async () => {
    const made = await shared.db.query<{ id: number }>(
      `INSERT INTO users (username, email)
       SELECT 'bulk_' || g || '_' || $1::text, 'bulk_' || g || '_' || $1::text || '@example.test' FROM generate_series(1, 10) g
       RETURNING id`,
      [String(Date.now())],
    );
    const ids = made.map((u) => u.id);
    await kept(shared, 'after the bulk insert');
    await checkAfter(
      'soft delete',
      () => shared.db.query('UPDATE users SET deleted_at = now() WHERE id = ANY($1)', [ids]),
      ['totalUsers'],
    );
    await checkAfter(
      'restored',
      () => shared.db.query('UPDATE users SET deleted_at = NULL WHERE id = ANY($1) AND id % 2 = 0', [ids]),
      ['totalUsers'],
    );
    await checkAfter(
      'removed for good',
      () => shared.db.query('DELETE FROM users WHERE id = ANY($1)', [ids]),
      ['totalUsers'],
    );
  });

  it('lottery tickets: bought, cancelled, prizes set by hand, deleted', async () => {
    const users = [await makeUser(shared), await makeUser(shared)];
    const open = await makeLottery(shared, { start: Date.now() - DAY, end: Date.now() + DAY });
    const done = await makeLottery(shared, { start: Date.now() - 3 * DAY, end: Date.now() - DAY });
    let ids: number[] = [];
    await checkAfter('bought', async () => {
      ids = await makeTickets(shared, open, users, 20, { price: '1.5' });
    }, ['TotalLotteryIncoming', 'TotalTickets']);
    await checkAfter(
      'cancelled',
      () =>
        shared.db.query(`UPDATE lottery_tickets SET status = 'cancelled' WHERE id = ANY($1)`, [
          ids.slice(0, 4),
        ]),
      ['TotalLotteryIncoming', 'TotalTickets'],
    );
    const prized = await makeTickets(shared, done, users, 6);
    await checkAfter(
      'prizes of a lottery not distributed yet count nowhere',
      () =>
        shared.db.query(
          `UPDATE lottery_tickets SET winning_amount = 1.25, is_winner = true WHERE id = ANY($1)`,
          [prized],
        ),
      [],
    );
    await checkAfter(
      'distributed',
      () =>
        shared.db.query(
          'UPDATE lotteries SET prize_distributed = true, distributed_at = now() WHERE id = $1',
          [done],
        ),
      ['LotteryAdminProfit', 'TotalLotteryOutgoing'],
    );
    await checkAfter(
      'deleted',
      () => shared.db.query('DELETE FROM lottery_tickets WHERE id = ANY($1)', [[...ids, ...prized]]),
      ['LotteryAdminProfit', 'TotalLotteryIncoming', 'TotalLotteryOutgoing', 'TotalTickets'],
    );
  });

  it('mine games: started, won, lost, deleted', async () => {
    const user = await makeUser(shared);
    const games = await shared.db.query<{ id: number }>(
      `INSERT INTO mine_games (user_id, mines_count, amount) SELECT $1, 3, g + 0.5 FROM generate_series(1, 6) g RETURNING id`,
      [user],
    );
    const ids = games.map((g) => g.id);
    await kept(shared, 'after the games started');
    await checkAfter(
      'won and lost, one statement',
      () =>
        shared.db.query(
          `UPDATE mine_games SET active = false, finished_at = now(),
                  outcome = CASE WHEN id % 2 = 0 THEN 'won' ELSE 'lost' END,
                  payout = CASE WHEN id % 2 = 0 THEN amount * 2 ELSE 0 END
            WHERE id = ANY($1)`,
          [ids],
        ),
      ['ActiveMineGames', 'AdminProfit', 'MineGameLose', 'MineGameWins', 'TotalMineWinnings'],
    );
    await checkAfter('deleted', () => shared.db.query('DELETE FROM mine_games WHERE id = ANY($1)', [ids]), [
      'AdminProfit',
      'MineGameLose',
      'MineGameWins',
      'TotalMineBets',
      'TotalMineGames',
      'TotalMineWinnings',
    ]);
  });

  it('withdrawals and support tickets: inserted, changed in bulk, deleted', async () => {
    const user = await makeUser(shared);
    await checkAfter(
      'withdrawals of every status',
      () =>
        shared.db.query(
          `INSERT INTO withdrawals (user_id, amount, status)
           SELECT $1, g * 0.3, (ARRAY['waiting', 'pending', 'awaiting_approval', 'approved', 'rejected', 'cancelled', 'pending_otp', 'completed'])[1 + g % 8]
             FROM generate_series(1, 40) g`,
          [user],
        ),
      ['pendingWithdrawalsCount', 'pendingWithdrawalsUsd', 'totalWithdrawalsUsd'],
    );
    await checkAfter(
      'all pending approved at once',
      () =>
        shared.db.query(
          `UPDATE withdrawals SET status = 'approved' WHERE user_id = $1 AND status = 'pending'`,
          [user],
        ),
      ['pendingWithdrawalsCount', 'pendingWithdrawalsUsd', 'totalWithdrawalsUsd'],
    );
    await checkAfter('deleted', () => shared.db.query('DELETE FROM withdrawals WHERE user_id = $1', [user]), [
      'pendingWithdrawalsCount',
      'pendingWithdrawalsUsd',
      'totalWithdrawalsUsd',
    ]);
    await checkAfter(
      'support tickets',
      () =>
        shared.db.query(
          `INSERT INTO support_tickets (user_id, type, message, status)
           SELECT $1, 'account', 'm' || g, CASE WHEN g % 3 = 0 THEN 'closed' ELSE 'open' END FROM generate_series(1, 9) g`,
          [user],
        ),
      ['closedSupportTickets', 'openSupportTickets', 'totalSupportMessages'],
    );
    await checkAfter(
      'support tickets deleted',
      () => shared.db.query('DELETE FROM support_tickets WHERE user_id = $1', [user]),
      ['closedSupportTickets', 'openSupportTickets', 'totalSupportMessages'],
    );
  });

  it('a rolled-back transaction, a savepoint rolled back and a failed statement change nothing', async () => {
    const user = await makeUser(shared);
    const before = await kept(shared, 'before');
    await expect(
      shared.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO transactions (user_id, amount, currency, status) VALUES ($1, 50, 'usd', 'completed')`,
          [user],
        );
        await tx.query(`UPDATE withdrawals SET status = 'approved' WHERE status = 'pending'`);
        await tx.query('UPDATE users SET deleted_at = now() WHERE id = $1', [user]);
        await tx.query(`UPDATE mine_games SET active = false, outcome = 'lost' WHERE active`);
        await tx.query(`UPDATE support_tickets SET status = 'closed'`);
        await tx.query(`UPDATE lottery_tickets SET status = 'cancelled'`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await kept(shared, 'after the rollback')).toEqual(before);

    await shared.db.transaction(async (tx) => {
      await tx.query('SAVEPOINT s');
      await tx.query(
        `INSERT INTO transactions (user_id, amount, currency, status) VALUES ($1, 50, 'usd', 'completed')`,
        [user],
      );
      await tx.query(`UPDATE support_tickets SET status = 'closed'`);
      await tx.query('ROLLBACK TO SAVEPOINT s');
      await tx.query(`INSERT INTO support_tickets (user_id, type, message) VALUES ($1, 'account', 'kept')`, [
        user,
      ]);
    });
    const saved = await kept(shared, 'after the savepoint');
    expect(changed(before, saved)).toEqual(['openSupportTickets', 'totalSupportMessages']);

    // The second row breaks a CHECK: the whole statement (and its trigger's counts) is undone.
    await expect(
      shared.db.query(
        `INSERT INTO transactions (user_id, amount, currency, status) VALUES ($1, 10, 'usd', 'completed'), ($1, -1, 'usd', 'completed')`,
        [user],
      ),
    ).rejects.toThrow();
    expect(await kept(shared, 'after a failed statement')).toEqual(saved);
  });

  it('active lotteries follow the clock, with no write at all', async () => {
    const before = await kept(shared);
    const start = Date.now() + 2500;
    await makeLottery(shared, { start, end: start + HOUR });
    const early = await kept(shared);
    // (Checked only when this machine was quick enough to read before the start.)
    if (Date.now() < start - 100) expect(early.ActiveLotteries).toBe(before.ActiveLotteries);
    await new Promise((resolve) => setTimeout(resolve, start + 200 - Date.now()));
    expect((await kept(shared)).ActiveLotteries).toBe(before.ActiveLotteries + 1);
  });
});

describe('concurrent writes', () => {
  it('parallel decisions, races and SQL transactions (some rolled back) keep every figure exact', async () => {
    const withdrawals = await Promise.all(
      Array.from({ length: 24 }, (_, i) => pendingWithdrawal(`${i + 1}.5`)),
    );
    const user = await makeUser(shared);
    const tickets = await shared.db.query<{ id: number }>(
      `INSERT INTO support_tickets (user_id, type, message) SELECT $1, 'account', 'c' || g FROM generate_series(1, 12) g RETURNING id`,
      [user],
    );
    const games = await shared.db.query<{ id: number }>(
      `INSERT INTO mine_games (user_id, mines_count, amount) SELECT $1, 2, g FROM generate_series(1, 8) g RETURNING id`,
      [user],
    );
    const doomed = await Promise.all(Array.from({ length: 8 }, () => makeUser(shared)));
    const call = (method: string, url: string, body?: unknown) =>
      shared.call(method, url, { token, body: body as object | undefined }).then((r) => r.statusCode);
    const sqlWrite = (n: number) =>
      shared.db
        .transaction(async (tx) => {
          await tx.query(
            `INSERT INTO transactions (user_id, amount, currency, status) VALUES ($1, $2, 'usd', 'completed')`,
            [user, n + 0.25],
          );
          await tx.query(`INSERT INTO users (username, email) VALUES ($1, $1 || '@example.test')`, [
            `conc_${process.pid}_${Date.now()}_${n}`,
          ]);
          if (n % 3 === 0) throw new Error('rolled back');
        })
        .then(
          () => 200,
          () => 0,
        );
    const calls: Promise<number>[] = [
      // Each decision twice at once: one wins, the other gets 409.
      ...withdrawals.flatMap((id, i) =>
        Array.from({ length: 2 }, () =>
          call('POST', '/api/admin/withdrawal/update', {
            withdrawal_id: String(id),
            status: i % 2 ? 'approved' : 'rejected',
            reason: 'race',
          }),
        ),
      ),
      ...tickets.map((t) => call('DELETE', `/api/admin/support/${t.id}`)),
      ...games.flatMap((g) => [
        call('PUT', `/api/admin/mines/${g.id}/status`, { status: 'false' }),
        call('PUT', `/api/admin/mines/${g.id}/status`, { status: 'false' }),
      ]),
      ...doomed.map((id) => call('DELETE', `/api/admin/user/${id}`)),
      ...Array.from({ length: 12 }, (_, n) => sqlWrite(n)),
    ];
    const codes = await Promise.all(calls.sort(() => Math.random() - 0.5));
    expect(codes.filter((c) => c === 200).length).toBe(24 + 12 + 8 + 8 + 8);
    await kept(shared, 'after the concurrent writes');
    if (driver === 'postgres') {
      // Several connections wrote: their changes went to several slots, none waited on another's.
      const slots = await one<{ n: number }>(shared.db, 'SELECT count(*) AS n FROM dashboard_withdrawals');
      expect(slots.n).toBeGreaterThan(1);
    }
  });
});

describe('what the API reads', () => {
  it('a change made behind its back, or through another replica, shows at the next call (no cache)', async () => {
    // 30 s was the default stats cache before the dashboard counters (docs/performance.md): it is gone,
    // whatever the environment says.
    const a = await createTestApp({ db: shared.db, env: { STATS_CACHE_MS: '30000' } });
    const b = await createTestApp({ db: shared.db, env: { STATS_CACHE_MS: '30000' } });
    try {
      const [ta, tb] = [await a.login(), await b.login()];
      const read = async (app: TestApp, tk: string) =>
        (await app.call('GET', STATS, { token: tk })).json().data;
      const first = await read(a, ta);
      await read(b, tb);
      const user = await makeUser(shared);
      await shared.db.query(
        `INSERT INTO transactions (user_id, amount, currency, status) VALUES ($1, 99.99, 'usd', 'completed')`,
        [user],
      );
      const second = await read(a, ta);
      expect(second.totalDepositsCount).toBe(first.totalDepositsCount + 1);
      expect(second.totalUsers).toBe(first.totalUsers + 1);
      expect((await a.call('DELETE', `/api/admin/user/${user}`, { token: ta })).statusCode).toBe(200);
      expect((await read(b, tb)).totalUsers).toBe(first.totalUsers);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('never scans the platform tables per request: only the kept figures and the lotteries', async () => {
    const seen: string[] = [];
    const spy: DbHandle = {
      ...shared.db,
      query: (sql, params) => {
        seen.push(sql);
        return shared.db.query(sql, params);
      },
    };
    const app = await createTestApp({ db: spy });
    try {
      const tk = await app.login();
      seen.length = 0;
      expect((await app.call('GET', STATS, { token: tk })).statusCode).toBe(200);
      expect((await app.call('POST', REFRESH, { token: tk })).statusCode).toBe(200);
      const scans = seen.filter((sql) =>
        /\b(from|join)\s+(users|transactions|withdrawals|support_tickets|lottery_tickets|mine_games)\b/i.test(
          sql,
        ),
      );
      expect(scans).toEqual([]);
      expect(seen.some((sql) => sql.includes('dashboard_users'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('recount', () => {
  it('finds nothing to correct after all of the above, then repairs changes made with the triggers off', async () => {
    expect(await recountDashboard(shared.db)).toEqual({ drift: {}, lotteryRows: 0 });
    const user = await makeUser(shared);
    const lottery = await makeLottery(shared, { start: Date.now() - DAY, end: Date.now() + DAY });
    const before = await kept(shared);
    // A bulk fix with the triggers off (as a logical replica or a restore with --disable-triggers applies rows).
    await shared.db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(
        `INSERT INTO transactions (user_id, amount, currency, status) VALUES ($1, 5.5, 'usd', 'completed')`,
        [user],
      );
      await tx.query(
        `INSERT INTO lottery_tickets (lottery_id, user_id, price, ticket_number) VALUES ($1, $2, 2, 'ZZ00001')`,
        [lottery, user],
      );
      await tx.query(
        `UPDATE support_tickets SET status = 'closed' WHERE id = (SELECT min(id) FROM support_tickets WHERE status = 'open')`,
      );
    });
    const scan = await computeDashboardStats(shared.db);
    const stale = await readDashboardStats(shared.db);
    expect(changed(stale, scan)).toEqual([
      'TotalLotteryIncoming',
      'TotalTickets',
      'closedSupportTickets',
      'openSupportTickets',
      'totalDepositsCount',
      'totalDepositsUsd',
    ]);
    expect(stale).toEqual(before);
    expect(await recountDashboard(shared.db)).toEqual({
      drift: {
        totalDepositsUsd: '-5.5',
        totalDepositsCount: -1,
        openSupportTickets: 1,
        closedSupportTickets: -1,
      },
      lotteryRows: 1,
    });
    expect(await kept(shared, 'after the recount')).toEqual(scan);
    expect(await recountDashboard(shared.db)).toEqual({ drift: {}, lotteryRows: 0 });
  });

  it('TRUNCATE empties the figures of the table', async () => {
    const t = await createTestApp();
    try {
      await seedDemo(t.db, { seed: 3 });
      await kept(t, 'demo data');
      await t.db.query('TRUNCATE support_tickets, mine_games, transactions, withdrawals, lottery_tickets');
      const after = await kept(t, 'after TRUNCATE');
      expect(after).toMatchObject({
        totalSupportMessages: 0,
        TotalMineGames: 0,
        totalDepositsCount: 0,
        TotalTickets: 0,
      });
      expect(after.totalUsers).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
