import type { MineGame, MinesStats } from '@backoffice/shared/contract';
import { type ListOrder, type ListSpec, listPage, orderBy } from '../../db/paging.ts';
import type { Db } from '../../db/types.ts';

const GAME_COLUMNS = `g.id, g.mines_count, g.amount, CASE WHEN g.active THEN 'true' ELSE 'false' END AS status,
  g.payout, g.created_at, json_build_object('username', u.username) AS "user"`;

const ACTIVE_ORDER: ListOrder = { keys: [{ sql: 'g.created_at' }, { sql: 'g.id' }], dir: 'DESC' };
const WINS_ORDER: ListOrder = {
  keys: [{ sql: 'g.payout' }, { sql: 'g.created_at' }, { sql: 'g.id' }],
  dir: 'DESC',
};

/** The mines lists for the paging helper (src/db/paging.ts): `where` on mine_games g. */
function gamesList(
  name: string,
  where: string,
  order: ListOrder,
  columns: (param: (v: unknown) => string) => string,
): ListSpec {
  return {
    name,
    tables: ['mine_games'],
    from: 'mine_games g',
    id: 'g.id',
    where,
    values: [],
    order,
    rows: (ids, extra, param) => `SELECT ${columns(param)}${extra}
                                    FROM (${ids}) p JOIN mine_games g ON g.id = p.id JOIN users u ON u.id = g.user_id
                                   ORDER BY ${orderBy(order)}`,
  };
}

/** Active games, newest first. */
export const activeGamesList = (): ListSpec =>
  gamesList('mines_active', 'g.active', ACTIVE_ORDER, () => GAME_COLUMNS);

/** Recent big wins: finished games with a payout, by payout desc then newest; rank = global position. */
export const bigWinsList = (offset: number): ListSpec =>
  gamesList(
    'mines_wins',
    "g.outcome = 'won'",
    WINS_ORDER,
    (param) =>
      `${GAME_COLUMNS}, (${param(offset)}::int + row_number() OVER (ORDER BY ${orderBy(WINS_ORDER)}))::int AS rank`,
  );

export function listActiveGames(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ rows: MineGame[]; total: number }> {
  return listPage<MineGame>(db, activeGamesList(), { offset, limit });
}

export function listBigWins(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ rows: MineGame[]; total: number }> {
  return listPage<MineGame>(db, bigWinsList(offset), { offset, limit });
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
