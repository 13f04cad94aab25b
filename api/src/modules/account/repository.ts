import type { Db } from '../../db/types.ts';

export interface LiveSessionRow {
  jti: string;
  created_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

/** The admin's live full sessions (setup and password-change tokens are steps of a sign-in). */
export async function listLiveSessions(db: Db, adminId: number): Promise<LiveSessionRow[]> {
  return db.query<LiveSessionRow>(
    `SELECT jti, created_at, expires_at, ip, user_agent FROM admin_sessions
      WHERE admin_id = $1 AND scope = 'session' AND revoked_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC, jti`,
    [adminId],
  );
}

/** Ends one live session of the admin; false when it names none of theirs. */
export async function revokeOwnSession(db: Db, adminId: number, jti: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE admin_sessions SET revoked_at = now()
      WHERE jti = $1 AND admin_id = $2 AND revoked_at IS NULL AND expires_at > now()
      RETURNING jti`,
    [jti, adminId],
  );
  return rows.length === 1;
}
