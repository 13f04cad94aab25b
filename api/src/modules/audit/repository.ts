import type { AuditListQuery, AuditRecord } from '@backoffice/shared/contract';
import { type ListSpec, listPage, orderBy } from '../../db/paging.ts';
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
