import type { DashboardStats } from '@backoffice/shared/contract';
import { openWithdrawalStatuses, settledGameOutcomes } from '@backoffice/shared/facts';
import { sqlList } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';

/**
 * Every dashboard figure from the real tables in one statement (see the rules in the contract's
 * dashboardStatsSchema). Lottery status follows the clock: open = started, not ended, not distributed.
 *
 * The reference, never run per request: on the scale data it scans millions of rows (about 0.3-0.5 s).
 * The API answers from the figures the database keeps (DASHBOARD_COUNTERS_SQL, migration 013); the
 * tests hold those equal to this after every kind of write, and `recountDashboard` repairs them
 * against it.
 */
// The groups of the facts modules as SQL literals (constants, not input).
const OPEN_WITHDRAWALS = sqlList(openWithdrawalStatuses);
const SETTLED_GAMES = sqlList(settledGameOutcomes);

export const DASHBOARD_STATS_SQL = `
WITH
  u AS (SELECT count(*) AS total FROM users WHERE deleted_at IS NULL),
  d AS (SELECT coalesce(sum(amount), 0) AS total, count(*) AS n FROM transactions WHERE status = 'completed'),
  w AS (
    SELECT coalesce(sum(amount) FILTER (WHERE status IN ('approved', 'completed')), 0) AS total,
           coalesce(sum(amount) FILTER (WHERE status IN (${OPEN_WITHDRAWALS})), 0) AS pending,
           count(*) FILTER (WHERE status IN (${OPEN_WITHDRAWALS})) AS pending_n
      FROM withdrawals),
  s AS (
    SELECT count(*) AS total,
           count(*) FILTER (WHERE status = 'open') AS open,
           count(*) FILTER (WHERE status = 'closed') AS closed
      FROM support_tickets),
  l AS (
    SELECT count(*) FILTER (WHERE NOT prize_distributed AND start_time <= now() AND end_time > now()) AS active
      FROM lotteries WHERE deleted_at IS NULL),
  t AS (
    SELECT count(*) FILTER (WHERE t.status <> 'cancelled') AS tickets,
           coalesce(sum(t.price) FILTER (WHERE t.status <> 'cancelled'), 0) AS incoming,
           coalesce(sum(t.winning_amount) FILTER (WHERE l.prize_distributed), 0) AS outgoing,
           coalesce(sum(t.price) FILTER (WHERE t.status <> 'cancelled' AND l.prize_distributed), 0)
             - coalesce(sum(t.winning_amount) FILTER (WHERE l.prize_distributed), 0) AS profit
      FROM lottery_tickets t JOIN lotteries l ON l.id = t.lottery_id
     WHERE l.deleted_at IS NULL),
  m AS (
    SELECT count(*) FILTER (WHERE outcome IS DISTINCT FROM 'cancelled') AS games,
           count(*) FILTER (WHERE active) AS active,
           coalesce(sum(amount) FILTER (WHERE outcome IS DISTINCT FROM 'cancelled'), 0) AS bets,
           coalesce(sum(payout) FILTER (WHERE outcome IN (${SETTLED_GAMES})), 0) AS payouts,
           coalesce(sum(amount - payout) FILTER (WHERE outcome IN (${SETTLED_GAMES})), 0) AS profit,
           count(*) FILTER (WHERE outcome IN (${SETTLED_GAMES}) AND payout > 0) AS wins,
           count(*) FILTER (WHERE outcome IN (${SETTLED_GAMES}) AND payout = 0) AS losses
      FROM mine_games)
SELECT u.total AS "totalUsers",
       d.total AS "totalDepositsUsd", d.n AS "totalDepositsCount",
       w.total AS "totalWithdrawalsUsd", w.pending AS "pendingWithdrawalsUsd", w.pending_n AS "pendingWithdrawalsCount",
       s.total AS "totalSupportMessages", s.open AS "openSupportTickets", s.closed AS "closedSupportTickets",
       l.active AS "ActiveLotteries", t.tickets AS "TotalTickets",
       t.incoming AS "TotalLotteryIncoming", t.outgoing AS "TotalLotteryOutgoing", t.profit AS "LotteryAdminProfit",
       m.games AS "TotalMineGames", m.active AS "ActiveMineGames", m.bets AS "TotalMineBets",
       m.payouts AS "TotalMineWinnings", m.profit AS "AdminProfit", m.wins AS "MineGameWins", m.losses AS "MineGameLose"
  FROM u, d, w, s, l, t, m`;

/**
 * The same figures from what the database keeps (migration 013): the slots of each counter table
 * summed (16 rows at most each), the per-lottery ticket rollup joined to the live lotteries (hundreds
 * of rows), and the lotteries open now (the clock's figure, from the small lotteries table). Sums of
 * bigint are numeric in PostgreSQL: counts are cast back to bigint (numbers in the answer).
 */
export const DASHBOARD_COUNTERS_SQL = `
WITH
  u AS (SELECT coalesce(sum(total), 0)::bigint AS total FROM dashboard_users),
  d AS (SELECT coalesce(sum(completed_usd), 0) AS total, coalesce(sum(completed), 0)::bigint AS n
          FROM dashboard_deposits),
  w AS (
    SELECT coalesce(sum(paid_usd), 0) AS total, coalesce(sum(pending_usd), 0) AS pending,
           coalesce(sum(pending), 0)::bigint AS pending_n
      FROM dashboard_withdrawals),
  s AS (
    SELECT coalesce(sum(total), 0)::bigint AS total, coalesce(sum(open), 0)::bigint AS open,
           coalesce(sum(closed), 0)::bigint AS closed
      FROM dashboard_support),
  l AS (
    SELECT count(*) AS active FROM lotteries
     WHERE deleted_at IS NULL AND NOT prize_distributed AND start_time <= now() AND end_time > now()),
  t AS (
    SELECT coalesce(sum(s.tickets) FILTER (WHERE s.status <> 'cancelled'), 0)::bigint AS tickets,
           coalesce(sum(s.amount) FILTER (WHERE s.status <> 'cancelled'), 0) AS incoming,
           coalesce(sum(s.winnings) FILTER (WHERE l.prize_distributed), 0) AS outgoing,
           coalesce(sum(s.amount) FILTER (WHERE s.status <> 'cancelled' AND l.prize_distributed), 0)
             - coalesce(sum(s.winnings) FILTER (WHERE l.prize_distributed), 0) AS profit
      FROM lottery_ticket_stats s JOIN lotteries l ON l.id = s.lottery_id
     WHERE l.deleted_at IS NULL),
  m AS (
    SELECT coalesce(sum(games), 0)::bigint AS games, coalesce(sum(active), 0)::bigint AS active,
           coalesce(sum(bets), 0) AS bets, coalesce(sum(payouts), 0) AS payouts,
           coalesce(sum(profit), 0) AS profit, coalesce(sum(wins), 0)::bigint AS wins,
           coalesce(sum(losses), 0)::bigint AS losses
      FROM dashboard_mines)
SELECT u.total AS "totalUsers",
       d.total AS "totalDepositsUsd", d.n AS "totalDepositsCount",
       w.total AS "totalWithdrawalsUsd", w.pending AS "pendingWithdrawalsUsd", w.pending_n AS "pendingWithdrawalsCount",
       s.total AS "totalSupportMessages", s.open AS "openSupportTickets", s.closed AS "closedSupportTickets",
       l.active AS "ActiveLotteries", t.tickets AS "TotalTickets",
       t.incoming AS "TotalLotteryIncoming", t.outgoing AS "TotalLotteryOutgoing", t.profit AS "LotteryAdminProfit",
       m.games AS "TotalMineGames", m.active AS "ActiveMineGames", m.bets AS "TotalMineBets",
       m.payouts AS "TotalMineWinnings", m.profit AS "AdminProfit", m.wins AS "MineGameWins", m.losses AS "MineGameLose"
  FROM u, d, w, s, l, t, m`;

/** The dashboard figures as the API answers them: a few indexed reads, whatever the data's size. */
export async function readDashboardStats(db: Db): Promise<DashboardStats> {
  const [row] = await db.query<DashboardStats>(DASHBOARD_COUNTERS_SQL);
  return row!;
}

/** The figures by the full scan (the reference; tests and the recount only). */
export async function computeDashboardStats(db: Db): Promise<DashboardStats> {
  const [row] = await db.query<DashboardStats>(DASHBOARD_STATS_SQL);
  return row!;
}

type Figure = keyof DashboardStats;

/** Where each figure of a counter table is kept: table and column (slot 0 takes the corrections). */
const KEPT: Partial<Record<Figure, [table: string, column: string]>> = {
  totalUsers: ['dashboard_users', 'total'],
  totalDepositsUsd: ['dashboard_deposits', 'completed_usd'],
  totalDepositsCount: ['dashboard_deposits', 'completed'],
  totalWithdrawalsUsd: ['dashboard_withdrawals', 'paid_usd'],
  pendingWithdrawalsUsd: ['dashboard_withdrawals', 'pending_usd'],
  pendingWithdrawalsCount: ['dashboard_withdrawals', 'pending'],
  totalSupportMessages: ['dashboard_support', 'total'],
  openSupportTickets: ['dashboard_support', 'open'],
  closedSupportTickets: ['dashboard_support', 'closed'],
  TotalMineGames: ['dashboard_mines', 'games'],
  ActiveMineGames: ['dashboard_mines', 'active'],
  TotalMineBets: ['dashboard_mines', 'bets'],
  TotalMineWinnings: ['dashboard_mines', 'payouts'],
  AdminProfit: ['dashboard_mines', 'profit'],
  MineGameWins: ['dashboard_mines', 'wins'],
  MineGameLose: ['dashboard_mines', 'losses'],
};

const FIGURES = Object.keys(KEPT) as Figure[];

export interface DashboardRecount {
  /** Kept figure - full scan, for each figure that differed (numbers for counts, decimal strings for money). */
  drift: Partial<Record<Figure, string | number>>;
  /** (lottery, ticket status) rows of lottery_ticket_stats corrected. */
  lotteryRows: number;
}

/**
 * Compares the kept figures with the full scan and corrects them; only needed if rows were changed
 * with the triggers off (`session_replication_role = replica`, a restore with --disable-triggers...).
 * Safe while the API writes: the difference is taken in one snapshot (one statement reads both sides)
 * and then added to the counters, so writes committed meanwhile keep their own changes. Each lottery's
 * ticket rollup is compared with its tickets the same way.
 */
export async function recountDashboard(db: Db): Promise<DashboardRecount> {
  const list = FIGURES.map((f) => `kept."${f}" - scan."${f}" AS "${f}"`).join(', ');
  const [difference] = await db.query<Record<Figure, string | number>>(
    `SELECT ${list} FROM (${DASHBOARD_COUNTERS_SQL}) kept, (${DASHBOARD_STATS_SQL}) scan`,
  );
  const drift: DashboardRecount['drift'] = {};
  const byTable = new Map<string, [column: string, drift: string | number][]>();
  for (const figure of FIGURES) {
    const value = difference![figure];
    if (Number(value) === 0) continue;
    drift[figure] = value;
    const [table, column] = KEPT[figure]!;
    byTable.set(table, [...(byTable.get(table) ?? []), [column, value]]);
  }
  for (const [table, columns] of byTable) {
    const names = columns.map(([column]) => column);
    await db.query(
      `INSERT INTO ${table} AS c (slot, ${names.join(', ')})
       VALUES (0, ${names.map((_, i) => `-($${i + 1}::numeric)`).join(', ')})
       ON CONFLICT (slot) DO UPDATE SET ${names.map((n) => `${n} = c.${n} + EXCLUDED.${n}`).join(', ')}`,
      columns.map(([, value]) => String(value)),
    );
  }
  const lottery = await db.query(
    `WITH scan AS (
       SELECT lottery_id, status, count(*) AS tickets, sum(price) AS amount, sum(winning_amount) AS winnings
         FROM lottery_tickets GROUP BY lottery_id, status),
     drift AS (
       SELECT coalesce(t.lottery_id, s.lottery_id) AS lottery_id, coalesce(t.status, s.status) AS status,
              coalesce(t.tickets, 0) - coalesce(s.tickets, 0) AS tickets,
              coalesce(t.amount, 0) - coalesce(s.amount, 0) AS amount,
              coalesce(t.winnings, 0) - coalesce(s.winnings, 0) AS winnings
         FROM scan t FULL JOIN lottery_ticket_stats s ON s.lottery_id = t.lottery_id AND s.status = t.status)
     INSERT INTO lottery_ticket_stats AS s (lottery_id, status, tickets, amount, winnings)
     SELECT lottery_id, status, tickets, amount, winnings FROM drift
      WHERE tickets <> 0 OR amount <> 0 OR winnings <> 0
     ON CONFLICT (lottery_id, status) DO UPDATE
       SET tickets = s.tickets + EXCLUDED.tickets, amount = s.amount + EXCLUDED.amount,
           winnings = s.winnings + EXCLUDED.winnings
     RETURNING 1`,
  );
  return { drift, lotteryRows: lottery.length };
}
