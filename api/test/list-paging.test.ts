import {
  adminsListQuery,
  auditListQuery,
  supportListQuery,
  supportSortFields,
  transactionSortFields,
  transactionsListQuery,
  userSortFields,
  usersListQuery,
  withdrawalSortFields,
  withdrawalsListQuery,
} from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearPaging,
  type ListSpec,
  pagingStats,
  STRIDE,
  setPagingStride,
  setStalePaging,
  settlePaging,
} from '../src/db/paging.ts';
import type { SqlStatement } from '../src/db/sql-helpers.ts';
import type { DbHandle } from '../src/db/types.ts';
import { adminsList, findManagedAdmin, listAdmins } from '../src/modules/admins/repository.ts';
import { AUDIT_COLUMNS, auditList, auditWhere, listAudit } from '../src/modules/audit/repository.ts';
import {
  buildLotteryListQuery,
  buildLotteryTicketsQuery,
  listLotteries,
  listTickets as listLotteryTickets,
  lotteriesList,
  ticketsList,
} from '../src/modules/lottery/repository.ts';
import {
  activeGamesList,
  bigWinsList,
  findGame,
  listActiveGames,
  listBigWins,
} from '../src/modules/mines/repository.ts';
import {
  buildSupportCountQuery,
  buildSupportListQuery,
  listTickets as listSupportTickets,
  supportList,
} from '../src/modules/support/repository.ts';
import {
  buildTransactionsCountQuery,
  buildTransactionsListQuery,
  listTransactions,
  transactionsList,
} from '../src/modules/transactions/repository.ts';
import {
  buildUsersCountQuery,
  buildUsersListQuery,
  listUsers,
  usersList,
  usersWhere,
} from '../src/modules/users/repository.ts';
import {
  buildWithdrawalsCountQuery,
  buildWithdrawalsListQuery,
  listWithdrawals,
  withdrawalsList,
} from '../src/modules/withdrawals/repository.ts';
import { freshDb } from './helpers.ts';

/*
 * Paging of the lists (src/db/paging.ts, migration 014): every list's repository function answers, page
 * for page, what the plain statements (LIMIT/OFFSET and count(*)) answer, fresh after every write, and
 * the triggers that version the lists cover every column the lists filter or sort on.
 *
 * A boundary every 7 rows on a few hundred rows per list: deep pages seek from boundaries, pages straddle
 * them, and a page may start exactly on one.
 */
const TEST_STRIDE = 7;
const BASE = '2025-01-01T00:00:00.000Z';
/** The clock of the lottery lists. */
const NOW = new Date();

let db: DbHandle;

type Answer = { rows: unknown[]; total: number };

/** One list in one filter and order: its repository function and the plain statements it must equal. */
interface Case {
  label: string;
  list(page: number, size: number): Promise<Answer>;
  plain(page: number, size: number): Promise<Answer>;
}

const run = async (page: SqlStatement, count: SqlStatement): Promise<Answer> => {
  const rows = await db.query(page.text, page.values);
  const [c] = await db.query<{ n: number }>(count.text, count.values);
  return { rows, total: c!.n };
};

const unique = (pages: number[]) => [...new Set(pages.filter((p) => p >= 1))];

/**
 * Compares a case on first, second (straddling boundaries), middle, last and past-the-end pages, in an
 * order that takes every path of listPage: a count alone (page 1), then a walk for a deeper page, pages
 * from the boundaries and past the end; then, with nothing remembered, a deep page first (the walk's own
 * page) and a page that starts on a boundary. `nulls`: the number of rows whose first sort key is not
 * NULL; the pages around the first row without one are compared too.
 */
async function equivalent(c: Case, nulls?: number): Promise<number> {
  clearPaging(db);
  const { total } = await c.plain(1, 10);
  const compare = async (page: number, size: number) => {
    const [got, want] = [await c.list(page, size), await c.plain(page, size)];
    expect(got, `${c.label}, ${size} per page, page ${page}`).toEqual(want);
  };
  const last = Math.max(1, Math.ceil(total / 10));
  for (const page of unique([1, 2, Math.ceil(last / 2), last, last + 1])) await compare(page, 10);
  clearPaging(db);
  for (const page of unique([Math.ceil(total / TEST_STRIDE / 2), 2])) await compare(page, TEST_STRIDE);
  if (nulls !== undefined) {
    expect(nulls, c.label).toBeGreaterThan(TEST_STRIDE * 2);
    expect(nulls, c.label).toBeLessThan(total - 3);
    // A size whose page starts exactly on the first row without a key, when there is one.
    const exact = [...Array(99).keys()].map((i) => 100 - i).find((s) => nulls % s === 0 && s < nulls);
    for (const size of [10, 6, ...(exact ? [exact] : [])])
      for (const page of unique([Math.floor((nulls - 1) / size) + 1, Math.floor(nulls / size) + 1]))
        await compare(page, size);
  }
  return total;
}

// Seed ---------------------------------------------------------------------------------------------------

/**
 * A few hundred rows per list, with many equal sort keys (created_at, amount, payout, lower(name) and
 * last_login repeat) so the id tiebreak decides, NULL names and sign-in times, deleted rows, times to the
 * microsecond, and names with quotes, a backslash and a non-ASCII letter (boundary keys travel as text).
 */
async function seed(): Promise<void> {
  await db.query(
    `INSERT INTO users (name, username, email, status, role, last_login, created_at, deleted_at)
     SELECT CASE g % 4 WHEN 0 THEN NULL WHEN 1 THEN 'Name ' || (g % 7) WHEN 2 THEN 'name ' || (g % 7)
                     ELSE 'Zoë "O''Brien" \\ ' || (g % 7) END,
            CASE WHEN g % 5 = 0 THEN 'User_' ELSE 'user_' END || lpad(g::text, 4, '0'),
            'u' || g || CASE WHEN g % 2 = 0 THEN '@Example.test' ELSE '@example.test' END,
            CASE g % 5 WHEN 0 THEN 'blocked' WHEN 1 THEN 'inactive' ELSE 'active' END,
            CASE WHEN g % 3 = 0 THEN 'vip' ELSE 'user' END,
            CASE WHEN g % 3 = 0 THEN NULL ELSE $1::timestamptz + (g % 11) * interval '1 hour' END,
            $1::timestamptz + (g % 17) * interval '1 minute' + (g % 3) * interval '1 microsecond',
            CASE WHEN g % 23 = 0 THEN $1::timestamptz END
       FROM generate_series(1, 240) g`,
    [BASE],
  );
  const users = `(SELECT array_agg(id ORDER BY id) AS ids FROM users) u`;
  await db.query(
    `INSERT INTO transactions (user_id, amount, currency, payment_id, pay_currency, pay_address, status, created_at)
     SELECT u.ids[1 + g % array_length(u.ids, 1)], 1 + (g % 13) * 0.5, (ARRAY['usd', 'eur', 'btc'])[1 + g % 3],
            'pay_' || g, 'usdtbsc', CASE WHEN g % 4 = 0 THEN NULL ELSE 'Addr_' || (g % 50) END,
            (ARRAY['completed', 'waiting', 'failed'])[1 + (g / 3) % 3],
            $1::timestamptz + (g % 37) * interval '1 minute' + (g % 2) * interval '0.000123 second'
       FROM generate_series(1, 420) g, ${users}`,
    [BASE],
  );
  await db.query(
    `INSERT INTO withdrawals (user_id, amount, wallet_address, status, created_at)
     SELECT u.ids[1 + (g * 7) % array_length(u.ids, 1)], 1 + g % 11, 'wallet_' || g,
            (ARRAY['waiting', 'pending', 'awaiting_approval', 'approved', 'rejected', 'cancelled',
                   'pending_otp', 'completed'])[1 + g % 8],
            $1::timestamptz + (g % 31) * interval '1 minute'
       FROM generate_series(1, 300) g, ${users}`,
    [BASE],
  );
  await db.query(
    `INSERT INTO support_tickets (user_id, type, message, status, created_at)
     SELECT u.ids[1 + (g * 3) % array_length(u.ids, 1)], (ARRAY['account', 'payment', 'other'])[1 + g % 3],
            'message ' || g, CASE WHEN g % 3 = 0 THEN 'closed' ELSE 'open' END,
            $1::timestamptz + (g % 29) * interval '1 minute'
       FROM generate_series(1, 300) g, ${users}`,
    [BASE],
  );
  // Lotteries around the clock (upcoming, open, closed, completed) and tickets in the first two.
  await db.query(
    `INSERT INTO lotteries (name, ticket_price, start_time, end_time, result_time, winners_count,
                           winner_distributions, prize_distributed, created_at)
     SELECT 'Lottery ' || g, 2, $2::timestamptz + (g - 7) * interval '1 day',
            $2::timestamptz + (g - 5) * interval '1 day', $2::timestamptz + (g - 5) * interval '1 day', 1,
            '[{"rank": 1, "percentage": 80}]', g % 5 = 0, $1::timestamptz + (g % 3) * interval '1 minute'
       FROM generate_series(1, 14) g`,
    [BASE, NOW.toISOString()],
  );
  await db.query(
    `INSERT INTO lottery_tickets (lottery_id, user_id, price, status, created_at)
     SELECT l.ids[1 + g % 2], u.ids[1 + g % array_length(u.ids, 1)], 2,
            (ARRAY['active', 'inactive', 'cancelled'])[1 + (g / 2) % 3],
            $1::timestamptz + (g % 19) * interval '1 minute'
       FROM generate_series(1, 300) g, ${users}, (SELECT array_agg(id ORDER BY id) AS ids FROM lotteries) l`,
    [BASE],
  );
  await db.query(
    `INSERT INTO mine_games (user_id, mines_count, amount, active, outcome, payout, created_at)
     SELECT u.ids[1 + g % array_length(u.ids, 1)], 1 + g % 24, 1 + g % 5, g % 3 = 0,
            (ARRAY[NULL, 'won', 'lost'])[1 + g % 3], CASE WHEN g % 3 = 1 THEN 1 + g % 7 ELSE 0 END,
            $1::timestamptz + (g % 23) * interval '1 minute'
       FROM generate_series(1, 420) g, ${users}`,
    [BASE],
  );
  await db.query(
    `INSERT INTO audit_log (at, admin_id, admin_email, action, target_type, target_id)
     SELECT $1::timestamptz + (g % 29) * interval '1 minute' + (g % 2) * interval '1 microsecond', 1 + g % 5, 'admin' || (g % 5) || '@example.test',
            (ARRAY['withdrawal.update', 'withdrawal.approve', 'user.block', 'admin.create'])[1 + g % 4],
            (ARRAY['withdrawal', 'user', 'admin'])[1 + g % 3], (g % 10)::text
       FROM generate_series(1, 300) g`,
    [BASE],
  );
  await db.query(
    `INSERT INTO admins (email, name, password_hash, roles, status, deleted_at)
     SELECT 'staff' || g || '@example.test', 'Staff ' || (g % 9), 'x', ARRAY['finance'],
            CASE WHEN g % 4 = 0 THEN 'blocked' ELSE 'active' END, CASE WHEN g % 13 = 0 THEN now() END
       FROM generate_series(1, 150) g`,
  );
}

beforeAll(async () => {
  setPagingStride(TEST_STRIDE);
  db = await freshDb();
  await seed();
});
afterAll(async () => {
  setPagingStride(STRIDE);
  await db?.close();
});

// Cases ---------------------------------------------------------------------------------------------------

const str = (n: number) => String(n);
const DIRECTIONS = ['asc', 'desc'] as const;

function transactionsCase(filter: Record<string, unknown>, sort_by: string, sort_type: string): Case {
  const q = (page: number, size: number) =>
    transactionsListQuery.parse({ ...filter, sort_by, sort_type, page: str(page), per_page: str(size) });
  return {
    label: `transactions ${JSON.stringify(filter)} by ${sort_by} ${sort_type}`,
    list: (p, s) => listTransactions(db, q(p, s)),
    plain: (p, s) => run(buildTransactionsListQuery(q(p, s)), buildTransactionsCountQuery(q(p, s))),
  };
}

function usersCase(filter: Record<string, unknown>, sort_by: string, sort_type: string): Case {
  const q = (page: number, size: number) =>
    usersListQuery.parse({ ...filter, sort_by, sort_type, page: str(page), per_page: str(size) });
  return {
    label: `users ${JSON.stringify(filter)} by ${sort_by} ${sort_type}`,
    list: (p, s) => listUsers(db, q(p, s)),
    plain: (p, s) => run(buildUsersListQuery(q(p, s)), buildUsersCountQuery(q(p, s))),
  };
}

function withdrawalsCase(filter: Record<string, unknown>, sort_by: string, sort_type: string): Case {
  const q = (page: number, size: number) =>
    withdrawalsListQuery.parse({ ...filter, sort_by, sort_type, page: str(page), per_page: str(size) });
  return {
    label: `withdrawals ${JSON.stringify(filter)} by ${sort_by} ${sort_type}`,
    list: (p, s) => listWithdrawals(db, q(p, s)),
    plain: (p, s) => run(buildWithdrawalsListQuery(q(p, s)), buildWithdrawalsCountQuery(q(p, s))),
  };
}

function supportCase(filter: Record<string, unknown>, sort_by: string, sort_type: string): Case {
  const q = (page: number, size: number) =>
    supportListQuery.parse({ ...filter, sort_by, sort_type, page: str(page), per_page: str(size) });
  return {
    label: `support ${JSON.stringify(filter)} by ${sort_by} ${sort_type}`,
    list: (p, s) => listSupportTickets(db, q(p, s)),
    plain: (p, s) => run(buildSupportListQuery(q(p, s)), buildSupportCountQuery(q(p, s))),
  };
}

/** The audit log as it was read before listPage (migration 011): OFFSET and count(*). */
function auditCase(filter: Record<string, unknown>, sort_type: string): Case {
  const q = (page: number, size: number) =>
    auditListQuery.parse({ ...filter, sort_type, page: str(page), per_page: str(size) });
  return {
    label: `audit ${JSON.stringify(filter)} ${sort_type}`,
    list: (p, s) => listAudit(db, q(p, s)),
    plain: (p, s) => {
      const w = auditWhere(q(p, s));
      const count = { text: `SELECT count(*) AS n FROM audit_log ${w}`, values: [...w.values] };
      const dir = sort_type === 'asc' ? 'ASC' : 'DESC';
      const page = `SELECT ${AUDIT_COLUMNS} FROM audit_log ${w} ORDER BY at ${dir}, id ${dir}
                     LIMIT ${w.param(s)} OFFSET ${w.param((p - 1) * s)}`;
      return run({ text: page, values: w.values }, count);
    },
  };
}

/** Ids by OFFSET, then each row as the repository's lookup reads it. */
async function byIds<T>(
  ids: SqlStatement,
  count: SqlStatement,
  find: (id: number) => Promise<T | undefined>,
): Promise<Answer> {
  const { rows, total } = await run(ids, count);
  const found = [];
  for (const { id } of rows as { id: number }[]) found.push(await find(id));
  return { rows: found, total };
}

function adminsCase(filter: Record<string, unknown>): Case {
  const q = (page: number, size: number) =>
    adminsListQuery.parse({ ...filter, page: str(page), limit: str(size) });
  return {
    label: `admins ${JSON.stringify(filter)}`,
    list: (p, s) => listAdmins(db, q(p, s)),
    plain: (p, s) => {
      const spec = adminsList(q(p, s));
      const n = spec.values.length;
      return byIds(
        {
          text: `SELECT id FROM admins WHERE ${spec.where} ORDER BY id LIMIT $${n + 1} OFFSET $${n + 2}`,
          values: [...spec.values, s, (p - 1) * s],
        },
        { text: `SELECT count(*) AS n FROM admins WHERE ${spec.where}`, values: [...spec.values] },
        (id) => findManagedAdmin(db, id),
      );
    },
  };
}

/** The mines lists as they were read before listPage: OFFSET and count(*); rank = position. */
function minesCase(wins: boolean): Case {
  const where = wins ? "outcome = 'won'" : 'active';
  const order = wins ? 'payout DESC, created_at DESC, id DESC' : 'created_at DESC, id DESC';
  return {
    label: wins ? 'mines big wins' : 'mines active games',
    list: (p, s) => (wins ? listBigWins : listActiveGames)(db, s, (p - 1) * s),
    plain: async (p, s) => {
      const answer = await byIds(
        {
          text: `SELECT id FROM mine_games WHERE ${where} ORDER BY ${order} LIMIT $1 OFFSET $2`,
          values: [s, (p - 1) * s],
        },
        { text: `SELECT count(*) AS n FROM mine_games WHERE ${where}`, values: [] },
        (id) => findGame(db, id),
      );
      if (wins) answer.rows = answer.rows.map((r, i) => ({ ...(r as object), rank: (p - 1) * s + i + 1 }));
      return answer;
    },
  };
}

function lotteryTicketsCase(filter: {
  lotteryId?: number;
  status?: 'active' | 'inactive' | 'cancelled';
}): Case {
  const f = (p: number, s: number) => ({ ...filter, limit: s, offset: (p - 1) * s });
  return {
    label: `lottery tickets ${JSON.stringify(filter)}`,
    list: (p, s) => listLotteryTickets(db, f(p, s), NOW),
    plain: (p, s) => {
      const q = buildLotteryTicketsQuery(f(p, s), NOW);
      return run(q.page, q.count);
    },
  };
}

function lotteriesCase(status: 'open' | 'upcoming' | 'closed' | 'completed' | undefined): Case {
  const f = (p: number, s: number) => ({ status, limit: s, offset: (p - 1) * s });
  return {
    label: `lotteries ${status ?? 'all'}`,
    list: (p, s) => listLotteries(db, f(p, s), NOW),
    plain: (p, s) => {
      const q = buildLotteryListQuery(f(p, s), NOW);
      return run(q.page, q.count);
    },
  };
}

// Equivalence ------------------------------------------------------------------------------------------------

/**
 * Every sort of a list in both directions, without a filter and with `filter`; `more` filters (through
 * joins: other code paths of the same list) with the default sort in both directions.
 */
async function everySort<S extends string>(
  sorts: readonly S[],
  filter: Record<string, unknown>,
  more: Record<string, unknown>[],
  make: (filter: Record<string, unknown>, sort: S, dir: 'asc' | 'desc') => Case,
  nulls?: (filter: Record<string, unknown>, sort: S) => Promise<number | undefined>,
): Promise<void> {
  const cases: [Record<string, unknown>, S][] = [
    ...[{}, filter].flatMap((f) => sorts.map((sort): [Record<string, unknown>, S] => [f, sort])),
    ...more.map((f): [Record<string, unknown>, S] => [f, sorts[0]!]),
  ];
  for (const [f, sort] of cases)
    for (const dir of DIRECTIONS) {
      const total = await equivalent(make(f, sort, dir), await nulls?.(f, sort));
      // Enough rows for many boundaries (and a filter that keeps a part of them).
      expect(total).toBeGreaterThan(Object.keys(f).length ? 3 * TEST_STRIDE : 200);
    }
}

describe('every page of every list equals the plain LIMIT/OFFSET statements', () => {
  it('transactions: every sort, both directions, with and without filters', async () => {
    await everySort(
      transactionSortFields,
      { status: 'completed' },
      [{ username: 'user_01', date_start: '2025-01-01T00:05:00Z' }, { pay_address: 'addr_1' }],
      transactionsCase,
    );
  });

  it('users: every sort (name and last_login may be NULL), both directions, with and without filters', async () => {
    await everySort(userSortFields, { status: 'active' }, [{ email: 'U1' }], usersCase, async (f, sort) => {
      if (sort !== 'name' && sort !== 'last_login') return undefined;
      const w = usersWhere(f as Parameters<typeof usersWhere>[0]);
      const key = sort === 'name' ? 'lower(u.name)' : 'u.last_login';
      const [c] = await db.query<{ n: number }>(
        `SELECT count(*) AS n FROM users u ${w.sql} AND ${key} IS NOT NULL`,
        w.values,
      );
      return c!.n;
    });
  });

  it('withdrawals: every sort, both directions, with and without filters', async () => {
    await everySort(
      withdrawalSortFields,
      { status_in: 'pending,waiting,approved' },
      [{ user_name: 'name' }],
      withdrawalsCase,
    );
  });

  it('support tickets: every sort, both directions, with and without filters (one through the users join)', async () => {
    await everySort(supportSortFields, { status: 'open' }, [{ username: 'user_01' }], supportCase);
  });

  it('audit log, admins, mines, lottery tickets (kept count) and lotteries (not remembered)', async () => {
    for (const filter of [
      {},
      { action: 'withdrawal.' },
      { target_type: 'user', from: '2025-01-01T00:03:00Z' },
    ])
      for (const dir of DIRECTIONS) expect(await equivalent(auditCase(filter, dir))).toBeGreaterThan(40);
    for (const filter of [{}, { status: 'active' }, { search: 'staff 4' }])
      expect(await equivalent(adminsCase(filter))).toBeGreaterThan(filter.search ? 10 : 80);
    expect(await equivalent(minesCase(false))).toBeGreaterThan(100);
    expect(await equivalent(minesCase(true))).toBeGreaterThan(100);
    const [l1, l2] = (await db.query<{ id: number }>('SELECT id FROM lotteries ORDER BY id LIMIT 2')).map(
      (r) => r.id,
    );
    for (const filter of [
      {},
      { lotteryId: l1 },
      { status: 'active' as const },
      { lotteryId: l2, status: 'cancelled' as const },
    ])
      expect(await equivalent(lotteryTicketsCase(filter))).toBeGreaterThan(40);
    for (const status of [undefined, 'open', 'upcoming', 'closed', 'completed'] as const)
      await equivalent(lotteriesCase(status));
  });
});

// Freshness ---------------------------------------------------------------------------------------------------

interface Step {
  answer: Answer;
  hits: number;
  stale: number;
  walks: number;
}

/** Runs `write`, then the case's page: it must equal the plain statements'; with the cache's counters. */
async function observe(c: Case, page: number, size: number, write?: () => Promise<unknown>): Promise<Step> {
  await write?.();
  const before = pagingStats(db);
  const answer = await c.list(page, size);
  const now = pagingStats(db);
  expect(answer, c.label).toEqual(await c.plain(page, size));
  return {
    answer,
    hits: now.hits - before.hits,
    stale: now.stale - before.stale,
    walks: now.walks - before.walks,
  };
}

const ids = (a: Answer) => (a.rows as { id: number }[]).map((r) => r.id);
const UNCHANGED = { hits: 1, stale: 0, walks: 0 };
const RECOMPUTED = { hits: 0, stale: 1, walks: 1 };

describe('a write shows in the next page and total; a write no list depends on keeps what was remembered', () => {
  it('transactions (filter on status, sort on amount): insert, delete, update of the filter and of the sort', async () => {
    const c = transactionsCase({ status: 'completed' }, 'amount', 'asc');
    clearPaging(db);
    const first = await observe(c, 5, 10);
    expect(first.walks).toBe(1);
    expect(await observe(c, 5, 10)).toMatchObject(UNCHANGED);

    // A cheaper completed deposit: one more row, before the page (which moves by one).
    const [{ id: added } = { id: 0 }] = await db.query<{ id: number }>(
      `INSERT INTO transactions (user_id, amount, currency, status, created_at)
       SELECT min(id), 0.25, 'usd', 'completed', $1 FROM users RETURNING id`,
      [BASE],
    );
    const inserted = await observe(c, 5, 10);
    expect(inserted).toMatchObject(RECOMPUTED);
    expect(inserted.answer.total).toBe(first.answer.total + 1);
    expect(inserted.answer.rows[1]).toEqual(first.answer.rows[0]);

    const deleted = await observe(c, 5, 10, () =>
      db.query('DELETE FROM transactions WHERE id = $1', [added]),
    );
    expect(deleted).toMatchObject(RECOMPUTED);
    expect(deleted.answer).toEqual(first.answer);

    // Out of the filter.
    const [, , gone] = ids(first.answer);
    const filtered = await observe(c, 5, 10, () =>
      db.query(`UPDATE transactions SET status = 'failed' WHERE id = $1`, [gone]),
    );
    expect(filtered).toMatchObject(RECOMPUTED);
    expect(filtered.answer.total).toBe(first.answer.total - 1);
    expect(ids(filtered.answer)).not.toContain(gone);

    // Moved to the end of the order.
    const [moved] = ids(filtered.answer);
    const sorted = await observe(c, 5, 10, () =>
      db.query('UPDATE transactions SET amount = 999 WHERE id = $1', [moved]),
    );
    expect(sorted).toMatchObject(RECOMPUTED);
    expect(sorted.answer.total).toBe(filtered.answer.total);
    expect(ids(sorted.answer)).not.toContain(moved);
    const last = await c.list(Math.ceil(sorted.answer.total / 10), 10);
    expect(ids(last).at(-1)).toBe(moved);

    // Columns no list filters or sorts on: what was remembered stays good, the rows are read fresh.
    const [shown] = ids(sorted.answer);
    const untouched = await observe(c, 5, 10, () =>
      db.query(
        `UPDATE transactions SET payment_id = 'changed', pay_currency = 'btc', updated_at = now() WHERE id = $1`,
        [shown],
      ),
    );
    expect(untouched).toMatchObject(UNCHANGED);
    expect(untouched.answer.rows[0]).toMatchObject({ id: shown, payment_id: 'changed', pay_currency: 'btc' });
  });

  it('users (nullable sort), a filter through users (transactions by username), lottery tickets, mines, audit, admins', async () => {
    // Users by last sign-in: a user with none gets one (from the NULL part to the first row), balances move.
    const users = usersCase({}, 'last_login', 'desc');
    clearPaging(db);
    const before = await observe(users, 15, 10);
    const [{ id: idle } = { id: 0 }] = await db.query<{ id: number }>(
      'SELECT id FROM users WHERE last_login IS NULL AND deleted_at IS NULL ORDER BY id DESC LIMIT 1',
    );
    const loggedIn = await observe(users, 15, 10, () =>
      db.query(`UPDATE users SET last_login = '2030-01-01T00:00:00Z' WHERE id = $1`, [idle]),
    );
    expect(loggedIn).toMatchObject(RECOMPUTED);
    expect(ids(await users.list(1, 10))[0]).toBe(idle);
    expect(loggedIn.answer.total).toBe(before.answer.total);
    // A deposit credited to the ledger updates the balance (and winnings, updated_at) of a user.
    expect(
      await observe(users, 15, 10, () =>
        db.query(`INSERT INTO ledger (user_id, amount, reason) VALUES ($1, 5, 'adjustment')`, [idle]),
      ),
    ).toMatchObject(UNCHANGED);
    const deletedUser = await observe(users, 15, 10, () =>
      db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [idle]),
    );
    expect(deletedUser).toMatchObject(RECOMPUTED);
    expect(deletedUser.answer.total).toBe(before.answer.total - 1);

    // Transactions of users whose username starts with user_01: renaming one of them changes the list.
    const byName = transactionsCase({ username: 'user_01' }, 'createdAt', 'desc');
    const named = await observe(byName, 2, 10);
    const [{ user_id: renamed } = { user_id: 0 }] = await db.query<{ user_id: number }>(
      'SELECT user_id FROM transactions WHERE id = $1',
      [ids(named.answer)[0]],
    );
    const afterRename = await observe(byName, 2, 10, () =>
      db.query(`UPDATE users SET username = 'renamed_' || id WHERE id = $1`, [renamed]),
    );
    expect(afterRename).toMatchObject(RECOMPUTED);
    expect(afterRename.answer.total).toBeLessThan(named.answer.total);

    // Lottery tickets (total from lottery_ticket_stats): a new ticket; a prize on a ticket is no list change.
    const tickets = lotteryTicketsCase({ status: 'active' });
    const t0 = await observe(tickets, 3, 10);
    await db.query(
      `INSERT INTO lottery_tickets (lottery_id, user_id, price, status, created_at)
       SELECT (SELECT min(id) FROM lotteries), min(id), 2, 'active', '2031-01-01T00:00:00Z' FROM users`,
    );
    const t1 = await observe(tickets, 3, 10);
    expect(t1).toMatchObject(RECOMPUTED);
    expect(t1.answer.total).toBe(t0.answer.total + 1);
    expect(
      await observe(tickets, 3, 10, () =>
        db.query('UPDATE lottery_tickets SET winning_amount = 3, is_winner = true WHERE id = $1', [
          ids(t1.answer)[0],
        ]),
      ),
    ).toMatchObject(UNCHANGED);

    // Mines: a cancelled game leaves the active games.
    const active = minesCase(false);
    const m0 = await observe(active, 4, 10);
    const m1 = await observe(active, 4, 10, () =>
      db.query(
        `UPDATE mine_games SET active = false, outcome = 'cancelled', finished_at = now() WHERE id = $1`,
        [ids(m0.answer)[0]],
      ),
    );
    expect(m1).toMatchObject(RECOMPUTED);
    expect(m1.answer.total).toBe(m0.answer.total - 1);

    // Audit: a new entry.
    const audit = auditCase({}, 'asc');
    const a0 = await observe(audit, 6, 10);
    const a1 = await observe(audit, 6, 10, () =>
      db.query(`INSERT INTO audit_log (at, action) VALUES ('2024-01-01T00:00:00Z', 'user.block')`),
    );
    expect(a1).toMatchObject(RECOMPUTED);
    expect(a1.answer.rows[1]).toEqual(a0.answer.rows[0]);

    // Admins: a sign-in is no list change, a block is (with the status filter).
    const admins = adminsCase({ status: 'active' });
    const d0 = await observe(admins, 3, 10);
    expect(
      await observe(admins, 3, 10, () =>
        db.query('UPDATE admins SET last_login_at = now(), totp_last_step = 1 WHERE id = $1', [
          ids(d0.answer)[0],
        ]),
      ),
    ).toMatchObject(UNCHANGED);
    const d1 = await observe(admins, 3, 10, () =>
      db.query(`UPDATE admins SET status = 'blocked' WHERE id = $1`, [ids(d0.answer)[0]]),
    );
    expect(d1).toMatchObject(RECOMPUTED);
    expect(d1.answer.total).toBe(d0.answer.total - 1);
  });
});

// Concurrency -------------------------------------------------------------------------------------------------

describe('a large list under writes', () => {
  afterAll(() => setStalePaging());

  it('answers from what was remembered for a while, rows read now, then from one computation in the background', async () => {
    const c = transactionsCase({}, 'createdAt', 'desc');
    const deposit = () =>
      db.query(
        `INSERT INTO transactions (user_id, amount, currency, status)
         SELECT min(id), 3, 'usd', 'waiting' FROM users RETURNING id`,
      );
    // Every list counts as large here; nothing is refreshed before 1 minute, nothing is older than 2.
    setStalePaging({ largeListRows: 1, refreshAfterMs: 60_000, maxStaleMs: 120_000 });
    clearPaging(db);
    const first = await c.list(1, 10);
    const deep = await c.list(5, 10);
    expect(deep).toEqual(await c.plain(5, 10));

    const [{ id: added } = { id: 0 }] = await deposit();
    const before = pagingStats(db);
    const page1 = await c.list(1, 10);
    const page5 = await c.list(5, 10);
    const after = pagingStats(db);
    expect(after.staleServed - before.staleServed).toBe(2);
    expect(after.walks + after.counts).toBe(before.walks + before.counts);
    // The first page's rows are read now (the new deposit first), its total is the remembered one.
    expect(ids(page1)[0]).toBe(added);
    expect(page1.total).toBe(first.total);
    // A deep page seeks from the remembered boundaries: the rows after the same boundary row as before
    // the write, read now; one row off the exact offset, as one row was written before it.
    expect(page5).toEqual(deep);
    expect(ids(page5)[0]).toBe(ids(await c.plain(5, 10))[1]);

    // Past the refresh delay: still answered at once, and one computation starts behind it.
    setStalePaging({ largeListRows: 1, refreshAfterMs: 0, maxStaleMs: 120_000 });
    expect((await c.list(5, 10)).total).toBe(first.total);
    await settlePaging(db);
    expect(await c.list(5, 10)).toEqual(await c.plain(5, 10));
    expect((await c.list(1, 10)).total).toBe(first.total + 1);

    // Too old: computed again before answering.
    setStalePaging({ largeListRows: 1, maxStaleMs: 0 });
    await deposit();
    expect(await c.list(5, 10)).toEqual(await c.plain(5, 10));

    // Smaller lists than the threshold are always exact.
    setStalePaging();
    await deposit();
    expect(await c.list(1, 10)).toEqual(await c.plain(1, 10));
  });
});

describe('concurrent pages during writes', () => {
  it('every answer is one committed state of the list: its total and its rows, in order', async () => {
    const c = transactionsCase({}, 'createdAt', 'desc');
    const SIZE = 10;
    const PAGES = [8, 9, 2, 23];
    const state = async () =>
      (
        await db.query<{ id: number }>('SELECT id FROM transactions t ORDER BY t.created_at DESC, t.id DESC')
      ).map((r) => r.id);
    const states = [await state()];
    clearPaging(db);
    let writing = true;
    const writes = [
      // A newest deposit (every page moves by one), its deletion, a row moved to the top, a column no
      // list uses, a row of the deep pages deleted.
      () =>
        db.query(
          `INSERT INTO transactions (user_id, amount, currency, status, created_at)
           SELECT min(id), 1, 'usd', 'waiting', '2030-01-01T00:00:00Z' FROM users`,
        ),
      () => db.query('DELETE FROM transactions WHERE id = (SELECT max(id) FROM transactions)'),
      () =>
        db.query(
          `UPDATE transactions SET created_at = '2029-01-01T00:00:00Z'
            WHERE id = (SELECT id FROM transactions ORDER BY created_at, id LIMIT 1 OFFSET 200)`,
        ),
      () =>
        db.query(
          `UPDATE transactions SET payment_id = 'p' || id WHERE id IN (SELECT id FROM transactions LIMIT 5)`,
        ),
      () =>
        db.query(
          `DELETE FROM transactions
            WHERE id = (SELECT id FROM transactions ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET 85)`,
        ),
    ];
    const writer = (async () => {
      for (let i = 0; i < 25; i++) {
        await writes[i % writes.length]!();
        states.push(await state());
      }
      writing = false;
    })();
    const answers: { page: number; answer: Answer }[] = [];
    const readers = Array.from({ length: 16 }, async (_, r) => {
      for (let n = 0; writing || n < 2; n++) {
        const page = PAGES[(r + n) % PAGES.length]!;
        answers.push({ page, answer: await c.list(page, SIZE) });
      }
    });
    await Promise.all([writer, ...readers]);

    const seen = new Set<number>();
    for (const { page, answer } of answers) {
      const got = ids(answer);
      expect(new Set(got).size, 'no row twice in a page').toBe(got.length);
      const offset = (page - 1) * SIZE;
      const at = states.findIndex(
        (s) =>
          s.length === answer.total && JSON.stringify(s.slice(offset, offset + SIZE)) === JSON.stringify(got),
      );
      expect(
        at,
        `page ${page} (total ${answer.total}: ${got.join(',')}) is no committed state`,
      ).toBeGreaterThanOrEqual(0);
      seen.add(at);
    }
    expect(answers.length).toBeGreaterThanOrEqual(32);
    // The readers ran while the writes happened (and answers came from several states).
    expect(seen.size).toBeGreaterThan(1);
    // After the writes, the pages are the last state's.
    for (const page of PAGES) expect(await c.list(page, SIZE)).toEqual(await c.plain(page, SIZE));
  });
});

// Triggers ---------------------------------------------------------------------------------------------------

/** Every list the API pages through listPage: each list, every sort in both directions, with every filter. */
function everySpec(): ListSpec[] {
  const day = { from: '2025-01-01', to: '2025-01-02' };
  const specs: ListSpec[] = [
    adminsList({}),
    adminsList({ search: 'a', status: 'active' }),
    ticketsList({}, NOW),
    ticketsList({ lotteryId: 1, status: 'active' }, NOW),
    activeGamesList(),
    bigWinsList(0),
  ];
  for (const sort_type of DIRECTIONS) {
    const all = { sort_type, date_start: day.from, date_end: day.to };
    for (const sort_by of transactionSortFields)
      for (const f of [{}, { id: '5', username: 'a', status: 'completed', pay_address: 'x', ...all }])
        specs.push(transactionsList(transactionsListQuery.parse({ sort_by, sort_type, ...f })));
    for (const sort_by of userSortFields)
      for (const f of [{}, { email: 'a', username: 'b', status: 'active' }])
        specs.push(usersList(usersListQuery.parse({ sort_by, sort_type, ...f })));
    for (const sort_by of withdrawalSortFields)
      for (const f of [
        {},
        { id: '5', user_name: 'a', status: 'pending', status_in: 'pending,waiting', ...day },
      ])
        specs.push(withdrawalsList(withdrawalsListQuery.parse({ sort_by, sort_type, ...f })));
    for (const sort_by of supportSortFields)
      for (const f of [{}, { id: '5', username: 'a', status: 'open', created_at: day.from, ...all }])
        specs.push(supportList(supportListQuery.parse({ sort_by, sort_type, ...f })));
    for (const action of ['withdrawal.', 'user.block'])
      specs.push(
        auditList(
          auditListQuery.parse({
            sort_type,
            admin_id: '1',
            admin_email: 'a@b.c',
            action,
            target_type: 'user',
            target_id: '1',
            ...day,
          }),
        ),
      );
  }
  return specs;
}

interface ListTrigger {
  tbl: string;
  type: number;
  enabled: string;
  /** The UPDATE OF columns; null = every UPDATE. */
  cols: string[] | null;
}

/** The list-version triggers, from the catalog. */
async function listTriggers(): Promise<Map<string, ListTrigger>> {
  const rows = await db.query<ListTrigger>(
    `SELECT c.relname::text AS tbl, t.tgtype::int AS type, t.tgenabled::text AS enabled,
            (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
              WHERE a.attrelid = t.tgrelid AND a.attnum = ANY (t.tgattr::int2[])) AS cols
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgfoid = 'list_version_bump'::regproc AND NOT t.tgisinternal`,
  );
  const byTable = new Map<string, ListTrigger>();
  for (const row of rows) {
    expect(byTable.has(row.tbl), `one list trigger on ${row.tbl}`).toBe(false);
    byTable.set(row.tbl, row);
  }
  return byTable;
}

/**
 * The columns a list's SQL reads to choose and order its rows (FROM, WHERE, ORDER BY keys) as
 * `table.column`, and the tables it reads them from: `alias.column` by the aliases of FROM, a bare name
 * as a column of any table the SQL names that has it.
 */
function columnsOf(
  spec: ListSpec,
  columns: Map<string, Set<string>>,
): { tables: Set<string>; refs: Set<string> } {
  const sql = [spec.from, spec.where, ...spec.order.keys.map((k) => k.sql)]
    .join(' ')
    .replace(/'(?:[^']|'')*'/g, "''");
  const tables = new Set([...sql.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]+)/gi)].map((m) => m[1]!));
  const words = spec.from.split(/\s+/);
  const aliases = new Map<string, string>();
  words.forEach((word, i) => {
    if (!columns.has(word)) return;
    tables.add(word);
    aliases.set(word, word);
    const alias = words[i + 1];
    if (alias && /^[a-z_]+$/.test(alias)) aliases.set(alias, word);
  });
  // A subquery's alias too ('... EXISTS (SELECT 1 FROM audit_log s WHERE s.action ...)').
  for (const [, table, alias] of sql.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]+)\s+([a-z_]+)\b/g))
    if (columns.has(table!) && !aliases.has(alias!)) aliases.set(alias!, table!);
  const refs = new Set<string>();
  const bare = sql.replace(/\b([a-z_]+)\.([a-z_]+)\b/g, (_, alias: string, column: string) => {
    const table = aliases.get(alias);
    expect(table, `alias ${alias} of ${spec.name}: ${spec.from}`).toBeDefined();
    expect(columns.get(table!)?.has(column), `${table}.${column} exists`).toBe(true);
    refs.add(`${table}.${column}`);
    return ' ';
  });
  for (const [, word] of bare.matchAll(/(?<![\w.:$])([a-z_]+)\b(?!\s*\()/g))
    for (const table of tables) if (columns.get(table)?.has(word!)) refs.add(`${table}.${word}`);
  return { tables, refs };
}

const versionOf = async (table: string) =>
  (
    await db.query<{ v: string }>('SELECT coalesce(sum(n), 0)::text AS v FROM list_versions WHERE tbl = $1', [
      table,
    ])
  )[0]!.v;

describe('the triggers of migration 014 version every column the lists filter or sort on', () => {
  it('each list table has an AFTER statement trigger on INSERT, DELETE, TRUNCATE and UPDATE OF its list columns', async () => {
    const columns = new Map<string, Set<string>>();
    for (const { table_name, column_name } of await db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name::text, column_name::text FROM information_schema.columns WHERE table_schema = 'public'`,
    ))
      columns.set(table_name, (columns.get(table_name) ?? new Set()).add(column_name));
    const triggers = await listTriggers();

    const used = new Set<string>();
    for (const spec of everySpec()) {
      const { tables, refs } = columnsOf(spec, columns);
      // Every table whose rows decide the list's rows is versioned with it.
      for (const table of tables)
        expect(spec.tables, `${spec.name}: ${spec.from} ${spec.where}`).toContain(table);
      for (const table of spec.tables) {
        const trigger = triggers.get(table);
        expect(trigger, `list trigger on ${table}`).toBeDefined();
        // tgtype: 1 row, 2 before, 4 insert, 8 delete, 16 update, 32 truncate, 64 instead.
        expect(trigger!.type & (1 | 2 | 64), `${table}: AFTER ... FOR EACH STATEMENT`).toBe(0);
        expect(trigger!.type & (4 | 8 | 16 | 32), `${table}: INSERT, DELETE, UPDATE, TRUNCATE`).toBe(60);
        expect(trigger!.enabled, `${table}: ENABLE ALWAYS (fires on a replica's apply too)`).toBe('A');
      }
      for (const ref of refs) {
        const [table, column] = ref.split('.') as [string, string];
        const cols = triggers.get(table)?.cols;
        if (cols)
          expect(cols, `${spec.name} filters or sorts on ${ref}: add it to its trigger`).toContain(column);
        used.add(ref);
      }
    }
    // What the lists use (the extraction above finds at least these: the sorts, the filters, the joins).
    const expected = {
      users: ['id', 'username', 'email', 'name', 'status', 'role', 'last_login', 'created_at', 'deleted_at'],
      transactions: ['id', 'user_id', 'status', 'pay_address', 'created_at', 'amount', 'currency'],
      withdrawals: ['id', 'user_id', 'status', 'created_at', 'amount'],
      support_tickets: ['id', 'user_id', 'status', 'type', 'created_at'],
      lottery_tickets: ['lottery_id', 'status', 'created_at', 'id'],
      mine_games: ['active', 'outcome', 'payout', 'created_at', 'id'],
      audit_log: ['admin_id', 'admin_email', 'action', 'target_type', 'target_id', 'at', 'id'],
      admins: ['id', 'email', 'name', 'status', 'deleted_at'],
    };
    for (const [table, cols] of Object.entries(expected))
      for (const column of cols)
        expect(used, 'the extraction of the lists columns').toContain(`${table}.${column}`);
    // The lotteries list remembers nothing (its status follows the clock): no trigger needed.
    for (const status of [undefined, 'open', 'upcoming', 'closed', 'completed'] as const)
      expect(lotteriesList(status, NOW).cache).toBe(false);

    // And the catalog tells what the triggers do: an UPDATE of a listed column moves the table's version
    // (a statement trigger fires on no rows too), an UPDATE of any other column does not.
    for (const [table, trigger] of triggers)
      for (const column of columns.get(table)!) {
        const before = await versionOf(table);
        await db.query(`UPDATE ${table} SET ${column} = ${column} WHERE false`);
        const moved = (await versionOf(table)) !== before;
        expect(moved, `UPDATE OF ${table}.${column}`).toBe(!trigger.cols || trigger.cols.includes(column));
      }
  });
});
