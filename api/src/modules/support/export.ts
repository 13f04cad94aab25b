import type { SupportExportQuery } from '@backoffice/shared/contract';
import { type CsvExport, field } from '../../lib/csv/export.ts';
import { buildSupportCountQuery, supportOrder, supportWhere } from './repository.ts';

/** A support ticket as exported: the list's fields, its user flattened into columns. */
export interface SupportExportRow {
  id: number;
  type: string;
  message: string;
  status: string;
  remarks: string | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  user_id: number;
  user_name: string | null;
  user_username: string;
}

/** GET /admin/support/export.csv: every ticket the list's filters match, in the list's order. */
export function supportExport(q: SupportExportQuery): CsvExport<SupportExportRow> {
  const w = supportWhere(q);
  return {
    name: 'support-tickets',
    query: {
      text: `SELECT t.id, t.type, t.message, t.status, t.remarks, t.created_at AS "createdAt",
                    t.updated_at AS "updatedAt", t.closed_at AS "closedAt", u.id AS user_id,
                    u.name AS user_name, u.username AS user_username
               FROM support_tickets t JOIN users u ON u.id = t.user_id
             ${w.sql}
              ORDER BY ${supportOrder(q)}`,
      values: w.values,
    },
    count: buildSupportCountQuery(q),
    columns: [
      field('id'),
      field('type'),
      field('message'),
      field('status'),
      field('remarks'),
      field('createdAt'),
      field('updatedAt'),
      field('closedAt'),
      field('user_id'),
      field('user_name'),
      field('user_username'),
    ],
  };
}
