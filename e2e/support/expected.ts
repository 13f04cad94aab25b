// The figures the console must show, computed with our own SQL straight from the tables (written from
// the definitions in the spec and the contract's documentation, not from the API's queries).

export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** Money as SQL rounds it (half away from zero) to 2 decimals, e.g. '12345.60'; counts as numbers. */
export interface ExpectedFigures {
  dashboard: {
    totalUsers: number;
    totalDepositsUsd: string;
    totalDepositsCount: number;
    totalWithdrawalsUsd: string;
    pendingWithdrawalsUsd: string;
    pendingWithdrawalsCount: number;
    totalSupportMessages: number;
    openSupportTickets: number;
    closedSupportTickets: number;
    activeLotteries: number;
    totalTickets: number;
    lotteryIncoming: string;
    lotteryOutgoing: string;
    lotteryAdminProfit: string;
    totalMineGames: number;
    activeMineGames: number;
    totalMineBets: string;
    totalMineWinnings: string;
    mineAdminProfit: string;
    mineWins: number;
    mineLosses: number;
  };
  mines: {
    /** Ids of every active game. */
    activeGameIds: number[];
    /** Payouts (2 decimals) of finished games with a payout, highest first. */
    bigWinPayouts: string[];
  };
}

const one = async (query: Query, sql: string) => {
  const rows = await query(sql);
  if (rows.length !== 1) throw new Error(`expected one row from: ${sql}`);
  return rows[0]!;
};
const int = (value: unknown) => Number(value);
const text = (value: unknown) => String(value);

export async function computeExpected(query: Query): Promise<ExpectedFigures> {
  const users = await one(query, `SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL`);
  const deposits = await one(
    query,
    `SELECT count(*)::int AS n, round(coalesce(sum(amount), 0), 2)::text AS total
       FROM transactions WHERE status = 'completed'`,
  );
  const paidOut = await one(
    query,
    `SELECT round(coalesce(sum(amount), 0), 2)::text AS total
       FROM withdrawals WHERE status = 'approved' OR status = 'completed'`,
  );
  const pending = await one(
    query,
    `SELECT count(*)::int AS n, round(coalesce(sum(amount), 0), 2)::text AS total
       FROM withdrawals WHERE status = 'pending' OR status = 'waiting'`,
  );
  const support = await one(
    query,
    `SELECT (SELECT count(*) FROM support_tickets)::int AS total,
            (SELECT count(*) FROM support_tickets WHERE status = 'open')::int AS open,
            (SELECT count(*) FROM support_tickets WHERE status = 'closed')::int AS closed`,
  );
  // Open by the clock: started, not ended, prizes not distributed; deleted lotteries do not count.
  const lotteries = await one(
    query,
    `SELECT count(*)::int AS n FROM lotteries
      WHERE deleted_at IS NULL AND prize_distributed = false AND start_time <= now() AND now() < end_time`,
  );
  // Tickets sold = not cancelled.
  const tickets = await one(
    query,
    `SELECT count(*)::int AS n, round(coalesce(sum(price), 0), 2)::text AS incoming
       FROM lottery_tickets WHERE status <> 'cancelled'`,
  );
  // Prizes paid and the admin's profit come from completed (distributed) lotteries only.
  const completed = await one(
    query,
    `SELECT round(coalesce(sum(t.winning_amount), 0), 2)::text AS outgoing,
            round(coalesce(sum(t.price) FILTER (WHERE t.status <> 'cancelled'), 0)
                  - coalesce(sum(t.winning_amount), 0), 2)::text AS profit
       FROM lotteries l JOIN lottery_tickets t ON t.lottery_id = l.id
      WHERE l.prize_distributed`,
  );
  // Mines: cancelled (refunded) games are left out; finished = won or lost.
  const mines = await one(
    query,
    `SELECT (SELECT count(*) FROM mine_games WHERE outcome IS NULL OR outcome <> 'cancelled')::int AS games,
            (SELECT count(*) FROM mine_games WHERE active)::int AS active,
            (SELECT round(coalesce(sum(amount), 0), 2) FROM mine_games
              WHERE outcome IS NULL OR outcome <> 'cancelled')::text AS bets,
            (SELECT round(coalesce(sum(payout), 0), 2) FROM mine_games
              WHERE outcome IN ('won', 'lost'))::text AS payouts,
            (SELECT round(coalesce(sum(amount), 0) - coalesce(sum(payout), 0), 2) FROM mine_games
              WHERE outcome IN ('won', 'lost'))::text AS profit,
            (SELECT count(*) FROM mine_games WHERE outcome IN ('won', 'lost') AND payout > 0)::int AS wins,
            (SELECT count(*) FROM mine_games WHERE outcome IN ('won', 'lost') AND payout = 0)::int AS losses`,
  );
  const activeGames = await query(`SELECT id FROM mine_games WHERE active ORDER BY id`);
  const bigWins = await query(
    `SELECT round(g.payout, 2)::text AS shown FROM mine_games g
      WHERE g.outcome IN ('won', 'lost') AND g.payout > 0 ORDER BY g.payout DESC`,
  );

  return {
    dashboard: {
      totalUsers: int(users.n),
      totalDepositsUsd: text(deposits.total),
      totalDepositsCount: int(deposits.n),
      totalWithdrawalsUsd: text(paidOut.total),
      pendingWithdrawalsUsd: text(pending.total),
      pendingWithdrawalsCount: int(pending.n),
      totalSupportMessages: int(support.total),
      openSupportTickets: int(support.open),
      closedSupportTickets: int(support.closed),
      activeLotteries: int(lotteries.n),
      totalTickets: int(tickets.n),
      lotteryIncoming: text(tickets.incoming),
      lotteryOutgoing: text(completed.outgoing),
      lotteryAdminProfit: text(completed.profit),
      totalMineGames: int(mines.games),
      activeMineGames: int(mines.active),
      totalMineBets: text(mines.bets),
      totalMineWinnings: text(mines.payouts),
      mineAdminProfit: text(mines.profit),
      mineWins: int(mines.wins),
      mineLosses: int(mines.losses),
    },
    mines: {
      activeGameIds: activeGames.map((row) => int(row.id)),
      bigWinPayouts: bigWins.map((row) => text(row.shown)),
    },
  };
}
