import type {
  Withdrawal,
  WithdrawalStatus,
  WithdrawalsExportQuery,
  WithdrawalsListQuery,
} from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import { dateFrom, dateTo, MAX_INT4, pageSize, prefixPattern, type SqlStatement, Where } from './sql.ts';

/** Statuses an admin may still decide on. */
export const OPEN_STATUSES = ['pending', 'waiting'] as const;

const COLUMNS = `w.id,
  json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'username', u.username) AS "User",
  w.amount, w.wallet_address, w.status, w.hash, w.processing, w.created_at AS "createdAt", w.comment,
  w.processed_at AS "processedAt", w.processed_by AS "processedBy"`;

/** Whitelisted sort columns (contract withdrawalSortFields) -> SQL. */
const SORT_COLUMNS: Record<WithdrawalsListQuery['sort_by'], string> = {
  createdAt: 'w.created_at',
  id: 'w.id',
  amount: 'w.amount',
  status: 'w.status',
};

/** The filters of the list and of its export (one builder for both). */
export function withdrawalsWhere(q: WithdrawalsExportQuery): Where {
  const w = new Where();
  if (q.id !== undefined) w.add(q.id > MAX_INT4 ? 'false' : `w.id = ${w.param(q.id)}`);
  if (q.status) w.add(`w.status = ${w.param(q.status)}`);
  if (q.status_in?.length) w.add(`w.status = ANY(${w.param([...new Set(q.status_in)])}::text[])`);
  if (q.user_name) {
    const p = w.param(prefixPattern(q.user_name));
    w.add(`w.user_id IN (SELECT id FROM users WHERE lower(username) LIKE ${p} OR lower(name) LIKE ${p})`);
  }
  if (q.from) w.add(`w.created_at >= ${w.param(dateFrom(q.from))}::timestamptz`);
  if (q.to) {
    const to = dateTo(q.to);
    w.add(`w.created_at ${to.op} ${w.param(to.value)}::timestamptz`);
  }
  return w;
}

/** ORDER BY of the list and of its export: the sort column, then the id, in the same direction. */
export function withdrawalsOrder(q: Pick<WithdrawalsListQuery, 'sort_by' | 'sort_type'>): string {
  const dir = q.sort_type === 'asc' ? 'ASC' : 'DESC';
  return `${SORT_COLUMNS[q.sort_by]} ${dir}, w.id ${dir}`;
}

/**
 * The page of GET /admin/withdrawal exactly as the endpoint runs it (the bench runs the same SQL).
 * `now` is unused (the filters do not depend on the clock) but kept for the bench's signature.
 */
export function buildWithdrawalsListQuery(q: WithdrawalsListQuery, _now: Date = new Date()): SqlStatement {
  const w = withdrawalsWhere(q);
  const size = pageSize(q);
  const limit = w.param(size);
  const offset = w.param((q.page - 1) * size);
  const order = withdrawalsOrder(q);
  // Page first (index order, LIMIT/OFFSET on the table alone), then join the users of that page only.
  return {
    text: `SELECT ${COLUMNS}
             FROM (SELECT * FROM withdrawals w ${w} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) w
             JOIN users u ON u.id = w.user_id
            ORDER BY ${order}`,
    values: w.values,
  };
}

/** The total of GET /admin/withdrawal for the same filters. */
export function buildWithdrawalsCountQuery(q: WithdrawalsExportQuery, _now: Date = new Date()): SqlStatement {
  const w = withdrawalsWhere(q);
  return { text: `SELECT count(*) AS n FROM withdrawals w ${w}`, values: w.values };
}

export async function listWithdrawals(
  db: Db,
  q: WithdrawalsListQuery,
  now: Date = new Date(),
): Promise<{ rows: Withdrawal[]; total: number }> {
  const page = buildWithdrawalsListQuery(q, now);
  const count = buildWithdrawalsCountQuery(q, now);
  const [rows, [total]] = await Promise.all([
    db.query<Withdrawal>(page.text, page.values),
    db.query<{ n: number }>(count.text, count.values),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Withdrawals by id, in the order of `ids` (unknown ids are left out). */
export async function findWithdrawals(db: Db, ids: readonly number[]): Promise<Withdrawal[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<Withdrawal>(
    `SELECT ${COLUMNS} FROM withdrawals w JOIN users u ON u.id = w.user_id WHERE w.id = ANY($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Current status of each existing id. */
export async function statusesOf(db: Db, ids: readonly number[]): Promise<Map<number, WithdrawalStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: number; status: WithdrawalStatus }>(
    'SELECT id, status FROM withdrawals WHERE id = ANY($1::int[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}

/**
 * Moves every withdrawal of `ids` that is still pending or waiting to `status`, in one statement:
 * rows are locked in id order (no deadlock between two bulk updates) and the status condition is
 * re-checked after any concurrent change, so each withdrawal is decided once. Returns the ones changed.
 */
export async function decideWithdrawals(
  db: Db,
  ids: readonly number[],
  decision: { status: 'approved' | 'rejected'; comment: string | null; adminId: number | null },
): Promise<{ id: number; user_id: number; amount: string }[]> {
  if (ids.length === 0) return [];
  return db.query<{ id: number; user_id: number; amount: string }>(
    `WITH target AS (
       SELECT id FROM withdrawals
        WHERE id = ANY($1::int[]) AND status IN ('pending', 'waiting')
        ORDER BY id FOR UPDATE)
     UPDATE withdrawals w
        SET status = $2, comment = coalesce($3, w.comment), processed_by = $4,
            processed_at = now(), updated_at = now()
       FROM target
      WHERE w.id = target.id AND w.status IN ('pending', 'waiting')
     RETURNING w.id, w.user_id, w.amount`,
    [ids, decision.status, decision.comment, decision.adminId],
  );
}
