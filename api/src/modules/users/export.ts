import type { User, UsersExportQuery } from '@backoffice/shared/contract';
import { type CsvExport, field } from '../../lib/csv/export.ts';
import { buildUsersCountQuery, USER_COLUMNS, usersOrder, usersWhere } from './repository.ts';

/** GET /admin/user/export.csv: every user the list's filters match, in the list's order. */
export function usersExport(q: UsersExportQuery): CsvExport<User> {
  const w = usersWhere(q);
  return {
    name: 'users',
    query: {
      text: `SELECT ${USER_COLUMNS} FROM users u ${w.sql} ORDER BY ${usersOrder(q)}`,
      values: w.values,
    },
    count: buildUsersCountQuery(q),
    columns: [
      field('id'),
      field('name'),
      field('username'),
      field('email'),
      field('email_verified'),
      field('role'),
      field('status'),
      field('last_login'),
      field('createdAt'),
      field('block_reason'),
    ],
  };
}
