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

/**
 * Books many movements in ONE statement (one trigger run, one balance update per user): the set-based
 * form of `book` for bulk actions. Same rules: the unique (reason, reference) refuses a second booking
 * and fails the whole statement.
 */
export async function bookMany(
  db: Db,
  entries: readonly { userId: number; amount: string; reason: LedgerReason; reference: string }[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO ledger (user_id, amount, reason, reference)
     SELECT * FROM unnest($1::int[], $2::numeric[], $3::text[], $4::text[])`,
    [
      entries.map((e) => e.userId),
      entries.map((e) => e.amount),
      entries.map((e) => e.reason),
      entries.map((e) => e.reference),
    ],
  );
}
