import type { SignInFailure, SignInFailuresQuery } from '@backoffice/shared/contract';
import { dateFrom, dateTo, MAX_INT4, Where } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';

/**
 * The failed sign-ins an admin reads next to the audit log (sign_in_failures, written by
 * auth/sign-in-failures.ts). The table holds one row per subject, hour and reason, so it stays small:
 * a plain OFFSET page and count are enough.
 */
const COLUMNS = `id, window_start AS "windowStart",
  CASE WHEN admin_id IS NULL THEN 'ip' ELSE 'account' END AS subject,
  admin_id AS "adminId", email, ip, reason, attempts, first_at AS "firstAt", last_at AS "lastAt"`;

function failuresWhere(q: SignInFailuresQuery): Where {
  const w = new Where();
  if (q.admin_id !== undefined) w.add(q.admin_id > MAX_INT4 ? 'false' : `admin_id = ${w.param(q.admin_id)}`);
  if (q.email) w.add(`lower(email) = lower(${w.param(q.email)})`);
  if (q.ip) w.add(`ip = ${w.param(q.ip)}`);
  if (q.reason) w.add(`reason = ${w.param(q.reason)}`);
  if (q.from) w.add(`last_at >= ${w.param(dateFrom(q.from))}::timestamptz`);
  if (q.to) {
    const to = dateTo(q.to);
    w.add(`last_at ${to.op} ${w.param(to.value)}::timestamptz`);
  }
  return w;
}

/** One page of the failed sign-ins, by the last attempt (ties by id), newest first unless asked otherwise. */
export async function listSignInFailures(
  db: Db,
  q: SignInFailuresQuery,
): Promise<{ rows: SignInFailure[]; total: number }> {
  const w = failuresWhere(q);
  const dir = q.sort_type === 'asc' ? 'ASC' : 'DESC';
  const [count] = await db.query<{ n: number }>(`SELECT count(*) AS n FROM sign_in_failures ${w}`, w.values);
  const total = Number(count?.n ?? 0);
  const offset = (q.page - 1) * q.per_page;
  if (offset >= total) return { rows: [], total };
  const rows = await db.query<SignInFailure>(
    `SELECT ${COLUMNS} FROM sign_in_failures ${w}
      ORDER BY last_at ${dir}, id ${dir} LIMIT ${w.param(q.per_page)} OFFSET ${w.param(offset)}`,
    w.values,
  );
  return { rows, total };
}
