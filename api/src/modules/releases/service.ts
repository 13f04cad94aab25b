import { createHash } from 'node:crypto';
import {
  areas,
  type ConsoleRegistry,
  type FieldReportBody,
  type GateResult,
  type ReleaseAction,
  type ReleaseAreaInfo,
  type ReleaseChange,
  type ReleasesData,
  type ReleaseTarget,
  releaseDirOf,
  releaseTargets,
  remoteNameOf,
  type SmokeResult,
} from '@backoffice/shared/contract';
import { type ContractFingerprint, catalogueFingerprint } from '@backoffice/shared/contract/fingerprint';
import type { FastifyBaseLogger } from 'fastify';
import type { ReleasesConfig } from '../../config.ts';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { SharedStore } from '../../lib/shared-store/index.ts';
import type { AuditWriter } from '../audit/index.ts';
import { contractCheck, failedChecks, filesCheck, sharedCheck, smokeCheck } from './gate.ts';
import { missingFiles, readRelease, type StoredRelease, UnreadableRelease } from './release-files.ts';
import * as repo from './repository.ts';

/** Who changes what is live: an admin on the Releases screen, an operator through the CLI, or the API itself. */
export interface ReleaseActor {
  id: number | null;
  /** The admin's e-mail, the CLI's `--as` or 'user@host', or 'system'. */
  email: string;
  via: 'console' | 'cli' | 'system';
}

const SYSTEM: ReleaseActor = { id: null, email: 'system', via: 'system' };
const HISTORY_LENGTH = 30;
const FIELD_MINUTES = 60;
const REPORT_DAYS = 7;
/** Reports one session may send: enough for a bad day, too few to flood the table. */
const REPORTS_PER_SESSION = { max: 60, windowMs: 10 * 60_000 };

const label = (area: ReleaseTarget, version: string | null) => `${releaseDirOf(area)} ${version ?? '(none)'}`;

/**
 * What is live of each part of the console (the shell and each area), and every change of it. Publish,
 * deploy, rollback, promote and the automatic rollback all go through `setLive`: the gate, then one
 * transaction that locks the part's live row, moves it and writes the audit record.
 */
export class ReleaseService {
  private served: ContractFingerprint | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: ReleasesConfig,
    private readonly store: SharedStore,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The API contract this process serves (computed once: ~100 ms of JSON schemas). */
  contract(): ContractFingerprint {
    this.served ??= catalogueFingerprint();
    return this.served;
  }

  entryOf(area: ReleaseTarget, version: string): string {
    return `${this.config.url}/${releaseDirOf(area)}/${version}/mf-manifest.json`;
  }

  // ---- The registry ----

  async registry(): Promise<ConsoleRegistry> {
    const live = await repo.liveReleases(this.db);
    const shell = live.find((row) => row.area === 'shell');
    const remotes = areas.flatMap((area) => {
      const row = live.find((candidate) => candidate.area === area);
      const info = row?.release?.info;
      if (!row?.version || !info?.area) return [];
      return [
        {
          name: remoteNameOf(area),
          area,
          version: row.version,
          commit: info.commit,
          entry: this.entryOf(area, row.version),
          previous: row.previous ? { version: row.previous, entry: this.entryOf(area, row.previous) } : null,
          routes: info.area.routes,
          menu: info.area.menu,
        },
      ];
    });
    const body = {
      shell: shell?.version ? { version: shell.version, commit: shell.release?.info.commit ?? null } : null,
      remotes,
    };
    const revision = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
    return { revision, ...body };
  }

  // ---- The gate ----

  private async liveForGate(db: Db): Promise<{ shell: StoredRelease | null; remotes: StoredRelease[] }> {
    const live = (await repo.liveReleases(db)).flatMap((row) =>
      row.release ? [{ area: row.area, info: row.release.info }] : [],
    );
    return {
      shell: live.find((row) => row.area === 'shell')?.info ?? null,
      remotes: live.filter((row) => row.area !== 'shell').map((row) => row.info),
    };
  }

  /** The whole gate for `release` of `area` as things stand now. */
  private async gate(
    area: ReleaseTarget,
    release: StoredRelease,
    smoke: SmokeResult,
    live?: { shell: StoredRelease | null; remotes: StoredRelease[] },
  ): Promise<GateResult[]> {
    const current = live ?? (await this.liveForGate(this.db));
    return [
      filesCheck(missingFiles(this.config.dir, area, release), release),
      sharedCheck(area, release, current),
      contractCheck(release, this.contract()),
      smokeCheck(smoke),
    ];
  }

  /** Records a refusal (its own transaction: nothing else changes) and answers 409 naming the failed checks. */
  private async refuse(
    area: ReleaseTarget,
    what: { version: string; from: string | null; action: string; commit: string | null },
    failed: GateResult[],
    who: ReleaseActor,
    audit: AuditWriter,
  ): Promise<never> {
    const detail = failed.map((check) => `${check.check} check failed: ${check.message}`).join('; ');
    await this.db.transaction((tx) =>
      audit.record(tx, {
        action: 'release.refused',
        actor: auditActor(who),
        targetType: 'console_release',
        targetId: area,
        before: { version: what.from },
        after: { version: what.version },
        details: { attempted: what.action, commit: what.commit, detail, via: who.via },
      }),
    );
    throw new HttpError(409, `${label(area, what.version)} was refused: ${detail}`);
  }

  // ---- Publish ----

  async publish(
    body: {
      area: ReleaseTarget;
      version: string;
      smoke: SmokeResult;
      live: boolean;
      dryRun: boolean;
      force: boolean;
      reason: string | null;
    },
    who: ReleaseActor,
    audit: AuditWriter,
  ): Promise<ReleaseChange> {
    const { area, version } = body;
    const live = (await repo.liveRows(this.db)).find((row) => row.area === area)?.version ?? null;
    let release: StoredRelease;
    try {
      release = readRelease(this.config.dir, area, version);
    } catch (error) {
      if (!(error instanceof UnreadableRelease)) throw error;
      const failed = [{ check: 'files' as const, ok: false, message: error.message }];
      if (body.dryRun) {
        audit.nothingChanged();
        return { area, version, published: false, from: live, to: live, forced: false, gate: failed };
      }
      return this.refuse(area, { version, from: live, action: 'publish', commit: null }, failed, who, audit);
    }
    const existing = await repo.findRelease(this.db, area, version);
    if (existing && !sameBuild(existing.info, release))
      throw new HttpError(
        409,
        `${label(area, version)} is already published (commit ${existing.commit ?? 'unknown'}) and this build ` +
          `(commit ${release.commit ?? 'unknown'}) differs: give it a new version (the "version" of ` +
          `${releaseDirOf(area)}/package.json, or MF_BUILD_VERSION when building)`,
      );
    const gate = await this.gate(area, release, body.smoke);
    // Publishing needs its own files and smoke load; the rest is for going live.
    const blocking = failedChecks(gate).filter((check) => check.check === 'files' || check.check === 'smoke');
    if (body.dryRun) {
      audit.nothingChanged();
      return { area, version, published: false, from: live, to: live, forced: false, gate };
    }
    if (blocking.length && !body.force)
      return this.refuse(
        area,
        { version, from: live, action: 'publish', commit: release.commit },
        blocking,
        who,
        audit,
      );

    if (!existing) {
      await audit.transaction(this.db, async (tx) => {
        await repo.insertRelease(tx, { area, info: release, smoke: body.smoke, by: who.email });
        await audit.record(tx, {
          action: 'release.publish',
          actor: auditActor(who),
          targetType: 'console_release',
          targetId: area,
          after: { version },
          details: details(who, release.commit, body.reason, body.force && blocking.length > 0, blocking),
        });
      });
    }
    if (!body.live) {
      if (existing) audit.nothingChanged();
      return {
        area,
        version,
        published: !existing,
        from: live,
        to: live,
        forced: body.force && blocking.length > 0,
        gate,
      };
    }
    const change = await this.setLive(
      area,
      { version, action: 'deploy', dryRun: false, force: body.force, reason: body.reason },
      who,
      audit,
    );
    return { ...change, published: !existing };
  }

  // ---- Deploy, roll back, promote ----

  async setLive(
    area: ReleaseTarget,
    request: {
      version?: string | undefined;
      action: ReleaseAction | 'auto-rollback';
      dryRun: boolean;
      force: boolean;
      reason: string | null;
      evidence?: string;
    },
    who: ReleaseActor,
    audit: AuditWriter,
  ): Promise<ReleaseChange> {
    const [live] = (await repo.liveRows(this.db)).filter((row) => row.area === area);
    const from = live?.version ?? null;
    const target = request.version ?? live?.previous;
    if (!target)
      throw new HttpError(
        409,
        `${releaseDirOf(area)} has no previous version to roll back to: name the version`,
      );
    const row = await repo.findRelease(this.db, area, target);
    if (!row) throw new HttpError(404, await this.unknownVersion(area, target));
    const gate = await this.gate(area, row.info, row.smoke);
    const failed = failedChecks(gate);
    const result = { area, version: target, published: false, from, to: target, forced: false, gate };
    if (target === from) {
      audit.nothingChanged();
      return result;
    }
    if (request.dryRun) {
      audit.nothingChanged();
      return { ...result, to: from };
    }
    if (failed.length && !request.force)
      return this.refuse(
        area,
        { version: target, from, action: request.action, commit: row.commit },
        failed,
        who,
        audit,
      );

    const forced = failed.length > 0;
    const goingBack = request.action === 'rollback' || request.action === 'auto-rollback';
    await audit.transaction(this.db, async (tx) => {
      const current = await repo.lockLive(tx, area);
      if (current.version !== from)
        throw new HttpError(
          409,
          `${releaseDirOf(area)} changed meanwhile (now ${current.version ?? 'none'}): try again`,
        );
      // Going back to a version that was live before: its own predecessor comes next. Going forward:
      // the version it replaces.
      const locked = await repo.findRelease(tx, area, target);
      const previous = goingBack && locked?.lastLiveAt ? (locked.replaced ?? null) : from;
      await repo.putLive(tx, area, {
        version: target,
        previous: previous === target ? null : previous,
        by: who.email,
        action: request.action,
      });
      await repo.markWentLive(tx, area, target, goingBack ? undefined : from);
      await audit.record(tx, {
        action: `release.${request.action}`,
        actor: auditActor(who),
        targetType: 'console_release',
        targetId: area,
        before: { version: from },
        after: { version: target },
        details: details(who, row.commit, request.reason, forced, failed, request.evidence),
      });
    });
    this.log.info(
      { area, from, to: target, action: request.action, by: who.email, forced },
      'console release live',
    );
    return { ...result, forced };
  }

  private async unknownVersion(area: ReleaseTarget, version: string): Promise<string> {
    const versions = (await repo.allReleases(this.db))
      .filter((row) => row.area === area)
      .map((row) => row.version);
    return (
      `${releaseDirOf(area)} has no published version "${version}". ` +
      (versions.length
        ? `Available: ${versions.join(', ')}`
        : 'Nothing is published yet: run `pnpm run deploy <area>`.')
    );
  }

  // ---- Prune ----

  async prune(
    area: ReleaseTarget,
    version: string,
    who: ReleaseActor,
    audit: AuditWriter,
  ): Promise<ReleaseChange> {
    return audit.transaction(this.db, async (tx) => {
      const live = await repo.lockLive(tx, area);
      if (version === live.version || version === live.previous)
        throw new HttpError(
          409,
          `${label(area, version)} is the ${version === live.version ? 'live' : 'previous'} version: it is never pruned`,
        );
      const row = await repo.findRelease(tx, area, version);
      if (!row || !(await repo.deleteRelease(tx, area, version)))
        throw new HttpError(404, await this.unknownVersion(area, version));
      await audit.record(tx, {
        action: 'release.prune',
        actor: auditActor(who),
        targetType: 'console_release',
        targetId: area,
        before: { version },
        details: details(who, row.commit, null, false, []),
      });
      return {
        area,
        version,
        published: false,
        from: live.version,
        to: live.version,
        forced: false,
        gate: [],
      };
    });
  }

  // ---- The Releases screen and `pnpm releases` ----

  async list(): Promise<ReleasesData> {
    const [live, releases, field] = await Promise.all([
      repo.liveRows(this.db),
      repo.allReleases(this.db),
      repo.fieldFigures(this.db, FIELD_MINUTES),
    ]);
    const current = await this.liveForGate(this.db);
    const areasInfo: ReleaseAreaInfo[] = [];
    for (const area of releaseTargets) {
      const row = live.find((candidate) => candidate.area === area);
      const versions = [];
      for (const release of releases.filter((candidate) => candidate.area === area)) {
        const figures = field.find((f) => f.area === area && f.version === release.version);
        versions.push({
          version: release.version,
          commit: release.commit,
          publishedAt: release.publishedAt,
          publishedBy: release.publishedBy,
          entry: area === 'shell' ? null : this.entryOf(area, release.version),
          live: release.version === row?.version,
          previous: release.version === row?.previous,
          gate: await this.gate(area, release.info, release.smoke, current),
          field: {
            loads: figures?.loads ?? 0,
            failures: figures?.failures ?? 0,
            failingSessions: figures?.failingSessions ?? 0,
          },
        });
      }
      const liveRelease = releases.find((r) => r.area === area && r.version === row?.version);
      areasInfo.push({
        area,
        live:
          row?.version && row.since
            ? {
                version: row.version,
                commit: liveRelease?.commit ?? null,
                since: row.since,
                by: row.by ?? 'unknown',
                action: row.action ?? 'deploy',
              }
            : null,
        previous: row?.previous ?? null,
        versions,
        history: await repo.releaseHistory(this.db, area, HISTORY_LENGTH),
        failures: area === 'shell' ? [] : await repo.recentFailures(this.db, area, FIELD_MINUTES, 20),
      });
    }
    const rule = this.config.autoRollback;
    return { areas: areasInfo, autoRollback: rule ? { ...rule } : null };
  }

  // ---- Reports from the field, and the automatic rollback ----

  /** Stores one report of a session; a failure may roll its version back (answers whether it did). */
  async report(
    body: Required<Pick<FieldReportBody, 'kind' | 'area' | 'version'>> & Partial<FieldReportBody>,
    session: { jti: string; adminId: number },
    audit: AuditWriter,
  ): Promise<boolean> {
    const taken = await this.store.take(`console-reports:${session.jti}`, REPORTS_PER_SESSION, this.clock());
    if (taken.retryAfterMs > 0)
      throw new HttpError(429, 'Too many reports from this session', {
        'retry-after': String(Math.ceil(taken.retryAfterMs / 1000)),
      });
    await repo.insertReport(this.db, {
      area: body.area,
      version: body.version,
      kind: body.kind,
      session: session.jti,
      adminId: session.adminId,
      route: body.route ?? null,
      message: body.message ?? null,
      stack: body.stack ?? null,
    });
    await repo.forgetOldReports(this.db, REPORT_DAYS);
    const rolledBack = body.kind === 'failure' && (await this.autoRollback(body.area, body.version, audit));
    if (!rolledBack) audit.nothingChanged();
    return rolledBack;
  }

  /**
   * A version that went live forward in the last `windowMinutes` goes back to the previous one when at
   * least `sessions` sessions failed on it, and at least `rate` of the sessions that reported on it.
   */
  private async autoRollback(area: ReleaseTarget, version: string, audit: AuditWriter): Promise<boolean> {
    const rule = this.config.autoRollback;
    if (!rule) return false;
    const live = (await repo.liveRows(this.db)).find((row) => row.area === area);
    if (!live?.since || live.version !== version || !live.previous) return false;
    if (live.action !== 'deploy' && live.action !== 'promote') return false;
    const minutes = (this.clock() - Date.parse(live.since)) / 60_000;
    if (minutes > rule.windowMinutes) return false;
    const { sessions, failing } = await repo.sessionsOn(this.db, area, version, live.since);
    if (failing < rule.sessions || failing / Math.max(sessions, 1) < rule.rate) return false;
    const evidence =
      `${failing} of ${sessions} sessions failed on ${label(area, version)} within ` +
      `${Math.max(1, Math.round(minutes))} min of going live (rule: ${rule.sessions} sessions and ` +
      `${Math.round(rule.rate * 100)}% within ${rule.windowMinutes} min)`;
    try {
      await this.setLive(
        area,
        {
          version: live.previous,
          action: 'auto-rollback',
          dryRun: false,
          force: false,
          reason: null,
          evidence,
        },
        SYSTEM,
        audit,
      );
      this.log.warn(
        { area, version, to: live.previous, evidence },
        'console release rolled back automatically',
      );
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

/** The audit trail's actor: an admin or an operator; null for the API itself (as the payout worker). */
const auditActor = (who: ReleaseActor) => ({ id: who.id, email: who.via === 'system' ? null : who.email });

/** The same build again (builds are deterministic): the same commit and the same files. */
function sameBuild(a: StoredRelease, b: StoredRelease): boolean {
  return a.commit === b.commit && JSON.stringify(a.files) === JSON.stringify(b.files);
}

function details(
  who: ReleaseActor,
  commit: string | null,
  reason: string | null,
  forced: boolean,
  failed: GateResult[],
  evidence?: string,
) {
  const detail =
    evidence ?? (failed.length ? failed.map((check) => `${check.check}: ${check.message}`).join('; ') : null);
  return { via: who.via, commit, reason, forced, detail };
}
