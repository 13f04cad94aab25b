import type { AdminStatus, AdminsListQuery, GovernanceRole } from '@backoffice/shared/contract';
import { type ListSpec, listPage } from '../../db/paging.ts';
import type { Db } from '../../db/types.ts';

/** An admin as the management screen needs it (no secrets). */
export interface ManagedAdminRow {
  id: number;
  email: string;
  name: string;
  roles: GovernanceRole[];
  status: AdminStatus;
  two_factor_enabled: boolean;
  two_factor_setup_required: boolean;
  must_change_password: boolean;
  last_login_at: string | null;
  created_at: string;
}

const COLUMNS = `id, email, name, roles, status, two_factor_enabled, two_factor_setup_required,
  must_change_password, last_login_at, created_at`;

/** The filters of the list and of its export (one builder for both); deleted admins are in neither. */
export function adminsWhere(q: Pick<AdminsListQuery, 'search' | 'status'>): {
  conditions: string[];
  values: unknown[];
} {
  const where = ['deleted_at IS NULL'];
  const values: unknown[] = [];
  if (q.search) {
    values.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(email ILIKE $${values.length} OR name ILIKE $${values.length})`);
  }
  if (q.status) {
    values.push(q.status);
    where.push(`status = $${values.length}`);
  }
  return { conditions: where, values };
}

/** The admins list for the paging helper (src/db/paging.ts), by id. */
export function adminsList(q: Pick<AdminsListQuery, 'search' | 'status'>): ListSpec {
  const { conditions: where, values } = adminsWhere(q);
  return {
    name: 'admins',
    tables: ['admins'],
    from: 'admins',
    id: 'id',
    where: where.join(' AND '),
    values,
    order: { keys: [{ sql: 'id' }], dir: 'ASC' },
    rows: (ids, extra) => `SELECT ${COLUMNS}${extra} FROM admins WHERE id IN (${ids}) ORDER BY id`,
  };
}

/** Deleted admins (soft delete) are out of every list and lookup. */
export function listAdmins(db: Db, q: AdminsListQuery): Promise<{ rows: ManagedAdminRow[]; total: number }> {
  return listPage<ManagedAdminRow>(db, adminsList(q), { offset: (q.page - 1) * q.limit, limit: q.limit });
}

export async function findManagedAdmin(db: Db, id: number): Promise<ManagedAdminRow | undefined> {
  const rows = await db.query<ManagedAdminRow>(
    `SELECT ${COLUMNS} FROM admins WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows[0];
}

/** The admin's row, locked until the transaction ends (state checks then the change, no race). */
export async function lockManagedAdmin(db: Db, id: number): Promise<ManagedAdminRow | undefined> {
  const rows = await db.query<ManagedAdminRow>(
    `SELECT ${COLUMNS} FROM admins WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [id],
  );
  return rows[0];
}

/**
 * The ids of the active superadmins, their rows locked: two changes that could each remove "another"
 * superadmin run one after the other, and the second counts what the first left.
 */
export async function lockActiveSuperadmins(db: Db): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM admins
      WHERE 'superadmin' = ANY (roles) AND status = 'active' AND deleted_at IS NULL
      ORDER BY id FOR UPDATE`,
  );
  return rows.map((r) => r.id);
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM admins WHERE lower(email) = lower($1)', [email]);
  return rows.length > 0;
}

/** A new admin on a one-time password (changed at the first sign-in). */
export async function insertAdmin(
  db: Db,
  admin: { email: string; name: string; passwordHash: string; roles: readonly GovernanceRole[] },
): Promise<ManagedAdminRow | undefined> {
  const rows = await db.query<ManagedAdminRow>(
    `INSERT INTO admins (email, name, password_hash, roles, must_change_password)
     VALUES (lower($1), $2, $3, $4::text[], true)
     ON CONFLICT (lower(email)) DO NOTHING
     RETURNING ${COLUMNS}`,
    [admin.email, admin.name, admin.passwordHash, admin.roles],
  );
  return rows[0];
}

export async function updateStatus(db: Db, id: number, status: AdminStatus): Promise<ManagedAdminRow> {
  const rows = await db.query<ManagedAdminRow>(
    `UPDATE admins SET status = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, status],
  );
  return rows[0]!;
}

export async function updateRoles(
  db: Db,
  id: number,
  roles: readonly GovernanceRole[],
): Promise<ManagedAdminRow> {
  const rows = await db.query<ManagedAdminRow>(
    `UPDATE admins SET roles = $2::text[], updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, roles],
  );
  return rows[0]!;
}

/** Forgets the authenticator; the next sign-in must set up a new one. */
export async function resetTwoFactor(db: Db, id: number): Promise<ManagedAdminRow> {
  const rows = await db.query<ManagedAdminRow>(
    `UPDATE admins
        SET two_factor_enabled = false, two_factor_secret = NULL, two_factor_pending_secret = NULL,
            totp_last_step = NULL, two_factor_setup_required = true, updated_at = now()
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  return rows[0]!;
}
