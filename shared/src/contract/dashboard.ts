import { z } from 'zod';
import { envelope, money } from './envelope.ts';

const count = z.number().int().min(0);

/**
 * Dashboard stats (shared/src/contract). Money fields are decimal strings, counts integers.
 * - totalDepositsUsd / totalDepositsCount: completed deposit transactions.
 * - totalWithdrawalsUsd: approved + completed withdrawals; pendingWithdrawals*: pending + waiting.
 * - totalUsers: users not deleted. Support: all / open / closed tickets.
 * - ActiveLotteries: lotteries open by the clock. TotalTickets: tickets sold (not cancelled).
 * - TotalLotteryIncoming: sum of the prices of tickets sold (not cancelled).
 * - TotalLotteryOutgoing: sum of prizes paid (winning amounts of completed lotteries).
 * - LotteryAdminProfit: incoming - outgoing over completed lotteries only.
 * - Mines (cancelled games, whose bet was refunded, are left out): TotalMineGames all other games,
 *   ActiveMineGames, TotalMineBets sum of bets, TotalMineWinnings sum of payouts of finished games,
 *   AdminProfit bets - payouts of finished games, MineGameWins finished with payout > 0,
 *   MineGameLose finished with payout 0.
 */
export const dashboardStatsSchema = z.object({
  totalUsers: count,
  totalDepositsUsd: money,
  totalDepositsCount: count,
  totalWithdrawalsUsd: money,
  pendingWithdrawalsUsd: money,
  pendingWithdrawalsCount: count,
  totalSupportMessages: count,
  openSupportTickets: count,
  closedSupportTickets: count,
  ActiveLotteries: count,
  TotalTickets: count,
  TotalLotteryIncoming: money,
  TotalLotteryOutgoing: money,
  LotteryAdminProfit: money,
  TotalMineGames: count,
  ActiveMineGames: count,
  TotalMineBets: money,
  TotalMineWinnings: money,
  AdminProfit: money,
  MineGameWins: count,
  MineGameLose: count,
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** The stats with every field at its zero value (all default to 0 when missing). */
export const emptyDashboardStats: DashboardStats = {
  totalUsers: 0,
  totalDepositsUsd: '0',
  totalDepositsCount: 0,
  totalWithdrawalsUsd: '0',
  pendingWithdrawalsUsd: '0',
  pendingWithdrawalsCount: 0,
  totalSupportMessages: 0,
  openSupportTickets: 0,
  closedSupportTickets: 0,
  ActiveLotteries: 0,
  TotalTickets: 0,
  TotalLotteryIncoming: '0',
  TotalLotteryOutgoing: '0',
  LotteryAdminProfit: '0',
  TotalMineGames: 0,
  ActiveMineGames: 0,
  TotalMineBets: '0',
  TotalMineWinnings: '0',
  AdminProfit: '0',
  MineGameWins: 0,
  MineGameLose: 0,
};

// GET /admin/dashboard/stats
export const dashboardStatsResponse = envelope(dashboardStatsSchema);
export type DashboardStatsResponse = z.infer<typeof dashboardStatsResponse>;

// POST /admin/dashboard/refresh
/** Metric groups; a stats field name (e.g. 'totalUsers') is accepted too. */
export const dashboardMetrics = ['users', 'deposits', 'withdrawals', 'support', 'lottery', 'mines'] as const;
export const dashboardMetricSchema = z.enum([
  ...dashboardMetrics,
  ...(Object.keys(dashboardStatsSchema.shape) as (keyof DashboardStats)[]),
]);
export type DashboardMetric = z.infer<typeof dashboardMetricSchema>;
/**
 * Optional body (absent, null or `{ metrics?: [...] }`); the whole stats object is recomputed and
 * returned either way.
 */
export const dashboardRefreshBody = z
  .object({ metrics: z.array(dashboardMetricSchema).max(50).optional() })
  .nullish();
export type DashboardRefreshBody = z.infer<typeof dashboardRefreshBody>;
export const dashboardRefreshResponse = envelope(dashboardStatsSchema);
export type DashboardRefreshResponse = z.infer<typeof dashboardRefreshResponse>;

// GET /admin/dashboard/trends
/** How many days the trend charts cover (today included). */
export const TREND_DAYS = 30;

/**
 * The trend series and the area whose read permission each needs: the charts show only what the
 * admin's roles may read in that area.
 * - deposits: completed deposit transactions by the day they were made (count, USDT sum).
 * - withdrawals: approved + completed withdrawals by the day they were requested (count, USDT sum).
 * - tickets: lottery tickets sold (not cancelled) by purchase day (count, USDT sum of prices).
 * - users: users signed up that day and not deleted (count; amount '0').
 * - mines: mines games played (not cancelled) by start day (count, USDT sum of bets).
 */
export const trendSeriesArea = {
  deposits: 'finance',
  withdrawals: 'finance',
  tickets: 'lottery',
  users: 'support-users',
  mines: 'mines',
} as const;
export type TrendSeriesName = keyof typeof trendSeriesArea;
export const trendSeriesNames = Object.keys(trendSeriesArea) as TrendSeriesName[];

/** One day of a series: the day in the asked zone ('YYYY-MM-DD'), how many, and their USDT sum. */
export const trendPointSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  count,
  amount: money,
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

/** Each series has TREND_DAYS points, oldest first, days without activity at zero. */
const series = z.array(trendPointSchema);
export const dashboardTrendsSchema = z.object({
  /** The zone the days are counted in (the one asked for, else 'UTC'). */
  timeZone: z.string(),
  days: z.array(z.string()),
  series: z.object({
    deposits: series.optional(),
    withdrawals: series.optional(),
    tickets: series.optional(),
    users: series.optional(),
    mines: series.optional(),
  }),
});
export type DashboardTrends = z.infer<typeof dashboardTrendsSchema>;

/** `tz`: the viewer's IANA zone, whose days the series count (the console's dates are the viewer's). */
export const dashboardTrendsQuery = z.object({
  tz: z
    .string()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'Invalid time zone')
    .optional(),
});
export type DashboardTrendsQuery = z.infer<typeof dashboardTrendsQuery>;
export const dashboardTrendsResponse = envelope(dashboardTrendsSchema);
export type DashboardTrendsResponse = z.infer<typeof dashboardTrendsResponse>;
