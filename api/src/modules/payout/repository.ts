import type { Db } from '../../db/types.ts';

export interface ClaimedPayout {
  id: number;
  wallet_address: string;
  amount: string;
  /** The hash of a send that already succeeded (table payout_sent): complete with it, never send again. */
  sent_hash: string | null;
}

/**
 * Claims up to `limit` approved withdrawals to pay, oldest id first: sets `processing` in one statement
 * (FOR UPDATE SKIP LOCKED, so two workers never claim the same row). A claim older than `staleMs` (a worker
 * that died mid-send) is claimed again; the chain client's idempotent reference keeps that from paying twice.
 * A claim of a withdrawal already sent is taken again sooner, after `sentStaleMs`: only its completion is
 * left, which is conditional and moves no money. Withdrawals without a wallet address cannot be paid and
 * are left alone.
 */
export function claimApproved(
  db: Db,
  limit: number,
  staleMs: number,
  sentStaleMs = 30_000,
): Promise<ClaimedPayout[]> {
  return db.query<ClaimedPayout>(
    `UPDATE withdrawals w SET processing = true, updated_at = now()
       FROM (SELECT q.id, s.hash AS sent_hash
               FROM withdrawals q LEFT JOIN payout_sent s ON s.withdrawal_id = q.id
              WHERE q.status = 'approved' AND q.wallet_address IS NOT NULL
                AND (NOT q.processing
                     OR q.updated_at < now() - (CASE WHEN s.hash IS NULL THEN $2 ELSE $3 END)::int
                                               * interval '1 millisecond')
              ORDER BY q.id LIMIT $1 FOR UPDATE OF q SKIP LOCKED) c
      WHERE w.id = c.id
     RETURNING w.id, w.wallet_address, w.amount, c.sent_hash`,
    [limit, staleMs, sentStaleMs],
  );
}

/**
 * Records "sent with this hash" for a withdrawal, in its own statement (committed at once, outside the
 * completion's transaction). The first record stays: a chain client returns the same hash for a
 * reference sent again.
 */
export async function recordSent(db: Db, id: number, hash: string): Promise<void> {
  await db.query(
    `INSERT INTO payout_sent (withdrawal_id, hash) VALUES ($1, $2) ON CONFLICT (withdrawal_id) DO NOTHING`,
    [id, hash],
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

/** True when the withdrawal is completed with this hash (a retried completion whose first COMMIT landed). */
export async function isCompletedWith(db: Db, id: number, hash: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM withdrawals WHERE id = $1 AND status = 'completed' AND hash = $2`,
    [id, hash],
  );
  return rows.length === 1;
}

/** Gives a claim back: still approved, no longer processing, taken again by the next run. */
export async function release(db: Db, id: number): Promise<void> {
  await db.query(
    `UPDATE withdrawals SET processing = false, updated_at = now()
      WHERE id = $1 AND status = 'approved' AND processing`,
    [id],
  );
}

/** A signed transfer stored before broadcast (table payouts). */
export interface StoredPayout {
  reference: string;
  chain_id: number;
  token_address: string;
  from_address: string;
  to_address: string;
  amount: string;
  units: string;
  nonce: number;
  tx_hash: string;
  raw_tx: string;
  status: 'sent' | 'confirmed' | 'reverted';
}

const PAYOUT_COLUMNS = `reference, chain_id::int AS chain_id, token_address, from_address, to_address, amount,
  units::text AS units, nonce::int AS nonce, tx_hash, raw_tx, status`;

export async function findPayout(db: Db, reference: string): Promise<StoredPayout | undefined> {
  const rows = await db.query<StoredPayout>(`SELECT ${PAYOUT_COLUMNS} FROM payouts WHERE reference = $1`, [
    reference,
  ]);
  return rows[0];
}

/**
 * Serialises nonce allocation of one signer across every worker and replica (a transaction-scoped
 * advisory lock: released by COMMIT/ROLLBACK, also when the process dies).
 */
export async function lockSigner(tx: Db, chainId: number, from: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`payout-signer:${chainId}:${from}`]);
}

/** The next nonce after the signer's stored transactions (0 when none). */
export async function nextStoredNonce(tx: Db, chainId: number, from: string): Promise<number> {
  const [row] = await tx.query<{ next: number }>(
    'SELECT coalesce(max(nonce) + 1, 0)::int AS next FROM payouts WHERE chain_id = $1 AND from_address = $2',
    [chainId, from],
  );
  return row!.next;
}

/**
 * Stored, unconfirmed transactions of the signer from `nonce` (the node's pending count) on that were
 * stored over 10 s ago: ones the node does not know, whose worker presumably died before broadcasting.
 */
export function unbroadcastFrom(
  tx: Db,
  chainId: number,
  from: string,
  nonce: number,
): Promise<StoredPayout[]> {
  return tx.query<StoredPayout>(
    `SELECT ${PAYOUT_COLUMNS} FROM payouts
      WHERE chain_id = $1 AND from_address = $2 AND nonce >= $3 AND status = 'sent'
        AND updated_at < now() - interval '10 seconds'
      ORDER BY nonce`,
    [chainId, from, nonce],
  );
}

/** Stores a signed transfer (replacing a reverted one of the same reference, which moved no money). */
export async function savePayout(tx: Db, p: Omit<StoredPayout, 'status'>): Promise<void> {
  const rows = await tx.query(
    `INSERT INTO payouts (reference, chain_id, token_address, from_address, to_address, amount, units, nonce,
                          tx_hash, raw_tx, status)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric, $8, $9, $10, 'sent')
     ON CONFLICT (reference) DO UPDATE SET
       chain_id = EXCLUDED.chain_id, token_address = EXCLUDED.token_address, from_address = EXCLUDED.from_address,
       to_address = EXCLUDED.to_address, amount = EXCLUDED.amount, units = EXCLUDED.units, nonce = EXCLUDED.nonce,
       tx_hash = EXCLUDED.tx_hash, raw_tx = EXCLUDED.raw_tx, status = 'sent', updated_at = now()
     WHERE payouts.status = 'reverted'
     RETURNING reference`,
    [
      p.reference,
      p.chain_id,
      p.token_address,
      p.from_address,
      p.to_address,
      p.amount,
      p.units,
      p.nonce,
      p.tx_hash,
      p.raw_tx,
    ],
  );
  // Another worker stored this reference in the meantime: never keep two signed transfers for one payout.
  if (rows.length !== 1) throw new Error(`${p.reference} is already being paid by another worker`);
}

export async function setPayoutStatus(
  db: Db,
  reference: string,
  txHash: string,
  status: 'confirmed' | 'reverted',
): Promise<void> {
  await db.query(`UPDATE payouts SET status = $3, updated_at = now() WHERE reference = $1 AND tx_hash = $2`, [
    reference,
    txHash,
    status,
  ]);
}
