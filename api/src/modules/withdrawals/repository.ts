import type {
  Withdrawal,
  WithdrawalStatus,
  WithdrawalsExportQuery,
  WithdrawalsListQuery,
} from '@backoffice/shared/contract';
import { openWithdrawalStatuses } from '@backoffice/shared/facts';
import { type ListOrder, type ListSpec, listPage, orderBy } from '../../db/paging.ts';
import {
  dateFrom,
  dateTo,
  MAX_INT4,
  pageSize,
  prefixPattern,
  type SqlStatement,
  sqlList,
  Where,
} from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';

/** Statuses an admin may still decide on, as SQL literals (facts/withdrawals.ts). */
const OPEN = sqlList(openWithdrawalStatuses);

const COLUMNS = `w.id,
  json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'username', u.username) AS "User",
  w.amount, w.wallet_address, w.status, w.hash, w.processing, w.created_at AS "createdAt", w.comment,
  w.processed_at AS "processedAt", w.processed_by AS "processedBy",
  w.first_approved_by AS "firstApprovedBy", w.first_approved_at AS "firstApprovedAt",
  (SELECT json_build_object('id', a.id, 'email', a.email, 'name', a.name)
     FROM admins a WHERE a.id = w.first_approved_by) AS "firstApprover"`;

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

/** The order of the list and of its export: the sort column, then the id, in the same direction. */
export function withdrawalsListOrder(q: Pick<WithdrawalsListQuery, 'sort_by' | 'sort_type'>): ListOrder {
  const column = SORT_COLUMNS[q.sort_by];
  return {
    keys: column === 'w.id' ? [{ sql: 'w.id' }] : [{ sql: column }, { sql: 'w.id' }],
    dir: q.sort_type === 'asc' ? 'ASC' : 'DESC',
  };
}

/** ORDER BY of the list and of its export. */
export const withdrawalsOrder = (q: Pick<WithdrawalsListQuery, 'sort_by' | 'sort_type'>): string =>
  orderBy(withdrawalsListOrder(q));

/**
 * The page of GET /admin/withdrawal as plain SQL, LIMIT and OFFSET: the reference of what the endpoint
 * answers (it reads the same rows through `listPage`), and the bench's floor.
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

/** GET /admin/withdrawal as a list of the paging helper (src/db/paging.ts). */
export function withdrawalsList(q: WithdrawalsListQuery): ListSpec {
  const w = withdrawalsWhere(q);
  const order = withdrawalsListOrder(q);
  return {
    name: 'withdrawals',
    tables: q.user_name ? ['withdrawals', 'users'] : ['withdrawals'],
    from: 'withdrawals w',
    id: 'w.id',
    where: w.conditions.join(' AND '),
    values: w.values,
    order,
    rows: (ids, extra) => `SELECT ${COLUMNS}${extra}
                             FROM (${ids}) p JOIN withdrawals w ON w.id = p.id JOIN users u ON u.id = w.user_id
                            ORDER BY ${orderBy(order)}`,
  };
}

export function listWithdrawals(
  db: Db,
  q: WithdrawalsListQuery,
): Promise<{ rows: Withdrawal[]; total: number }> {
  const size = pageSize(q);
  return listPage<Withdrawal>(db, withdrawalsList(q), { offset: (q.page - 1) * size, limit: size });
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

/** One withdrawal changed by `decideWithdrawals`, with its status before. */
export interface DecidedWithdrawal {
  id: number;
  user_id: number;
  amount: string;
  status: WithdrawalStatus;
  previous_status: WithdrawalStatus;
}

/** Current status of each existing id, and the admin of a first approval (four-eyes). */
export async function openStateOf(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { status: WithdrawalStatus; firstApprovedBy: number | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: number; status: WithdrawalStatus; first_approved_by: number | null }>(
    'SELECT id, status, first_approved_by FROM withdrawals WHERE id = ANY($1::int[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { status: r.status, firstApprovedBy: r.first_approved_by }]));
}

/**
 * Decides every withdrawal of `ids` that is still open, in one statement: rows are locked in id order
 * (no deadlock between two bulk updates) and the conditions are re-checked on the latest row after any
 * concurrent change, so each step happens once.
 * - rejected: pending, waiting or awaiting_approval -> rejected.
 * - approved (four-eyes): pending or waiting with amount >= threshold -> awaiting_approval (first approval,
 *   by `adminId`); awaiting_approval -> approved only by an admin other than the first approver (the
 *   first approver's own second approval changes nothing: the caller reports it); below the threshold,
 *   or with no threshold, pending or waiting -> approved.
 *   Nor by an admin `linked` to the first approver (a creation or 2FA reset between them within 24 h:
 *   modules/four-eyes.ts); the caller reports that too.
 * The threshold is the superadmin setting 'four_eyes_threshold' when stored, else `envThreshold`.
 */
export async function decideWithdrawals(
  db: Db,
  ids: readonly number[],
  decision: {
    status: 'approved' | 'rejected';
    comment: string | null;
    adminId: number | null;
    envThreshold: string | null;
    /** Admins whose first approval `adminId` may not complete (see linkedAdmins). */
    linked: readonly number[];
  },
): Promise<DecidedWithdrawal[]> {
  if (ids.length === 0) return [];
  // Conditions and the new status are computed from w (not from a CTE): after a lock wait PostgreSQL
  // re-evaluates them on the latest row version. target (FOR UPDATE) holds that latest version too, so its
  // status is the one before this change.
  const next = `CASE WHEN $2 = 'rejected' THEN 'rejected'
                     WHEN w.status = 'awaiting_approval' THEN 'approved'
                     WHEN w.amount >= coalesce((SELECT value::numeric FROM settings WHERE key = 'four_eyes_threshold'), $5::numeric)
                       THEN 'awaiting_approval'
                     ELSE 'approved' END`;
  return db.query<DecidedWithdrawal>(
    `WITH target AS (
       SELECT id, status FROM withdrawals
        WHERE id = ANY($1::int[]) AND status IN (${OPEN})
        ORDER BY id FOR UPDATE)
     UPDATE withdrawals w
        SET status = ${next},
            comment = coalesce($3, w.comment),
            first_approved_by = CASE WHEN ${next} = 'awaiting_approval' THEN $4 ELSE w.first_approved_by END,
            first_approved_at = CASE WHEN ${next} = 'awaiting_approval' THEN now() ELSE w.first_approved_at END,
            processed_by = CASE WHEN ${next} = 'awaiting_approval' THEN NULL ELSE $4 END,
            processed_at = CASE WHEN ${next} = 'awaiting_approval' THEN NULL ELSE now() END,
            updated_at = now()
       FROM target
      WHERE w.id = target.id AND w.status IN (${OPEN})
        AND NOT ($2 = 'approved' AND w.status = 'awaiting_approval' AND w.first_approved_by IS NOT DISTINCT FROM $4::int)
        AND NOT ($2 = 'approved' AND w.status = 'awaiting_approval' AND w.first_approved_by = ANY($6::int[]))
     RETURNING w.id, w.user_id, w.amount, w.status, target.status AS previous_status`,
    [ids, decision.status, decision.comment, decision.adminId, decision.envThreshold, [...decision.linked]],
  );
}
