import type {
  Transaction,
  TransactionsExportQuery,
  TransactionsListQuery,
} from '@backoffice/shared/contract';
import { type ListOrder, type ListSpec, listPage, orderBy } from '../../db/paging.ts';
import {
  dateFrom,
  dateTo,
  MAX_INT4,
  pageSize,
  prefixPattern,
  type SqlStatement,
  Where,
} from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';

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

/** The order of the list and of its export: the sort column, then the id, in the same direction. */
export function transactionsListOrder(q: Pick<TransactionsListQuery, 'sort_by' | 'sort_type'>): ListOrder {
  const column = SORT_COLUMNS[q.sort_by];
  return {
    keys: column === 't.id' ? [{ sql: 't.id' }] : [{ sql: column }, { sql: 't.id' }],
    dir: q.sort_type === 'asc' ? 'ASC' : 'DESC',
  };
}

/** ORDER BY of the list and of its export. */
export const transactionsOrder = (q: Pick<TransactionsListQuery, 'sort_by' | 'sort_type'>): string =>
  orderBy(transactionsListOrder(q));

/**
 * The page of GET /admin/transactions as plain SQL, LIMIT and OFFSET: the reference of what the endpoint
 * answers (it reads the same rows through `listPage`), and the bench's floor.
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

/** GET /admin/transactions as a list of the paging helper (src/db/paging.ts). */
export function transactionsList(q: TransactionsListQuery): ListSpec {
  const w = transactionsWhere(q);
  const order = transactionsListOrder(q);
  return {
    name: 'transactions',
    tables: q.username ? ['transactions', 'users'] : ['transactions'],
    from: 'transactions t',
    id: 't.id',
    where: w.conditions.join(' AND '),
    values: w.values,
    order,
    rows: (ids, extra) => `SELECT ${COLUMNS}${extra}
                             FROM (${ids}) p JOIN transactions t ON t.id = p.id JOIN users u ON u.id = t.user_id
                            ORDER BY ${orderBy(order)}`,
  };
}

export function listTransactions(
  db: Db,
  q: TransactionsListQuery,
): Promise<{ rows: Transaction[]; total: number }> {
  const size = pageSize(q);
  return listPage<Transaction>(db, transactionsList(q), { offset: (q.page - 1) * size, limit: size });
}

export async function findTransaction(db: Db, id: number): Promise<Transaction | undefined> {
  if (id > MAX_INT4) return undefined;
  const rows = await db.query<Transaction>(
    `SELECT ${COLUMNS} FROM transactions t JOIN users u ON u.id = t.user_id WHERE t.id = $1`,
    [id],
  );
  return rows[0];
}
