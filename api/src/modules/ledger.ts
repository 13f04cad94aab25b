import type { Db } from '../db/types.ts';

export type LedgerReason =
  | 'deposit'
  | 'withdrawal'
  | 'withdrawal_refund'
  | 'lottery_ticket'
  | 'lottery_refund'
  | 'lottery_prize'
  | 'mine_bet'
  | 'mine_payout'
  | 'mine_refund'
  | 'adjustment';

/**
 * Books one movement. The ledger_apply trigger moves users.balance (and winnings) in the same
 * statement; the unique (reason, reference) index refuses a second booking of the same movement.
 * Amounts are decimal strings, never JS floats.
 */
export async function book(
  db: Db,
  entry: { userId: number; amount: string; reason: LedgerReason; reference: string },
): Promise<void> {
  await db.query('INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, $2::numeric, $3, $4)', [
    entry.userId,
    entry.amount,
    entry.reason,
    entry.reference,
  ]);
}
