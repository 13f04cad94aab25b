import type {
  CohortRule,
  FieldFailure,
  ReleaseEvent,
  ReleaseTarget,
  SmokeResult,
} from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import type { FileHashes } from './integrity.ts';
import type { StoredRelease } from './release-files.ts';

export interface LiveRow {
  area: ReleaseTarget;
  version: string | null;
  previous: string | null;
  since: string | null;
  by: string | null;
  action: string | null;
  /** A version live for a cohort only, and who gets it. */
  cohortVersion: string | null;
  cohort: CohortRule | null;
  cohortSince: string | null;
  cohortBy: string | null;
}

export interface ReleaseRow {
  area: ReleaseTarget;
  version: string;
  commit: string | null;
  info: StoredRelease;
  smoke: SmokeResult;
  publishedAt: string;
  publishedBy: string;
  replaced: string | null;
  lastLiveAt: string | null;
  /** The SHA-256 of every file, recorded at publish (null: published before they were kept). */
  hashes: FileHashes | null;
  /** Files found changed since publish (null: none). */
  tampered: { at: string; files: string[] } | null;
}

const RELEASE_COLUMNS = `area, version, commit, info, smoke, published_at AS "publishedAt",
  published_by AS "publishedBy", replaced, last_live_at AS "lastLiveAt", hashes, tampered`;
const LIVE_COLUMNS = `area, version, previous, since, by, action, cohort_version AS "cohortVersion", cohort,
  cohort_since AS "cohortSince", cohort_by AS "cohortBy"`;

export async function liveRows(db: Db): Promise<LiveRow[]> {
  return db.query<LiveRow>(`SELECT ${LIVE_COLUMNS} FROM console_live ORDER BY area`);
}

/** The live row of `area`, locked until the transaction ends (every change of what is live takes it). */
export async function lockLive(tx: Db, area: ReleaseTarget): Promise<LiveRow> {
  const [row] = await tx.query<LiveRow>(
    `SELECT ${LIVE_COLUMNS} FROM console_live WHERE area = $1 FOR UPDATE`,
    [area],
  );
  if (!row) throw new Error(`console_live has no row for ${area}`);
  return row;
}

export async function findRelease(
  db: Db,
  area: ReleaseTarget,
  version: string,
): Promise<ReleaseRow | undefined> {
  const rows = await db.query<ReleaseRow>(
    `SELECT ${RELEASE_COLUMNS} FROM console_releases WHERE area = $1 AND version = $2`,
    [area, version],
  );
  return rows[0];
}

/** Every published version, newest first. */
export async function allReleases(db: Db): Promise<ReleaseRow[]> {
  return db.query<ReleaseRow>(
    `SELECT ${RELEASE_COLUMNS} FROM console_releases ORDER BY published_at DESC, version DESC`,
  );
}

/** The releases a console may load now: the live, previous and cohort version of each part. */
export async function servedReleases(db: Db): Promise<ReleaseRow[]> {
  return db.query<ReleaseRow>(
    `SELECT ${RELEASE_COLUMNS} FROM console_releases r
      WHERE EXISTS (SELECT 1 FROM console_live l WHERE l.area = r.area
                       AND r.version IN (l.version, l.previous, l.cohort_version))`,
  );
}

export async function insertRelease(
  tx: Db,
  release: { area: ReleaseTarget; info: StoredRelease; smoke: SmokeResult; by: string; hashes: FileHashes },
): Promise<void> {
  await tx.query(
    `INSERT INTO console_releases (area, version, commit, info, smoke, published_by, hashes)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7::jsonb)`,
    [
      release.area,
      release.info.version,
      release.info.commit,
      JSON.stringify(release.info),
      JSON.stringify(release.smoke),
      release.by,
      JSON.stringify(release.hashes),
    ],
  );
}

/** The hashes of a version published before they were kept, recorded at its first check. */
export async function recordHashes(db: Db, area: string, version: string, hashes: FileHashes): Promise<void> {
  await db.query(
    'UPDATE console_releases SET hashes = $3::jsonb WHERE area = $1 AND version = $2 AND hashes IS NULL',
    [area, version, JSON.stringify(hashes)],
  );
}

/** A new smoke load's result (a version checked again under another shell). */
export async function recordSmoke(db: Db, area: string, version: string, smoke: SmokeResult): Promise<void> {
  await db.query('UPDATE console_releases SET smoke = $3::jsonb WHERE area = $1 AND version = $2', [
    area,
    version,
    JSON.stringify(smoke),
  ]);
}

/**
 * What a check found changed (empty: intact again), in `tx`. Returns the files newly found changed:
 * empty when the record said so already, or nothing changed.
 */
export async function markTampered(
  tx: Db,
  area: string,
  version: string,
  files: string[],
): Promise<string[]> {
  const [row] = await tx.query<{ tampered: { files: string[] } | null }>(
    'SELECT tampered FROM console_releases WHERE area = $1 AND version = $2 FOR UPDATE',
    [area, version],
  );
  const before = row?.tampered?.files ?? [];
  if (JSON.stringify(before) === JSON.stringify(files)) return [];
  await tx.query(`UPDATE console_releases SET tampered = $3::jsonb WHERE area = $1 AND version = $2`, [
    area,
    version,
    files.length ? JSON.stringify({ at: new Date().toISOString(), files }) : null,
  ]);
  return files.filter((file) => !before.includes(file));
}

/** Versions whose files were found changed (the metric and its alert). */
export async function tamperedReleases(db: Db): Promise<{ area: string; version: string }[]> {
  return db.query(
    'SELECT area, version FROM console_releases WHERE tampered IS NOT NULL ORDER BY area, version',
  );
}

/** A version live for everyone: any cohort ends. */
export async function putLive(
  tx: Db,
  area: ReleaseTarget,
  live: { version: string; previous: string | null; by: string; action: string },
): Promise<void> {
  await tx.query(
    `UPDATE console_live SET version = $2, previous = $3, by = $4, action = $5, since = clock_timestamp(),
            cohort_version = NULL, cohort = NULL, cohort_since = NULL, cohort_by = NULL
      WHERE area = $1`,
    [area, live.version, live.previous, live.by, live.action],
  );
}

/** A version live for a cohort (null: the cohort ends, its admins back on the live version). */
export async function putCohort(
  tx: Db,
  area: ReleaseTarget,
  cohort: { version: string; rule: CohortRule; by: string } | null,
): Promise<void> {
  await tx.query(
    `UPDATE console_live SET cohort_version = $2, cohort = $3::jsonb, by = coalesce($4, by),
            cohort_by = $4, cohort_since = CASE WHEN $2::text IS NULL THEN NULL ELSE clock_timestamp() END
      WHERE area = $1`,
    [area, cohort?.version ?? null, cohort ? JSON.stringify(cohort.rule) : null, cohort?.by ?? null],
  );
}

/** Notes that `version` went live, and (going forward) which version it replaced. */
export async function markWentLive(
  tx: Db,
  area: ReleaseTarget,
  version: string,
  replaced: string | null | undefined,
): Promise<void> {
  await tx.query(
    `UPDATE console_releases SET last_live_at = clock_timestamp()${replaced === undefined ? '' : ', replaced = $3'}
      WHERE area = $1 AND version = $2`,
    replaced === undefined ? [area, version] : [area, version, replaced],
  );
}

export async function deleteRelease(tx: Db, area: ReleaseTarget, version: string): Promise<boolean> {
  const rows = await tx.query('DELETE FROM console_releases WHERE area = $1 AND version = $2 RETURNING 1', [
    area,
    version,
  ]);
  return rows.length === 1;
}

/** The changes of what is live (and refusals, publications, prunes) of `area`, newest first. */
export async function releaseHistory(db: Db, area: ReleaseTarget, limit: number): Promise<ReleaseEvent[]> {
  return db.query<ReleaseEvent>(
    `SELECT id::int AS id, at, action, before->>'version' AS "from", after->>'version' AS "to",
            details->>'commit' AS commit,
            coalesce(admin_email, 'system') || coalesce(' (token "' || (details->>'token') || '")', '')
              || coalesce(' (says ' || (details->>'claimed') || ', unverified)', '') AS actor,
            details->>'reason' AS reason, coalesce((details->>'forced')::boolean, false) AS forced,
            details->>'detail' AS detail
       FROM audit_log WHERE target_type = 'console_release' AND target_id = $1
      ORDER BY at DESC, id DESC LIMIT $2`,
    [area, limit],
  );
}

export async function insertReport(
  db: Db,
  report: {
    area: string;
    version: string;
    kind: 'load' | 'failure';
    session: string;
    adminId: number;
    route: string | null;
    message: string | null;
    stack: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO console_field_reports (area, version, kind, session, admin_id, route, message, stack)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      report.area,
      report.version,
      report.kind,
      report.session,
      report.adminId,
      report.route,
      report.message,
      report.stack,
    ],
  );
}

/** Reports are evidence for a while, not an archive. */
export async function forgetOldReports(db: Db, days: number): Promise<void> {
  await db.query(`DELETE FROM console_field_reports WHERE at < now() - make_interval(days => $1)`, [days]);
}

export interface FieldRow {
  area: string;
  version: string;
  loads: number;
  failures: number;
  admins: number;
  failingAdmins: number;
}

/** Loads and failures of each version since `minutes` ago, and of how many distinct admins. */
export async function fieldFigures(db: Db, minutes: number): Promise<FieldRow[]> {
  return db.query<FieldRow>(
    `SELECT area, version, count(*) FILTER (WHERE kind = 'load')::int AS loads,
            count(*) FILTER (WHERE kind = 'failure')::int AS failures,
            count(DISTINCT admin_id)::int AS admins,
            count(DISTINCT admin_id) FILTER (WHERE kind = 'failure')::int AS "failingAdmins"
       FROM console_field_reports WHERE at > now() - make_interval(mins => $1)
      GROUP BY area, version`,
    [minutes],
  );
}

/** The failures reported on `area` since `minutes` ago, newest first. */
export async function recentFailures(
  db: Db,
  area: string,
  minutes: number,
  limit: number,
): Promise<FieldFailure[]> {
  return db.query<FieldFailure>(
    `SELECT r.at, r.version, r.route, coalesce(r.message, '') AS message, a.email AS admin
       FROM console_field_reports r LEFT JOIN admins a ON a.id = r.admin_id
      WHERE r.area = $1 AND r.kind = 'failure' AND r.at > now() - make_interval(mins => $2)
      ORDER BY r.at DESC, r.id DESC LIMIT $3`,
    [area, minutes, limit],
  );
}

/** One admin's reports on a version: the automatic rollback's evidence counts admins, not sessions. */
export interface AdminReports {
  adminId: number;
  email: string;
  roles: string[];
  loads: number;
  failures: number;
}

/** The admins who reported on `version` since `since`, with their loads and failures. */
export async function adminsOn(
  db: Db,
  area: string,
  version: string,
  since: string,
): Promise<AdminReports[]> {
  return db.query<AdminReports>(
    `SELECT r.admin_id AS "adminId", a.email, a.roles,
            count(*) FILTER (WHERE r.kind = 'load')::int AS loads,
            count(*) FILTER (WHERE r.kind = 'failure')::int AS failures
       FROM console_field_reports r JOIN admins a ON a.id = r.admin_id
      WHERE r.area = $1 AND r.version = $2 AND r.at >= $3::timestamptz
      GROUP BY r.admin_id, a.email, a.roles ORDER BY failures DESC, a.email`,
    [area, version, since],
  );
}

// ---- The gate's own sessions (its smoke load) ----

export async function insertGateSession(
  db: Db,
  session: { jti: string; area: string; version: string; requestedBy: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO release_gate_sessions (jti, area, version, requested_by, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [session.jti, session.area, session.version, session.requestedBy, session.expiresAt],
  );
}

/** Whether the gate's session is live (the auth plugin's check of a 'gate' token). */
export async function gateSessionLive(db: Db, jti: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM release_gate_sessions WHERE jti = $1 AND ended_at IS NULL AND expires_at > now()',
    [jti],
  );
  return rows.length === 1;
}

/** Who the gate's session is: it reads every area as the auditor does (and the auth plugin lets it GET only). */
export const GATE_ADMIN = {
  id: 0,
  email: 'release gate',
  name: 'Release gate',
  roles: Object.freeze(['auditor'] as const),
  twoFactorEnabled: true,
  scope: 'gate',
} as const;

export async function endGateSession(db: Db, jti: string): Promise<void> {
  await db.query('UPDATE release_gate_sessions SET ended_at = clock_timestamp() WHERE jti = $1', [jti]);
}
