import type { AdminsExportQuery } from '@backoffice/shared/contract';
import { type CsvColumn, type CsvExport, field } from '../../lib/csv/export.ts';
import { adminsWhere, type ManagedAdminRow } from './repository.ts';

/** A column named as the list names the field (camelCase), read from the table's column. */
const as = (header: string, name: keyof ManagedAdminRow): CsvColumn<ManagedAdminRow> => ({
  header,
  value: (row) => row[name],
});

/**
 * GET /admin/admins/export.csv: every admin the list's filters match, in the list's order (by id), with
 * the list's fields. Never a secret; a sign-in lock lives in the shared store, not the table, so it is
 * left out (the list shows it live).
 */
export function adminsExport(q: AdminsExportQuery): CsvExport<ManagedAdminRow> {
  const { conditions, values } = adminsWhere(q);
  const where = `WHERE ${conditions.join(' AND ')}`;
  return {
    name: 'admins',
    query: {
      text: `SELECT id, email, name, roles, status, two_factor_enabled, two_factor_setup_required,
                    must_change_password, last_login_at, created_at
               FROM admins ${where}
              ORDER BY id`,
      values,
    },
    count: { text: `SELECT count(*) AS n FROM admins ${where}`, values },
    columns: [
      field('id'),
      field('email'),
      field('name'),
      field('roles'),
      field('status'),
      as('twoFactorEnabled', 'two_factor_enabled'),
      as('twoFactorSetupRequired', 'two_factor_setup_required'),
      as('mustChangePassword', 'must_change_password'),
      as('lastSignInAt', 'last_login_at'),
      as('createdAt', 'created_at'),
    ],
  };
}
