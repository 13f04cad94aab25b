import type { AuditExportQuery, AuditRecord } from '@backoffice/shared/contract';
import { type CsvExport, field } from '../../lib/csv/export.ts';
import { AUDIT_COLUMNS, auditDirection, auditWhere } from './repository.ts';

/**
 * GET /admin/audit/export.csv: every record the audit log's filters match, in the list's order (by time,
 * ties by id); before/after/details as JSON text.
 */
export function auditExport(q: AuditExportQuery): CsvExport<AuditRecord> {
  const w = auditWhere(q);
  const dir = auditDirection(q);
  return {
    name: 'audit-log',
    query: {
      text: `SELECT ${AUDIT_COLUMNS} FROM audit_log ${w} ORDER BY at ${dir}, id ${dir}`,
      values: w.values,
    },
    count: { text: `SELECT count(*) AS n FROM audit_log ${w}`, values: w.values },
    columns: [
      field('id'),
      field('at'),
      field('adminId'),
      field('adminEmail'),
      field('action'),
      field('targetType'),
      field('targetId'),
      field('before'),
      field('after'),
      field('ip'),
      field('requestId'),
      field('details'),
    ],
  };
}
