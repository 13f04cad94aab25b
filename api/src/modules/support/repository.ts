import type { SupportListQuery, SupportTicket } from '@backoffice/shared/contract';
import { isInt4Id } from '@backoffice/shared/contract';
import { type ListOrder, type ListSpec, listPage, type OrderKey, orderBy } from '../../db/paging.ts';
import { dateFrom, dateTo, prefixPattern, type SqlStatement } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';

/** The UTC day [start, end) of a YYYY-MM-DD or ISO date-time filter. */
export function utcDay(value: string): { start: string; end: string } {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : new Date(value).toISOString().slice(0, 10);
  const start = new Date(`${day}T00:00:00.000Z`);
  const end = new Date(start.getTime() + 86_400_000);
  return { start: start.toISOString(), end: end.toISOString() };
}

const TICKET_COLUMNS = `t.id, t.type, t.message, t.status, t.remarks, t.created_at AS "createdAt",
  t.updated_at AS "updatedAt", t.closed_at AS "closedAt",
  json_build_object('id', u.id, 'name', u.name, 'username', u.username) AS "User"`;

/** ORDER BY per sort field; ties broken by created_at then id in the same direction (index-backed). */
const THEN_CREATED: OrderKey[] = [{ sql: 't.created_at' }, { sql: 't.id' }];
const ORDER: Record<SupportListQuery['sort_by'], OrderKey[]> = {
  createdAt: THEN_CREATED,
  id: [{ sql: 't.id' }],
  status: [{ sql: 't.status' }, ...THEN_CREATED],
  type: [{ sql: 't.type' }, ...THEN_CREATED],
};

type Filters = Pick<
  SupportListQuery,
  'id' | 'username' | 'status' | 'created_at' | 'date_start' | 'date_end'
>;

/**
 * The filters of the list and of its export (one builder for both); `needsUser` when a condition is on
 * the joined user.
 */
export function supportWhere(filters: Filters): { sql: string; values: unknown[]; needsUser: boolean } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(sql(`$${values.length}`));
  };
  // An id beyond the integer column matches nothing (and must not reach SQL as an out-of-range value).
  if (filters.id !== undefined && !isInt4Id(filters.id)) conditions.push('false');
  else if (filters.id !== undefined) add((p) => `t.id = ${p}`, filters.id);
  if (filters.username) add((p) => `lower(u.username) LIKE ${p}`, prefixPattern(filters.username));
  if (filters.status) add((p) => `t.status = ${p}`, filters.status);
  if (filters.created_at) {
    const { start, end } = utcDay(filters.created_at);
    add((p) => `t.created_at >= ${p}::timestamptz`, start);
    add((p) => `t.created_at < ${p}::timestamptz`, end);
  }
  if (filters.date_start) add((p) => `t.created_at >= ${p}::timestamptz`, dateFrom(filters.date_start));
  if (filters.date_end) {
    const to = dateTo(filters.date_end);
    add((p) => `t.created_at ${to.op} ${p}::timestamptz`, to.value);
  }
  return {
    sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '',
    values,
    needsUser: !!filters.username,
  };
}

/** The order of the list and of its export. */
export const supportListOrder = (query: Pick<SupportListQuery, 'sort_by' | 'sort_type'>): ListOrder => ({
  keys: ORDER[query.sort_by],
  dir: query.sort_type === 'asc' ? 'ASC' : 'DESC',
});

/** ORDER BY of the list and of its export. */
export const supportOrder = (query: Pick<SupportListQuery, 'sort_by' | 'sort_type'>): string =>
  orderBy(supportListOrder(query));

/**
 * The page of GET /admin/support as plain SQL, LIMIT and OFFSET: the reference of what the endpoint
 * answers (it reads the same rows through `listPage`), and the bench's floor. The page is cut from
 * support_tickets first and only its rows are joined to their users.
 */
export function buildSupportListQuery(query: SupportListQuery, _now?: Date): SqlStatement {
  const w = supportWhere(query);
  const order = supportOrder(query);
  const values = [...w.values, query.per_page, (query.page - 1) * query.per_page];
  return {
    text: `SELECT ${TICKET_COLUMNS}
             FROM (SELECT t.* FROM support_tickets t
                     ${w.needsUser ? 'JOIN users u ON u.id = t.user_id' : ''}
                     ${w.sql}
                    ORDER BY ${order}
                    LIMIT $${values.length - 1} OFFSET $${values.length}) t
             JOIN users u ON u.id = t.user_id
            ORDER BY ${order}`,
    values,
  };
}

/** The total of GET /admin/support (joins users only when filtering by username). */
export function buildSupportCountQuery(query: Filters, _now?: Date): SqlStatement {
  const w = supportWhere(query);
  return {
    text: `SELECT count(*) AS n FROM support_tickets t
             ${w.needsUser ? 'JOIN users u ON u.id = t.user_id' : ''} ${w.sql}`,
    values: w.values,
  };
}

/** GET /admin/support as a list of the paging helper (src/db/paging.ts). */
export function supportList(query: SupportListQuery): ListSpec {
  const w = supportWhere(query);
  const order = supportListOrder(query);
  return {
    name: 'support',
    tables: w.needsUser ? ['support_tickets', 'users'] : ['support_tickets'],
    from: w.needsUser ? 'support_tickets t JOIN users u ON u.id = t.user_id' : 'support_tickets t',
    id: 't.id',
    where: w.sql.replace(/^WHERE /, ''),
    values: w.values,
    order,
    rows: (ids, extra) => `SELECT ${TICKET_COLUMNS}${extra}
                             FROM (${ids}) p JOIN support_tickets t ON t.id = p.id JOIN users u ON u.id = t.user_id
                            ORDER BY ${orderBy(order)}`,
  };
}

export function listTickets(
  db: Db,
  query: SupportListQuery,
): Promise<{ rows: SupportTicket[]; total: number }> {
  return listPage<SupportTicket>(db, supportList(query), {
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  });
}

export async function findTicket(db: Db, id: number): Promise<SupportTicket | undefined> {
  const rows = await db.query<SupportTicket>(
    `SELECT ${TICKET_COLUMNS} FROM support_tickets t JOIN users u ON u.id = t.user_id WHERE t.id = $1`,
    [id],
  );
  return rows[0];
}

/**
 * Sets the status (closing stamps closed_at once, reopening clears it) and, when `remarks` is not
 * undefined, the remarks (null or blank clears them). Returns false for an unknown id.
 */
export async function updateTicket(
  db: Db,
  id: number,
  change: { status: 'open' | 'closed'; remarks?: string | null },
): Promise<boolean> {
  const setRemarks = change.remarks !== undefined;
  const rows = await db.query(
    `UPDATE support_tickets
        SET status = $2,
            closed_at = CASE WHEN $2 = 'closed' THEN coalesce(closed_at, now()) ELSE NULL END,
            remarks = CASE WHEN $3::boolean THEN nullif($4::text, '') ELSE remarks END,
            updated_at = now()
      WHERE id = $1 RETURNING id`,
    [id, change.status, setRemarks, change.remarks ?? null],
  );
  return rows.length > 0;
}

/** Closes the ticket if (and only if) it is open. */
export async function closeOpenTicket(db: Db, id: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE support_tickets SET status = 'closed', closed_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'open' RETURNING id`,
    [id],
  );
  return rows.length > 0;
}
