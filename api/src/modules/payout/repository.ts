import type { Db } from '../../db/types.ts';

export interface ClaimedPayout {
  id: number;
  wallet_address: string;
  amount: string;
}

/**
 * Claims up to `limit` approved withdrawals to pay, oldest id first: sets `processing` in one statement
 * (FOR UPDATE SKIP LOCKED, so two workers never claim the same row). A claim older than `staleMs` (a worker
 * that died mid-send) is claimed again; the chain client's idempotent reference keeps that from paying twice.
 * Withdrawals without a wallet address cannot be paid and are left alone.
 */
export function claimApproved(db: Db, limit: number, staleMs: number): Promise<ClaimedPayout[]> {
  return db.query<ClaimedPayout>(
    `UPDATE withdrawals w SET processing = true, updated_at = now()
       FROM (SELECT id FROM withdrawals
              WHERE status = 'approved' AND wallet_address IS NOT NULL
                AND (NOT processing OR updated_at < now() - $2::int * interval '1 millisecond')
              ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) c
      WHERE w.id = c.id
     RETURNING w.id, w.wallet_address, w.amount`,
    [limit, staleMs],
  );
}

/** approved -> completed with the transaction hash; false when it was no longer approved. */
export async function markCompleted(db: Db, id: number, hash: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE withdrawals SET status = 'completed', hash = $2, processing = false, updated_at = now()
      WHERE id = $1 AND status = 'approved' RETURNING id`,
    [id, hash],
  );
  return rows.length === 1;
}

/** Gives a claim back after a failed send: still approved, no longer processing, retried next run. */
export async function release(db: Db, id: number): Promise<void> {
  await db.query(
    `UPDATE withdrawals SET processing = false, updated_at = now()
      WHERE id = $1 AND status = 'approved' AND processing`,
    [id],
  );
}
