import type {
  Transaction,
  TransactionsExportQuery,
  TransactionsListQuery,
} from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import {
  dateFrom,
  dateTo,
  MAX_INT4,
  pageSize,
  prefixPattern,
  type SqlStatement,
  Where,
} from '../withdrawals/sql.ts';

const COLUMNS = `t.id, json_build_object('id', u.id, 'name', u.name, 'username', u.username) AS "User",
  t.amount, t.currency, t.payment_id, t.pay_currency, t.status, t.created_at AS "createdAt", t.pay_address`;

/** Whitelisted sort columns (contract transactionSortFields) -> SQL. */
const SORT_COLUMNS: Record<TransactionsListQuery['sort_by'], string> = {
  createdAt: 't.created_at',
  id: 't.id',
  amount: 't.amount',
  status: 't.status',
  currency: 't.currency',
};

/** The filters of the list and of its export (one builder for both). */
export function transactionsWhere(q: TransactionsExportQuery): Where {
  const w = new Where();
  if (q.id !== undefined) w.add(q.id > MAX_INT4 ? 'false' : `t.id = ${w.param(q.id)}`);
  if (q.status) w.add(`t.status = ${w.param(q.status)}`);
  if (q.username)
    w.add(
      `t.user_id IN (SELECT id FROM users WHERE lower(username) LIKE ${w.param(prefixPattern(q.username))})`,
    );
  if (q.pay_address) w.add(`lower(t.pay_address) LIKE ${w.param(prefixPattern(q.pay_address))}`);
  if (q.date_start) w.add(`t.created_at >= ${w.param(dateFrom(q.date_start))}::timestamptz`);
  if (q.date_end) {
    const to = dateTo(q.date_end);
    w.add(`t.created_at ${to.op} ${w.param(to.value)}::timestamptz`);
  }
  return w;
}

/** ORDER BY of the list and of its export: the sort column, then the id, in the same direction. */
export function transactionsOrder(q: Pick<TransactionsListQuery, 'sort_by' | 'sort_type'>): string {
  const dir = q.sort_type === 'asc' ? 'ASC' : 'DESC';
  return `${SORT_COLUMNS[q.sort_by]} ${dir}, t.id ${dir}`;
}

/**
 * The page of GET /admin/transactions exactly as the endpoint runs it (the bench runs the same SQL).
 * `now` is unused (no filter depends on the clock) but kept for the bench's signature.
 */
export function buildTransactionsListQuery(q: TransactionsListQuery, _now: Date = new Date()): SqlStatement {
  const w = transactionsWhere(q);
  const size = pageSize(q);
  const limit = w.param(size);
  const offset = w.param((q.page - 1) * size);
  const order = transactionsOrder(q);
  // Page first (index order, LIMIT/OFFSET on the table alone), then join the users of that page only.
  return {
    text: `SELECT ${COLUMNS}
             FROM (SELECT * FROM transactions t ${w} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) t
             JOIN users u ON u.id = t.user_id
            ORDER BY ${order}`,
    values: w.values,
  };
}

/** The total of GET /admin/transactions for the same filters. */
export function buildTransactionsCountQuery(
  q: TransactionsExportQuery,
  _now: Date = new Date(),
): SqlStatement {
  const w = transactionsWhere(q);
  return { text: `SELECT count(*) AS n FROM transactions t ${w}`, values: w.values };
}

export async function listTransactions(
  db: Db,
  q: TransactionsListQuery,
  now: Date = new Date(),
): Promise<{ rows: Transaction[]; total: number }> {
  const page = buildTransactionsListQuery(q, now);
  const count = buildTransactionsCountQuery(q, now);
  const [rows, [total]] = await Promise.all([
    db.query<Transaction>(page.text, page.values),
    db.query<{ n: number }>(count.text, count.values),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findTransaction(db: Db, id: number): Promise<Transaction | undefined> {
  if (id > MAX_INT4) return undefined;
  const rows = await db.query<Transaction>(
    `SELECT ${COLUMNS} FROM transactions t JOIN users u ON u.id = t.user_id WHERE t.id = $1`,
    [id],
  );
  return rows[0];
}
