import type { Db } from '../db/types.ts';
import { demoDeposits } from './demo/deposits.ts';
import { demoLotteries } from './demo/lotteries.ts';
import { demoMineGames } from './demo/mines.ts';
import { demoSupportTickets } from './demo/support.ts';
import { HOUR } from './demo/time.ts';
import { demoTimeline } from './demo/timeline.ts';
import { demoUsers } from './demo/users.ts';
import { demoWithdrawals } from './demo/withdrawals.ts';
import { writeDemo } from './demo/write.ts';
import { Rng } from './rng.ts';

export interface DemoSeedOptions {
  seed?: number;
  /** Reference "now" of the data; default: the start of the current UTC hour. */
  base?: Date;
}

export interface SeedSummary {
  users: number;
  transactions: number;
  withdrawals: number;
  supportTickets: number;
  lotteries: number;
  lotteryTickets: number;
  mineGames: number;
  ledger: number;
}

/**
 * Demo data (small, deterministic): ~150 users in every status, ~400 deposits, ~120 withdrawals,
 * ~60 support tickets, 15 lotteries in every status by the clock (completed ones with published,
 * credited winners), ~60 mine games. Every money movement goes through the ledger in time order,
 * so each user's balance equals the sum of its ledger rows and never goes negative.
 * Expects empty tables (ids are explicit).
 */
export async function seedDemo(db: Db, options: DemoSeedOptions = {}): Promise<SeedSummary> {
  const seed = options.seed ?? 42;
  const rng = new Rng(seed);
  const base = (options.base ?? new Date(Math.floor(Date.now() / HOUR) * HOUR)).getTime();

  // The order of these steps is the order of the random draws: changing it changes the data.
  const { users, userBlocks } = demoUsers(rng, base);
  const timeline = demoTimeline(rng, base, seed, users);
  const deposits = demoDeposits(
    timeline,
    users.filter((u) => u.deleted_at === null),
  );
  const lottery = demoLotteries(timeline);
  const games = demoMineGames(timeline);
  const withdrawals = demoWithdrawals(timeline);
  timeline.run();
  const support = demoSupportTickets(rng, base, users);

  await writeDemo(db, {
    users,
    userBlocks,
    deposits,
    withdrawals,
    support,
    ...lottery,
    games,
    ledger: timeline.ledger,
  });

  return {
    users: users.length,
    transactions: deposits.length,
    withdrawals: withdrawals.length,
    supportTickets: support.length,
    lotteries: lottery.lotteries.length,
    lotteryTickets: lottery.tickets.length,
    mineGames: games.length,
    ledger: timeline.ledger.length,
  };
}
