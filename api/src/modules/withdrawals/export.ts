import type { WithdrawalsExportQuery } from '@backoffice/shared/contract';
import { type CsvExport, field } from '../../lib/csv/export.ts';
import { buildWithdrawalsCountQuery, withdrawalsOrder, withdrawalsWhere } from './repository.ts';

/** A withdrawal as exported: the list's fields, its user flattened into columns. */
export interface WithdrawalExportRow {
  id: number;
  user_id: number;
  user_name: string | null;
  user_username: string | null;
  user_email: string | null;
  amount: string;
  wallet_address: string | null;
  status: string;
  hash: string | null;
  processing: boolean;
  createdAt: string;
  comment: string | null;
  processedAt: string | null;
  processedBy: number | null;
}

/** GET /admin/withdrawal/export.csv: every withdrawal the list's filters match, in the list's order. */
export function withdrawalsExport(q: WithdrawalsExportQuery): CsvExport<WithdrawalExportRow> {
  const w = withdrawalsWhere(q);
  return {
    name: 'withdrawals',
    query: {
      text: `SELECT w.id, u.id AS user_id, u.name AS user_name, u.username AS user_username,
                    u.email AS user_email, w.amount, w.wallet_address, w.status, w.hash, w.processing,
                    w.created_at AS "createdAt", w.comment, w.processed_at AS "processedAt",
                    w.processed_by AS "processedBy"
               FROM withdrawals w JOIN users u ON u.id = w.user_id
             ${w}
              ORDER BY ${withdrawalsOrder(q)}`,
      values: w.values,
    },
    count: buildWithdrawalsCountQuery(q),
    columns: [
      field('id'),
      field('user_id'),
      field('user_name'),
      field('user_username'),
      field('user_email'),
      field('amount'),
      field('wallet_address'),
      field('status'),
      field('hash'),
      field('processing'),
      field('createdAt'),
      field('comment'),
      field('processedAt'),
      field('processedBy'),
    ],
  };
}
