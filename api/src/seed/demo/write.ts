import type { Db } from '../../db/types.ts';
import { insertRows, SEED_TABLES, syncSequences } from '../insert.ts';
import { centsToString } from '../rng.ts';
import type { demoDeposits } from './deposits.ts';
import type { demoLotteries } from './lotteries.ts';
import type { demoMineGames } from './mines.ts';
import type { demoSupportTickets } from './support.ts';
import { iso } from './time.ts';
import type { DemoTimeline } from './timeline.ts';
import type { demoUsers } from './users.ts';
import type { demoWithdrawals } from './withdrawals.ts';

export interface DemoData extends ReturnType<typeof demoUsers>, ReturnType<typeof demoLotteries> {
  deposits: ReturnType<typeof demoDeposits>;
  withdrawals: ReturnType<typeof demoWithdrawals>;
  support: ReturnType<typeof demoSupportTickets>;
  games: ReturnType<typeof demoMineGames>;
  ledger: DemoTimeline['ledger'];
}

/** Writes the demo data in one transaction (ids explicit), then moves the id sequences past them. */
export async function writeDemo(db: Db, data: DemoData): Promise<void> {
  const {
    users,
    userBlocks,
    deposits,
    withdrawals,
    support,
    lotteries,
    results,
    tickets,
    draws,
    games,
    ledger,
  } = data;
  await db.transaction(async (tx) => {
    await insertRows(
      tx,
      'users',
      {
        id: 'int',
        name: 'text',
        username: 'text',
        email: 'text',
        email_verified: 'boolean',
        role: 'text',
        status: 'text',
        block_reason: 'text',
        last_login: 'timestamptz',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
        deleted_at: 'timestamptz',
      },
      users,
    );
    await insertRows(
      tx,
      'user_blocks',
      { id: 'int', user_id: 'int', action: 'text', reason: 'text', created_at: 'timestamptz' },
      userBlocks,
    );
    await insertRows(
      tx,
      'transactions',
      {
        id: 'int',
        user_id: 'int',
        amount: 'numeric',
        currency: 'text',
        payment_id: 'text',
        pay_currency: 'text',
        pay_address: 'text',
        status: 'text',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      deposits,
    );
    await insertRows(
      tx,
      'withdrawals',
      {
        id: 'int',
        user_id: 'int',
        amount: 'numeric',
        wallet_address: 'text',
        status: 'text',
        hash: 'text',
        processing: 'boolean',
        comment: 'text',
        processed_at: 'timestamptz',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      withdrawals,
    );
    await insertRows(
      tx,
      'support_tickets',
      {
        id: 'int',
        user_id: 'int',
        type: 'text',
        message: 'text',
        status: 'text',
        remarks: 'text',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
        closed_at: 'timestamptz',
      },
      support,
    );
    await insertRows(
      tx,
      'lotteries',
      {
        id: 'int',
        name: 'text',
        ticket_price: 'numeric',
        start_time: 'timestamptz',
        end_time: 'timestamptz',
        result_time: 'timestamptz',
        winners_count: 'int',
        winner_distributions: 'jsonb',
        admin_share: 'int',
        max_participants: 'int',
        prize_distributed: 'boolean',
        distributed_at: 'timestamptz',
        result: 'jsonb',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      lotteries.map((l) => ({
        id: l.id,
        name: l.name,
        ticket_price: centsToString(l.priceCents),
        start_time: iso(l.start),
        end_time: iso(l.end),
        result_time: iso(l.result),
        winners_count: l.winners,
        winner_distributions: l.distributions,
        admin_share: l.share,
        max_participants: l.max_participants,
        prize_distributed: l.kind === 'completed',
        distributed_at: l.kind === 'completed' ? iso(l.result) : null,
        result: results.get(l.id) ?? null,
        created_at: l.created_at,
        updated_at: l.created_at,
      })),
    );
    await insertRows(
      tx,
      'lottery_tickets',
      {
        id: 'int',
        lottery_id: 'int',
        user_id: 'int',
        ticket_number: 'text',
        price: 'numeric',
        status: 'text',
        is_winner: 'boolean',
        prize_rank: 'int',
        winning_amount: 'numeric',
        created_at: 'timestamptz',
      },
      tickets.map((t) => ({
        ...t,
        price: centsToString(t.priceCents),
        winning_amount: centsToString(t.winningCents),
        created_at: iso(t.at),
      })),
    );
    await insertRows(
      tx,
      'lottery_draws',
      {
        id: 'int',
        lottery_id: 'int',
        seed: 'text',
        ranks: 'jsonb',
        published: 'boolean',
        drawn_at: 'timestamptz',
      },
      draws,
    );
    await insertRows(
      tx,
      'mine_games',
      {
        id: 'int',
        user_id: 'int',
        mines_count: 'int',
        amount: 'numeric',
        active: 'boolean',
        outcome: 'text',
        payout: 'numeric',
        created_at: 'timestamptz',
        finished_at: 'timestamptz',
      },
      games,
    );
    await insertRows(
      tx,
      'ledger',
      {
        id: 'bigint',
        user_id: 'int',
        amount: 'numeric',
        reason: 'text',
        reference: 'text',
        created_at: 'timestamptz',
      },
      ledger,
    );
    await syncSequences(tx, SEED_TABLES);
  });
}
