import type { AuditListQuery, AuditRecord } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import { dateFrom, dateTo, MAX_INT4, prefixPattern, Where } from '../withdrawals/sql.ts';

export const AUDIT_COLUMNS = `id, at, admin_id AS "adminId", admin_email AS "adminEmail", action, target_type AS "targetType",
  target_id AS "targetId", before, after, ip, request_id AS "requestId", details`;

/** The filters of the list (and of its export: the same query without the paging). */
export function auditWhere(q: Omit<AuditListQuery, 'page' | 'per_page'>): Where {
  const w = new Where();
  if (q.admin_id !== undefined) w.add(q.admin_id > MAX_INT4 ? 'false' : `admin_id = ${w.param(q.admin_id)}`);
  if (q.admin_email) w.add(`lower(admin_email) = lower(${w.param(q.admin_email)})`);
  if (q.action) {
    // 'withdrawal.' = every withdrawal action; anything else is one exact action.
    if (q.action.endsWith('.')) w.add(`action LIKE ${w.param(prefixPattern(q.action))}`);
    else w.add(`action = ${w.param(q.action)}`);
  }
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

/** One page of the audit log, by time (ties by id). */
export async function listAudit(db: Db, q: AuditListQuery): Promise<{ rows: AuditRecord[]; total: number }> {
  const w = auditWhere(q);
  const dir = auditDirection(q);
  const count = { text: `SELECT count(*) AS n FROM audit_log ${w}`, values: [...w.values] };
  const limit = w.param(q.per_page);
  const offset = w.param((q.page - 1) * q.per_page);
  const [rows, [total]] = await Promise.all([
    db.query<AuditRecord>(
      `SELECT ${AUDIT_COLUMNS} FROM audit_log ${w} ORDER BY at ${dir}, id ${dir} LIMIT ${limit} OFFSET ${offset}`,
      w.values,
    ),
    db.query<{ n: number }>(count.text, count.values),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findAudit(db: Db, id: number): Promise<AuditRecord | undefined> {
  const rows = await db.query<AuditRecord>(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE id = $1`, [id]);
  return rows[0];
}
