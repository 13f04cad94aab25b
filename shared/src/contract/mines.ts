import { z } from 'zod';
import { type MineGameStatus, mineGameStatuses, minesListOrders } from '../facts/mines.ts';
import { envelope, id, isoDate, money, paged } from './envelope.ts';
import { idParams, pageParam, sizeParam } from './query.ts';

export type { MineGameStatus };
export { mineGameStatuses, minesListOrders };
export const mineGameStatusSchema = z.enum(mineGameStatuses);

export const mineGameSchema = z.object({
  id,
  mines_count: z.number().int().min(1),
  amount: money,
  status: mineGameStatusSchema,
  payout: money,
  created_at: isoDate,
  user: z.object({ username: z.string() }),
  /** Only in the recent-big-wins list: the global position in that order (page 2 starts at 6). */
  rank: z.number().int().min(1).optional(),
});
export type MineGame = z.infer<typeof mineGameSchema>;

export const minesStatsSchema = z.object({
  totalMineBets: money,
  totalMineGames: z.number().int().min(0),
  totalPayout: money,
  mineGameWins: z.number().int().min(0),
  mineGameLose: z.number().int().min(0),
  adminProfit: money,
});
export type MinesStats = z.infer<typeof minesStatsSchema>;

// GET /admin/mines
/**
 * order '' (or absent, or 'false') = active games, newest first;
 * order 'true' = recent big wins: finished games with payout > 0, by payout desc then newest.
 */
export const minesListQuery = z.object({
  page: pageParam,
  limit: sizeParam(5),
  order: z.enum(minesListOrders).default(''),
});
export type MinesListQuery = z.infer<typeof minesListQuery>;
export const minesListResponse = envelope(paged(mineGameSchema));
export type MinesListResponse = z.infer<typeof minesListResponse>;

// GET /admin/mines/stats
export const minesStatsResponse = envelope(minesStatsSchema);
export type MinesStatsResponse = z.infer<typeof minesStatsResponse>;

// PUT /admin/mines/:id/status
export const minesUpdateStatusParams = idParams;
/** 'false' closes an active game as cancelled and refunds the bet once; 'true' cannot reopen a game. */
export const minesUpdateStatusBody = z.object({
  status: z.preprocess(
    (v) => (typeof v === 'boolean' ? String(v) : v),
    z.enum(mineGameStatuses, { error: "Status must be 'true' or 'false'" }),
  ),
});
export type MinesUpdateStatusBody = z.infer<typeof minesUpdateStatusBody>;
export const minesUpdateStatusResponse = envelope(mineGameSchema);
export type MinesUpdateStatusResponse = z.infer<typeof minesUpdateStatusResponse>;
