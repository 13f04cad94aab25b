import type { MineGame, MinesStats } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';

const GAME_COLUMNS = `g.id, g.mines_count, g.amount, CASE WHEN g.active THEN 'true' ELSE 'false' END AS status,
  g.payout, g.created_at, json_build_object('username', u.username) AS "user"`;

/** Active games, newest first. */
export async function listActiveGames(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ rows: MineGame[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db.query<MineGame>(
      `SELECT ${GAME_COLUMNS} FROM mine_games g JOIN users u ON u.id = g.user_id
        WHERE g.active ORDER BY g.created_at DESC, g.id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    ),
    db.query<{ n: number }>('SELECT count(*) AS n FROM mine_games WHERE active'),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Recent big wins: finished games with a payout, by payout desc then newest; rank = global position. */
export async function listBigWins(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ rows: MineGame[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db.query<MineGame>(
      `SELECT ${GAME_COLUMNS}, ($2::int + row_number() OVER (ORDER BY g.payout DESC, g.created_at DESC, g.id DESC))::int AS rank
         FROM (SELECT * FROM mine_games WHERE outcome = 'won'
                ORDER BY payout DESC, created_at DESC, id DESC LIMIT $1 OFFSET $2) g
         JOIN users u ON u.id = g.user_id
        ORDER BY g.payout DESC, g.created_at DESC, g.id DESC`,
      [limit, offset],
    ),
    db.query<{ n: number }>(`SELECT count(*) AS n FROM mine_games WHERE outcome = 'won'`),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findGame(db: Db, id: number): Promise<MineGame | undefined> {
  const rows = await db.query<MineGame>(
    `SELECT ${GAME_COLUMNS} FROM mine_games g JOIN users u ON u.id = g.user_id WHERE g.id = $1`,
    [id],
  );
  return rows[0];
}

/** Closes the game as cancelled if (and only if) it is still active; returns who to refund. */
export async function cancelActiveGame(
  db: Db,
  id: number,
): Promise<{ user_id: number; amount: string } | undefined> {
  const rows = await db.query<{ user_id: number; amount: string }>(
    `UPDATE mine_games SET active = false, outcome = 'cancelled', finished_at = now()
      WHERE id = $1 AND active RETURNING user_id, amount`,
    [id],
  );
  return rows[0];
}

/** Games (not cancelled), bets, payouts and the admin's profit over finished games. */
export async function minesStats(db: Db): Promise<MinesStats> {
  const [row] = await db.query<MinesStats>(
    `SELECT coalesce(sum(amount) FILTER (WHERE outcome IS DISTINCT FROM 'cancelled'), 0) AS "totalMineBets",
            count(*) FILTER (WHERE outcome IS DISTINCT FROM 'cancelled') AS "totalMineGames",
            coalesce(sum(payout) FILTER (WHERE outcome IN ('won', 'lost')), 0) AS "totalPayout",
            count(*) FILTER (WHERE outcome IN ('won', 'lost') AND payout > 0) AS "mineGameWins",
            count(*) FILTER (WHERE outcome IN ('won', 'lost') AND payout = 0) AS "mineGameLose",
            coalesce(sum(amount - payout) FILTER (WHERE outcome IN ('won', 'lost')), 0) AS "adminProfit"
       FROM mine_games`,
  );
  return row!;
}
