import type { DashboardStats } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';

/**
 * Every dashboard figure from the real tables in one statement (see the rules in the contract's
 * dashboardStatsSchema). Lottery status follows the clock: open = started, not ended, not distributed.
 */
export const DASHBOARD_STATS_SQL = `
WITH
  u AS (SELECT count(*) AS total FROM users WHERE deleted_at IS NULL),
  d AS (SELECT coalesce(sum(amount), 0) AS total, count(*) AS n FROM transactions WHERE status = 'completed'),
  w AS (
    SELECT coalesce(sum(amount) FILTER (WHERE status IN ('approved', 'completed')), 0) AS total,
           coalesce(sum(amount) FILTER (WHERE status IN ('pending', 'waiting', 'awaiting_approval')), 0) AS pending,
           count(*) FILTER (WHERE status IN ('pending', 'waiting', 'awaiting_approval')) AS pending_n
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
           coalesce(sum(payout) FILTER (WHERE outcome IN ('won', 'lost')), 0) AS payouts,
           coalesce(sum(amount - payout) FILTER (WHERE outcome IN ('won', 'lost')), 0) AS profit,
           count(*) FILTER (WHERE outcome IN ('won', 'lost') AND payout > 0) AS wins,
           count(*) FILTER (WHERE outcome IN ('won', 'lost') AND payout = 0) AS losses
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

export async function computeDashboardStats(db: Db): Promise<DashboardStats> {
  const [row] = await db.query<DashboardStats>(DASHBOARD_STATS_SQL);
  return row!;
}
