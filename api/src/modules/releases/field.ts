// Reports from the field (docs/operations.md#automatic-rollback): each console tab says which version of
// an area it loaded and which failed. Only admins who may open the area are heard, each one voice however
// many sessions they hold; enough of them failing on a fresh version (or a cohort's) rolls it back.
import {
  ADMIN_MESSAGES,
  type Area,
  cohortLabel,
  type FieldReportBody,
  inCohort,
  rolesGrant,
} from '@backoffice/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import type { SharedStore } from '../../lib/shared-store/index.ts';
import type { AuditWriter } from '../audit/index.ts';
import { label, SYSTEM } from './actor.ts';
import { evidenceAgainst, evidenceText } from './evidence.ts';
import * as repo from './repository.ts';
import type { ReleaseService } from './service.ts';

const REPORT_DAYS = 7;
/**
 * Reports of each kind one admin may send: enough for a bad day in several tabs, too few to flood the table.
 * Loads and failures have a budget each: an admin's many tabs loading areas never silence their failures.
 */
const REPORTS_PER_ADMIN = { max: 60, windowMs: 10 * 60_000 };

/** Who reports: their id and current roles (the session's). */
export interface Reporter {
  adminId: number;
  jti: string;
  roles: readonly string[];
}

export class FieldReports {
  constructor(
    private readonly releases: ReleaseService,
    private readonly store: SharedStore,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Stores one report; a failure may roll its version back (answers whether it did). */
  async report(
    body: Required<Pick<FieldReportBody, 'kind' | 'area' | 'version'>> & Partial<FieldReportBody>,
    reporter: Reporter,
    audit: AuditWriter,
  ): Promise<boolean> {
    // Someone who may not open the area has nothing to report on it.
    if (!rolesGrant(reporter.roles, `${body.area}:read`))
      throw new HttpError(403, ADMIN_MESSAGES.insufficientPermissions);
    const taken = await this.store.take(
      `console-reports:${body.kind}:${reporter.adminId}`,
      REPORTS_PER_ADMIN,
      this.clock(),
    );
    if (taken.retryAfterMs > 0)
      throw new HttpError(429, 'Too many reports from this admin', {
        'retry-after': String(Math.ceil(taken.retryAfterMs / 1000)),
      });
    const db = this.releases.db;
    await repo.insertReport(db, {
      area: body.area,
      version: body.version,
      kind: body.kind,
      session: reporter.jti,
      adminId: reporter.adminId,
      route: body.route ?? null,
      message: body.message ?? null,
      stack: body.stack ?? null,
    });
    await repo.forgetOldReports(db, REPORT_DAYS);
    const rolledBack = body.kind === 'failure' && (await this.autoRollback(body.area, body.version, audit));
    if (!rolledBack) audit.nothingChanged();
    return rolledBack;
  }

  /**
   * A version that went live forward (or to a cohort) in the last `windowMinutes` goes back when the
   * evidence meets the rule (evidence.ts): counted over the admins who may open the area now and, for a
   * cohort's version, who belong to the cohort.
   */
  private async autoRollback(area: Area, version: string, audit: AuditWriter): Promise<boolean> {
    const rule = this.releases.config.autoRollback;
    if (!rule) return false;
    const live = (await repo.liveRows(this.releases.db)).find((row) => row.area === area);
    if (!live) return false;
    const cohort = live.cohortVersion === version && live.cohort && live.cohortSince ? live.cohort : null;
    const since = cohort ? live.cohortSince : live.version === version ? live.since : null;
    if (!since) return false;
    if (!cohort && (!live.previous || (live.action !== 'deploy' && live.action !== 'promote'))) return false;
    const minutes = (this.clock() - Date.parse(since)) / 60_000;
    if (minutes > rule.windowMinutes) return false;
    const reports = (await repo.adminsOn(this.releases.db, area, version, since)).filter(
      (admin) =>
        rolesGrant(admin.roles, `${area}:read`) &&
        (!cohort || inCohort(cohort, { id: admin.adminId, roles: admin.roles }, area)),
    );
    const evidence = evidenceAgainst(reports, rule, minutes);
    if (!evidence) return false;
    const subject = `${label(area, version)}${cohort ? ` (live for ${cohortLabel(cohort)})` : ''}`;
    const text = evidenceText(evidence, subject, rule);
    try {
      await this.releases.setLive(
        area,
        {
          ...(cohort ? {} : { version: live.previous! }),
          action: 'auto-rollback',
          dryRun: false,
          force: false,
          reason: null,
          evidence: { text, admins: evidence.admins },
        },
        SYSTEM,
        audit,
      );
      this.log.warn({ area, version, evidence: text }, 'console release rolled back automatically');
      return true;
    } catch (error) {
      // Another report got there first, or the previous version fails the gate (its refusal is
      // recorded): the live version stays. Anything else is a fault of its own.
      if (!(error instanceof HttpError)) throw error;
      this.log.warn({ area, version, err: error }, 'automatic rollback not done');
      return false;
    }
  }
}
