import type { FieldFailure, ReleaseEvent, ReleaseTarget, SmokeResult } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import type { StoredRelease } from './release-files.ts';

export interface LiveRow {
  area: ReleaseTarget;
  version: string | null;
  previous: string | null;
  since: string | null;
  by: string | null;
  action: string | null;
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
}

const RELEASE_COLUMNS = `area, version, commit, info, smoke, published_at AS "publishedAt",
  published_by AS "publishedBy", replaced, last_live_at AS "lastLiveAt"`;

export async function liveRows(db: Db): Promise<LiveRow[]> {
  return db.query<LiveRow>(
    'SELECT area, version, previous, since, by, action FROM console_live ORDER BY area',
  );
}

/** The live row of `area`, locked until the transaction ends (every change of what is live takes it). */
export async function lockLive(tx: Db, area: ReleaseTarget): Promise<LiveRow> {
  const [row] = await tx.query<LiveRow>(
    'SELECT area, version, previous, since, by, action FROM console_live WHERE area = $1 FOR UPDATE',
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

/** The live version of each part with what the gate knows of it. */
export async function liveReleases(db: Db): Promise<(LiveRow & { release: ReleaseRow | null })[]> {
  const [live, releases] = await Promise.all([
    liveRows(db),
    db.query<ReleaseRow>(
      `SELECT ${RELEASE_COLUMNS} FROM console_releases JOIN console_live USING (area, version)`,
    ),
  ]);
  return live.map((row) => ({
    ...row,
    release: releases.find((r) => r.area === row.area && r.version === row.version) ?? null,
  }));
}

export async function insertRelease(
  tx: Db,
  release: { area: ReleaseTarget; info: StoredRelease; smoke: SmokeResult; by: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO console_releases (area, version, commit, info, smoke, published_by)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6)`,
    [
      release.area,
      release.info.version,
      release.info.commit,
      JSON.stringify(release.info),
      JSON.stringify(release.smoke),
      release.by,
    ],
  );
}

export async function putLive(
  tx: Db,
  area: ReleaseTarget,
  live: { version: string; previous: string | null; by: string; action: string },
): Promise<void> {
  await tx.query(
    `UPDATE console_live SET version = $2, previous = $3, by = $4, action = $5, since = clock_timestamp()
      WHERE area = $1`,
    [area, live.version, live.previous, live.by, live.action],
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
            details->>'commit' AS commit, coalesce(admin_email, 'system') AS actor,
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
  failingSessions: number;
}

/** Loads and failures of each version since `minutes` ago. */
export async function fieldFigures(db: Db, minutes: number): Promise<FieldRow[]> {
  return db.query<FieldRow>(
    `SELECT area, version, count(*) FILTER (WHERE kind = 'load')::int AS loads,
            count(*) FILTER (WHERE kind = 'failure')::int AS failures,
            count(DISTINCT session) FILTER (WHERE kind = 'failure')::int AS "failingSessions"
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

/** Sessions that reported on `version` since it went live, and how many of them failed. */
export async function sessionsOn(
  db: Db,
  area: string,
  version: string,
  since: string,
): Promise<{ sessions: number; failing: number }> {
  const [row] = await db.query<{ sessions: number; failing: number }>(
    `SELECT count(DISTINCT session)::int AS sessions,
            count(DISTINCT session) FILTER (WHERE kind = 'failure')::int AS failing
       FROM console_field_reports WHERE area = $1 AND version = $2 AND at >= $3::timestamptz`,
    [area, version, since],
  );
  return row ?? { sessions: 0, failing: 0 };
}
