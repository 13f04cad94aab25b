import type { SignInFailureReason } from '@backoffice/shared/facts';
import type { Db } from '../../db/types.ts';

/**
 * Failed sign-ins (docs/operations.md): security events counted in `sign_in_failures` (migration 015), one
 * row per subject, hour and reason, never one audit row each. A refusal of the rate limiter (429) records
 * nothing: only attempts that were really checked count.
 */
export type { SignInFailureReason };

/** The aggregation window: failures of one subject and reason within the same hour share a row. */
export const SIGN_IN_WINDOW_SECONDS = 3600;
/** What is kept of an e-mail that names no account (anonymous input): its first characters. */
export const UNKNOWN_EMAIL_MAX = 64;
const IP_MAX = 64;

export interface SignInFailure {
  reason: SignInFailureReason;
  /** The account the e-mail names; undefined for an unknown e-mail (aggregated per IP then). */
  admin?: { id: number; email: string } | undefined;
  /** The e-mail as typed (lower-cased), kept bounded when it names no account. */
  email: string;
  ip: string;
}

/** Adds one failure to its row of the current window (created at the first one). */
export async function recordSignInFailure(db: Db, failure: SignInFailure): Promise<void> {
  const ip = failure.ip.slice(0, IP_MAX);
  const subject = failure.admin ? `admin:${failure.admin.id}` : `ip:${ip}`;
  const email = failure.admin ? failure.admin.email : failure.email.slice(0, UNKNOWN_EMAIL_MAX);
  await db.query(
    `INSERT INTO sign_in_failures AS f (window_start, subject, reason, admin_id, email, ip)
     VALUES (to_timestamp(floor(extract(epoch FROM clock_timestamp()) / $1) * $1), $2, $3, $4, $5, $6)
     ON CONFLICT (subject, window_start, reason) DO UPDATE
       SET attempts = f.attempts + 1, last_at = clock_timestamp(), email = EXCLUDED.email, ip = EXCLUDED.ip`,
    [SIGN_IN_WINDOW_SECONDS, subject, failure.reason, failure.admin?.id ?? null, email, ip],
  );
}
