import type { TransactionsExportQuery } from '@backoffice/shared/contract';
import { type CsvExport, field } from '../../lib/csv/export.ts';
import { buildTransactionsCountQuery, transactionsOrder, transactionsWhere } from './repository.ts';

/** A deposit as exported: the list's fields, its user flattened into columns. */
export interface TransactionExportRow {
  id: number;
  user_id: number;
  user_name: string | null;
  user_username: string | null;
  amount: string;
  currency: string;
  payment_id: string | null;
  pay_currency: string | null;
  status: string;
  createdAt: string;
  pay_address: string | null;
}

/** GET /admin/transactions/export.csv: every deposit the list's filters match, in the list's order. */
export function transactionsExport(q: TransactionsExportQuery): CsvExport<TransactionExportRow> {
  const w = transactionsWhere(q);
  return {
    name: 'transactions',
    query: {
      text: `SELECT t.id, u.id AS user_id, u.name AS user_name, u.username AS user_username, t.amount,
                    t.currency, t.payment_id, t.pay_currency, t.status, t.created_at AS "createdAt",
                    t.pay_address
               FROM transactions t JOIN users u ON u.id = t.user_id
             ${w}
              ORDER BY ${transactionsOrder(q)}`,
      values: w.values,
    },
    count: buildTransactionsCountQuery(q),
    columns: [
      field('id'),
      field('user_id'),
      field('user_name'),
      field('user_username'),
      field('amount'),
      field('currency'),
      field('payment_id'),
      field('pay_currency'),
      field('status'),
      field('createdAt'),
      field('pay_address'),
    ],
  };
}
