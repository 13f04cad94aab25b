import {
  areas,
  type CohortRule,
  cohortLabel,
  type GateResult,
  type ReleaseAction,
  type ReleaseChange,
  type ReleaseTarget,
  releaseDirOf,
  type SmokeResult,
} from '@backoffice/shared/contract';
import { type ContractFingerprint, catalogueFingerprint } from '@backoffice/shared/contract/fingerprint';
import type { FastifyBaseLogger } from 'fastify';
import type { ReleasesConfig } from '../../config.ts';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AuditWriter } from '../audit/index.ts';
import { actorDetails, auditActor, change, details, label, type ReleaseActor, unchanged } from './actor.ts';
import { contractCheck, failedChecks, filesCheck, sharedCheck, smokeCheck } from './gate.ts';
import { hashFolder } from './integrity.ts';
import {
  buildProblems,
  readRelease,
  releaseFolder,
  type StoredRelease,
  UnreadableRelease,
} from './release-files.ts';
import * as repo from './repository.ts';
import type { SmokeDeps } from './smoke.ts';
import { skippedSmoke, smokeForChange, smokeLoad } from './smoke-gate.ts';
import { checkFiles } from './tampering.ts';

/** The live releases the gate checks against: the shell and each area. */
export type LiveForGate = {
  shell: StoredRelease | null;
  shellVersion: string | null;
  remotes: StoredRelease[];
};

/** A change of what is live, as setLive takes it. */
export interface LiveRequest {
  /** Absent with a rollback: the previous live version, or the cohort's end when one is live. */
  version?: string | undefined;
  action: ReleaseAction | 'auto-rollback';
  dryRun: boolean;
  force: boolean;
  reason: string | null;
  /** Live for this cohort only. */
  cohort?: CohortRule | undefined;
  /** An automatic rollback's evidence: its text, and every reporting admin with their counts. */
  evidence?: { text: string; admins: unknown };
  /** A smoke load run for this very change (publish then deploy): not run again. */
  smoke?: SmokeResult;
}

export interface PublishRequest {
  area: ReleaseTarget;
  version: string;
  skipSmoke: boolean;
  live: boolean;
  dryRun: boolean;
  force: boolean;
  reason: string | null;
  cohort?: CohortRule | undefined;
}

/**
 * Every change of what is live (publish, deploy, rollback, promote, a cohort's start and end, and the
 * automatic rollback) goes through `setLive`: the gate, then one transaction that locks the part's live row,
 * moves it and writes the audit record.
 */
export class ReleaseService {
  private served: ContractFingerprint | null = null;

  constructor(
    readonly db: Db,
    readonly config: ReleasesConfig,
    readonly log: FastifyBaseLogger,
    readonly smokeDeps: Pick<SmokeDeps, 'sign' | 'get'>,
  ) {}

  /** The API contract this process serves (computed once: ~100 ms of JSON schemas). */
  contract(): ContractFingerprint {
    this.served ??= catalogueFingerprint();
    return this.served;
  }

  entryOf(area: ReleaseTarget, version: string): string {
    return `${this.config.url}/${releaseDirOf(area)}/${version}/mf-manifest.json`;
  }

  async unknownVersion(area: ReleaseTarget, version: string): Promise<string> {
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

  // ---- The gate ----

  async liveForGate(): Promise<LiveForGate> {
    const [live, served] = await Promise.all([repo.liveRows(this.db), repo.servedReleases(this.db)]);
    const liveRelease = (area: string) => {
      const version = live.find((row) => row.area === area)?.version;
      return served.find((row) => row.area === area && row.version === version)?.info ?? null;
    };
    return {
      shell: liveRelease('shell'),
      shellVersion: live.find((row) => row.area === 'shell')?.version ?? null,
      remotes: areas.flatMap((area) => liveRelease(area) ?? []),
    };
  }

  private gate(
    area: ReleaseTarget,
    release: StoredRelease,
    files: string[],
    smoke: SmokeResult,
    live: LiveForGate,
  ): GateResult[] {
    return [
      filesCheck(files, release),
      sharedCheck(area, release, live),
      contractCheck(release, this.contract()),
      smokeCheck(smoke),
    ];
  }

  /** The gate of a published version with its recorded smoke load (the Releases screen). */
  gateOf(area: ReleaseTarget, row: repo.ReleaseRow, files: string[], live: LiveForGate): GateResult[] {
    return this.gate(area, row.info, files, row.smoke, live);
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
        details: { ...actorDetails(who), attempted: what.action, commit: what.commit, detail },
      }),
    );
    throw new HttpError(409, `${label(area, what.version)} was refused: ${detail}`);
  }

  // ---- Publish ----

  async publish(body: PublishRequest, who: ReleaseActor, audit: AuditWriter): Promise<ReleaseChange> {
    const { area, version } = body;
    const skipped = skippedSmoke(this.config, body.skipSmoke);
    const live = (await repo.liveRows(this.db)).find((row) => row.area === area)?.version ?? null;
    let release: StoredRelease;
    try {
      release = readRelease(this.config.dir, area, version);
    } catch (error) {
      if (!(error instanceof UnreadableRelease)) throw error;
      const failed = [{ check: 'files' as const, ok: false, message: error.message }];
      if (body.dryRun) return unchanged(audit, change(area, version, live, { gate: failed }));
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
    // The same build again (pnpm start, a retried deploy): nothing to publish; going live is setLive's.
    if (existing) {
      const again = {
        version,
        action: 'deploy' as const,
        force: body.force,
        reason: body.reason,
        cohort: body.cohort,
      };
      return this.setLive(area, { ...again, dryRun: body.dryRun || !body.live }, who, audit);
    }

    const problems = buildProblems(this.config.dir, area, release);
    const smoke: SmokeResult = problems.length
      ? { status: 'failed', message: 'not run: the files check failed' }
      : (skipped ?? (await smokeLoad(this, area, release, who)));
    const gate = this.gate(area, release, problems, smoke, await this.liveForGate());
    // Publishing needs its own files and smoke load; the rest is for going live.
    const blocking = failedChecks(gate).filter((check) => check.check === 'files' || check.check === 'smoke');
    if (body.dryRun) return unchanged(audit, change(area, version, live, { gate }));
    if (blocking.length && !body.force)
      return this.refuse(
        area,
        { version, from: live, action: 'publish', commit: release.commit },
        blocking,
        who,
        audit,
      );

    const hashes = hashFolder(releaseFolder(this.config.dir, area, version));
    const forced = body.force && blocking.length > 0;
    await audit.transaction(this.db, async (tx) => {
      await repo.insertRelease(tx, { area, info: release, smoke, by: who.email, hashes });
      await audit.record(tx, {
        action: 'release.publish',
        actor: auditActor(who),
        targetType: 'console_release',
        targetId: area,
        after: { version },
        details: details(who, release.commit, body.reason, forced, blocking, { smoke }),
      });
    });
    if (!body.live) return change(area, version, live, { published: true, forced, gate });
    const deploy = {
      version,
      action: 'deploy' as const,
      dryRun: false,
      force: body.force,
      reason: body.reason,
    };
    return {
      ...(await this.setLive(area, { ...deploy, cohort: body.cohort, smoke }, who, audit)),
      published: true,
    };
  }

  // ---- Deploy, roll back, promote, cohorts ----

  async setLive(
    area: ReleaseTarget,
    request: LiveRequest,
    who: ReleaseActor,
    audit: AuditWriter,
  ): Promise<ReleaseChange> {
    const [live] = (await repo.liveRows(this.db)).filter((row) => row.area === area);
    const from = live?.version ?? null;
    const goingBack = request.action === 'rollback' || request.action === 'auto-rollback';
    if (goingBack && !request.version && live?.cohortVersion)
      return this.endCohort(area, live, request, who, audit);
    const target = request.version ?? live?.previous;
    if (!target)
      throw new HttpError(
        409,
        `${releaseDirOf(area)} has no previous version to roll back to: name the version`,
      );
    const row = await repo.findRelease(this.db, area, target);
    if (!row) throw new HttpError(404, await this.unknownVersion(area, target));
    const cohort = request.cohort && !goingBack ? request.cohort : null;
    if (cohort && target === from)
      throw new HttpError(
        409,
        `${label(area, target)} is live for everyone already: a cohort gets another version`,
      );
    const already =
      target === (cohort ? live?.cohortVersion : from) && (!cohort || sameRule(cohort, live?.cohort));
    if (already && !request.dryRun) return unchanged(audit, change(area, target, from));

    const current = await this.liveForGate();
    const smoke = await smokeForChange(this, area, row, current, request, who);
    const gate = this.gate(area, row.info, await checkFiles(this, row), smoke, current);
    const failed = failedChecks(gate);
    const action = cohort ? 'cohort' : request.action;
    if (request.dryRun) return unchanged(audit, change(area, target, from, { gate }));
    if (failed.length && !request.force)
      return this.refuse(area, { version: target, from, action, commit: row.commit }, failed, who, audit);

    const forced = failed.length > 0;
    await audit.transaction(this.db, async (tx) => {
      const locked = await repo.lockLive(tx, area);
      if (locked.version !== from)
        throw new HttpError(
          409,
          `${releaseDirOf(area)} changed meanwhile (now ${locked.version ?? 'none'}): try again`,
        );
      if (cohort) await repo.putCohort(tx, area, { version: target, rule: cohort, by: who.email });
      else {
        // Going back to a version that was live before: its own predecessor comes next. Going forward:
        // the version it replaces.
        const previous = goingBack && row.lastLiveAt ? (row.replaced ?? null) : from;
        await repo.putLive(tx, area, {
          version: target,
          previous: previous === target ? null : previous,
          by: who.email,
          action: request.action,
        });
        await repo.markWentLive(tx, area, target, goingBack ? undefined : from);
      }
      await audit.record(tx, {
        action: `release.${action}`,
        actor: auditActor(who),
        targetType: 'console_release',
        targetId: area,
        before: { version: from },
        after: { version: target },
        details: details(who, row.commit, request.reason, forced, failed, {
          evidence: request.evidence,
          ...(cohort ? { cohort, detail: `live for ${cohortLabel(cohort)}` } : {}),
        }),
      });
    });
    this.log.info({ area, from, to: target, action, by: who.email, forced }, 'console release live');
    return change(area, target, from, { to: cohort ? from : target, forced, gate });
  }

  /** The cohort's version goes away: its admins are back on the live version (which needs no gate). */
  private async endCohort(
    area: ReleaseTarget,
    live: repo.LiveRow,
    request: LiveRequest,
    who: ReleaseActor,
    audit: AuditWriter,
  ): Promise<ReleaseChange> {
    const version = live.cohortVersion!;
    const result = change(area, version, live.version);
    if (request.dryRun) return unchanged(audit, result);
    await audit.transaction(this.db, async (tx) => {
      const locked = await repo.lockLive(tx, area);
      if (locked.cohortVersion !== version)
        throw new HttpError(409, `${releaseDirOf(area)}'s cohort changed meanwhile: try again`);
      await repo.putCohort(tx, area, null);
      await audit.record(tx, {
        action: `release.${request.action}`,
        actor: auditActor(who),
        targetType: 'console_release',
        targetId: area,
        before: { version },
        after: { version: live.version },
        details: details(who, null, request.reason, false, [], {
          evidence: request.evidence,
          cohort: live.cohort,
          ...(request.evidence
            ? {}
            : { detail: `the cohort (${cohortLabel(live.cohort!)}) is back on ${live.version}` }),
        }),
      });
    });
    this.log.info(
      { area, cohort: version, back: live.version, action: request.action },
      'console release cohort ended',
    );
    return result;
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
      const role =
        version === live.version
          ? 'live'
          : version === live.previous
            ? 'previous'
            : version === live.cohortVersion
              ? 'cohort'
              : null;
      if (role)
        throw new HttpError(409, `${label(area, version)} is the ${role} version: it is never pruned`);
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
      return change(area, version, live.version);
    });
  }
}

const sameRule = (a: CohortRule, b: CohortRule | null | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** The same build again (builds are deterministic): the same commit and the same files. */
function sameBuild(a: StoredRelease, b: StoredRelease): boolean {
  return a.commit === b.commit && JSON.stringify(a.files) === JSON.stringify(b.files);
}
