import type { AuditListQuery, AuditRecord } from '@backoffice/shared/contract';
import { type ListSpec, listPage, orderBy } from '../../db/paging.ts';
import { dateFrom, dateTo, MAX_INT4, prefixPattern, Where } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';

/** A numeric target id as an integer (null otherwise), so the name look-ups below use primary keys. */
const TARGET_INT = `CASE WHEN audit_log.target_id ~ '^[0-9]{1,9}$' THEN audit_log.target_id::int END`;

/**
 * The target by name (docs/architecture.md#console-behaviour): a lottery's name, a user's name (else
 * username), an admin's e-mail; null for other targets and for objects since deleted.
 */
const TARGET_NAME = `CASE audit_log.target_type
    WHEN 'lottery' THEN (SELECT t.name FROM lotteries t WHERE t.id = ${TARGET_INT})
    WHEN 'user' THEN (SELECT coalesce(nullif(t.name, ''), t.username) FROM users t WHERE t.id = ${TARGET_INT})
    WHEN 'admin' THEN (SELECT t.email FROM admins t WHERE t.id = ${TARGET_INT})
  END AS "targetName"`;

export const AUDIT_COLUMNS = `id, at, admin_id AS "adminId", admin_email AS "adminEmail", action, target_type AS "targetType",
  target_id AS "targetId", before, after, ip, request_id AS "requestId", details, ${TARGET_NAME}`;

/** The password step of a sign-in (see auth/service.ts SIGN_IN_AUDIT). */
const PASSWORD_STEP = 'auth.sign-in-password';

/**
 * One row per sign-in (docs/architecture.md#console-behaviour): a password step followed within 15 minutes by
 * that admin's session ('auth.sign-in') is part of that sign-in and left out; a step that led nowhere (a
 * second factor never given, a one-time password still to change) stays. Asking for the step's action shows
 * every one.
 */
const COMPLETED_PASSWORD_STEP = `audit_log.action = '${PASSWORD_STEP}' AND EXISTS (
    SELECT 1 FROM audit_log s
     WHERE s.action = 'auth.sign-in' AND s.admin_id = audit_log.admin_id
       AND s.at >= audit_log.at AND s.at < audit_log.at + interval '15 minutes')`;

/** The filters of the list (and of its export: the same query without the paging). */
export function auditWhere(q: Omit<AuditListQuery, 'page' | 'per_page'>): Where {
  const w = new Where();
  if (q.admin_id !== undefined) w.add(q.admin_id > MAX_INT4 ? 'false' : `admin_id = ${w.param(q.admin_id)}`);
  if (q.admin_email) w.add(`lower(admin_email) = lower(${w.param(q.admin_email)})`);
  if (q.action) {
    // 'withdrawal.' = every withdrawal action; a family without a dot ('settings') = itself and its
    // actions ('settings.four-eyes'...); anything else is one exact action.
    const action = q.action.trim();
    if (action.endsWith('.')) w.add(`action LIKE ${w.param(prefixPattern(action))}`);
    else if (!action.includes('.'))
      w.add(`(action = ${w.param(action)} OR action LIKE ${w.param(prefixPattern(`${action}.`))})`);
    else w.add(`action = ${w.param(action)}`);
  }
  if (q.action?.trim() !== PASSWORD_STEP) w.add(`NOT (${COMPLETED_PASSWORD_STEP})`);
  if (q.target_type) w.add(`target_type = ${w.param(q.target_type)}`);
  if (q.target_id) w.add(`target_id = ${w.param(q.target_id)}`);
  if (q.from) w.add(`at >= ${w.param(dateFrom(q.from))}::timestamptz`);
  if (q.to) {
    const to = dateTo(q.to);
    w.add(`at ${to.op} ${w.param(to.value)}::timestamptz`);
  }
  return w;
}

/** By time (ties by id), newest first unless asked otherwise. */
export const auditDirection = (q: Pick<AuditListQuery, 'sort_type'>): 'ASC' | 'DESC' =>
  q.sort_type === 'asc' ? 'ASC' : 'DESC';

/** The audit log for the paging helper (src/db/paging.ts): by time, ties by id. */
export function auditList(q: Omit<AuditListQuery, 'page' | 'per_page'>): ListSpec {
  const w = auditWhere(q);
  const order = { keys: [{ sql: 'at' }, { sql: 'id' }], dir: auditDirection(q) } as const;
  return {
    name: 'audit',
    tables: ['audit_log'],
    from: 'audit_log',
    id: 'id',
    where: w.conditions.join(' AND '),
    values: w.values,
    order,
    rows: (ids, extra) => `SELECT ${AUDIT_COLUMNS}${extra}
                             FROM audit_log WHERE id IN (${ids})
                            ORDER BY ${orderBy(order)}`,
  };
}

/** One page of the audit log, by time (ties by id). */
export function listAudit(db: Db, q: AuditListQuery): Promise<{ rows: AuditRecord[]; total: number }> {
  return listPage<AuditRecord>(db, auditList(q), { offset: (q.page - 1) * q.per_page, limit: q.per_page });
}

export async function findAudit(db: Db, id: number): Promise<AuditRecord | undefined> {
  const rows = await db.query<AuditRecord>(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE id = $1`, [id]);
  return rows[0];
}
