import type { AdminStatus, GovernanceRole, TokenScope } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';

export interface AdminRow {
  id: number;
  email: string;
  name: string;
  password_hash: string;
  roles: GovernanceRole[];
  status: AdminStatus;
  two_factor_enabled: boolean;
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  totp_last_step: number | null;
  deleted_at: string | null;
  must_change_password: boolean;
  two_factor_setup_required: boolean;
}

const ADMIN_COLUMNS = `id, email, name, password_hash, roles, status, two_factor_enabled, two_factor_secret,
  two_factor_pending_secret, totp_last_step, deleted_at, must_change_password, two_factor_setup_required`;

export async function findAdminByEmail(db: Db, email: string): Promise<AdminRow | undefined> {
  const rows = await db.query<AdminRow>(
    `SELECT ${ADMIN_COLUMNS} FROM admins WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows[0];
}

export async function findAdminById(db: Db, id: number): Promise<AdminRow | undefined> {
  const rows = await db.query<AdminRow>(`SELECT ${ADMIN_COLUMNS} FROM admins WHERE id = $1`, [id]);
  return rows[0];
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*) AS n FROM admins WHERE deleted_at IS NULL');
  return row?.n ?? 0;
}

/** Creates the admin, or updates its password, name and roles and reactivates it (CLI, ADMIN_EMAIL). */
export async function upsertAdmin(
  db: Db,
  admin: { email: string; name: string; passwordHash: string; roles: readonly GovernanceRole[] },
): Promise<{ id: number; created: boolean }> {
  const rows = await db.query<{ id: number; created: boolean }>(
    `INSERT INTO admins (email, name, password_hash, roles) VALUES (lower($1), $2, $3, $4::text[])
     ON CONFLICT (lower(email)) DO UPDATE
       SET password_hash = EXCLUDED.password_hash, name = EXCLUDED.name, roles = EXCLUDED.roles,
           status = 'active', deleted_at = NULL, must_change_password = false, updated_at = now()
     RETURNING id, (xmax = 0) AS created`,
    [admin.email, admin.name, admin.passwordHash, admin.roles],
  );
  return rows[0]!;
}

export async function setAdminStatus(db: Db, id: number, status: AdminStatus): Promise<void> {
  await db.query('UPDATE admins SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
}

export async function softDeleteAdmin(db: Db, id: number): Promise<void> {
  await db.query('UPDATE admins SET deleted_at = now(), updated_at = now() WHERE id = $1', [id]);
}

export async function touchLastLogin(db: Db, id: number): Promise<void> {
  await db.query('UPDATE admins SET last_login_at = now() WHERE id = $1', [id]);
}

export async function setPendingSecret(db: Db, id: number, secret: string): Promise<void> {
  await db.query('UPDATE admins SET two_factor_pending_secret = $2, updated_at = now() WHERE id = $1', [
    id,
    secret,
  ]);
}

/**
 * Promotes the pending secret; only if it is still the one the caller verified and 2FA is still in
 * the state the caller checked (`wasEnabled`: a first setup cannot race a replacement, or back).
 */
export async function enableTwoFactor(
  db: Db,
  id: number,
  secret: string,
  step: number,
  wasEnabled: boolean,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE admins
        SET two_factor_enabled = true, two_factor_secret = two_factor_pending_secret,
            two_factor_pending_secret = NULL, totp_last_step = $3, two_factor_setup_required = false,
            updated_at = now()
      WHERE id = $1 AND two_factor_pending_secret = $2 AND two_factor_enabled = $4
      RETURNING id`,
    [id, secret, step, wasEnabled],
  );
  return rows.length === 1;
}

/** Records an accepted TOTP step; false when that step (or a later one) was already used: a replay. */
export async function advanceTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE admins SET totp_last_step = $2
      WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)
      RETURNING id`,
    [id, step],
  );
  return rows.length === 1;
}

/** Where a sign-in came from, shown in the admin's list of sessions. */
export interface ClientInfo {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/** The sign-in a session belongs to: its id (the jti of the session it opened) and when it was. */
export interface SignIn {
  id: string;
  at: Date;
}

/** A new session; without `signIn` it opens a sign-in of its own (now, its jti the sign-in's id). */
export async function insertSession(
  db: Db,
  session: { jti: string; adminId: number; scope: TokenScope; expiresAt: Date; signIn?: SignIn } & ClientInfo,
): Promise<void> {
  await db.query(
    `INSERT INTO admin_sessions (jti, admin_id, scope, expires_at, ip, user_agent, sign_in, signed_in_at)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, $1), coalesce($8::timestamptz, now()))`,
    [
      session.jti,
      session.adminId,
      session.scope,
      session.expiresAt.toISOString(),
      session.ip ?? null,
      session.userAgent?.slice(0, 300) ?? null,
      session.signIn?.id ?? null,
      session.signIn?.at.toISOString() ?? null,
    ],
  );
}

/** Ends a live session; false when it had ended already (a second renewal of one token loses). */
export async function revokeSession(db: Db, jti: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE admin_sessions SET revoked_at = now() WHERE jti = $1 AND revoked_at IS NULL RETURNING jti',
    [jti],
  );
  return rows.length === 1;
}

export interface SessionRow {
  id: number;
  email: string;
  name: string;
  roles: GovernanceRole[];
  two_factor_enabled: boolean;
  scope: TokenScope;
  sign_in: string;
  signed_in_at: string;
}

const LIVE_SESSION = `SELECT s.jti, a.id, a.email, a.name, a.roles, a.two_factor_enabled, s.scope, s.sign_in,
         s.signed_in_at
    FROM admin_sessions s JOIN admins a ON a.id = s.admin_id
   WHERE s.revoked_at IS NULL AND s.expires_at > now() AND a.status = 'active' AND a.deleted_at IS NULL`;

/** The session if it is live and its admin active and not deleted. */
export async function findActiveSession(db: Db, jti: string): Promise<SessionRow | undefined> {
  const rows = await db.query<SessionRow>(`${LIVE_SESSION} AND s.jti = $1`, [jti]);
  return rows[0];
}

/** Those of the sessions that are live (as findActiveSession), in one query, by jti. */
export async function findActiveSessions(db: Db, jtis: string[]): Promise<Map<string, SessionRow>> {
  const rows = await db.query<SessionRow & { jti: string }>(`${LIVE_SESSION} AND s.jti = ANY($1::text[])`, [
    jtis,
  ]);
  return new Map(rows.map((row) => [row.jti, row]));
}

export async function setPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.query(
    'UPDATE admins SET password_hash = $2, must_change_password = false, updated_at = now() WHERE id = $1',
    [id, passwordHash],
  );
}

/** Ends the admin's live sessions (all of them, or all but `keepJti`); returns the jtis ended. */
export async function revokeSessionsOf(db: Db, adminId: number, keepJti: string | null): Promise<string[]> {
  const rows = await db.query<{ jti: string }>(
    `UPDATE admin_sessions SET revoked_at = now()
      WHERE admin_id = $1 AND revoked_at IS NULL AND expires_at > now() AND jti IS DISTINCT FROM $2
      RETURNING jti`,
    [adminId, keepJti],
  );
  return rows.map((r) => r.jti);
}

/** The jtis of the admin's live sessions (to mark them changed for every replica). */
export async function liveSessionsOf(db: Db, adminId: number): Promise<string[]> {
  const rows = await db.query<{ jti: string }>(
    'SELECT jti FROM admin_sessions WHERE admin_id = $1 AND revoked_at IS NULL AND expires_at > now()',
    [adminId],
  );
  return rows.map((r) => r.jti);
}
