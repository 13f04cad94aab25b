import {
  areas,
  type CohortRule,
  cohortLabel,
  type GateResult,
  type ReleaseAction,
  type ReleaseChange,
  type ReleaseTarget,
  releaseDirOf,
  remoteNameOf,
  type SmokeResult,
} from '@backoffice/shared/contract';
import { type ContractFingerprint, catalogueFingerprint } from '@backoffice/shared/contract/fingerprint';
import type { FastifyBaseLogger } from 'fastify';
import type { ReleasesConfig } from '../../config.ts';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type AuditWriter, insertAudit } from '../audit/index.ts';
import { contractCheck, failedChecks, filesCheck, sharedCheck, smokeCheck } from './gate.ts';
import { type FileHashes, hashFolder } from './integrity.ts';
import {
  buildProblems,
  readRelease,
  recordedProblems,
  releaseFolder,
  type StoredRelease,
  UnreadableRelease,
} from './release-files.ts';
import * as repo from './repository.ts';
import { runSmoke, type SmokeArea, type SmokeDeps } from './smoke.ts';

/** Who changes what is live: an admin on the Releases screen, an operator through the CLI, or the API itself. */
export interface ReleaseActor {
  id: number | null;
  /** The admin's e-mail, an operator token's owner, 'bootstrap ops token', or 'system'. */
  email: string;
  via: 'console' | 'cli' | 'system';
  /** What the CLI's --as said with the shared bootstrap token: kept in the record, never trusted. */
  claimed?: string | undefined;
  /** An operator token's name. */
  token?: string | undefined;
}

export const SYSTEM: ReleaseActor = { id: null, email: 'system', via: 'system' };

export const label = (area: ReleaseTarget, version: string | null) =>
  `${releaseDirOf(area)} ${version ?? '(none)'}`;

/** The live releases the gate checks against: the shell and each area. */
type LiveForGate = { shell: StoredRelease | null; shellVersion: string | null; remotes: StoredRelease[] };

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
    private readonly log: FastifyBaseLogger,
    private readonly smokeDeps: Pick<SmokeDeps, 'sign' | 'get'>,
  ) {}

  /** The API contract this process serves (computed once: ~100 ms of JSON schemas). */
  contract(): ContractFingerprint {
    this.served ??= catalogueFingerprint();
    return this.served;
  }

  entryOf(area: ReleaseTarget, version: string): string {
    return `${this.config.url}/${releaseDirOf(area)}/${version}/mf-manifest.json`;
  }

  // ---- The gate ----

  async liveForGate(db: Db = this.db): Promise<LiveForGate> {
    const live = await repo.liveRows(db);
    const served = await repo.servedReleases(db);
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

  /**
   * The files of a published version against their record: a file changed or gone since is reported
   * (recorded, audited once, the metric) and fails the gate. A version published before hashes were
   * kept has them recorded now, from its files as they are.
   */
  async checkFiles(row: repo.ReleaseRow): Promise<string[]> {
    const folder = releaseFolder(this.config.dir, row.area, row.version);
    if (!row.hashes) {
      const problems = buildProblems(this.config.dir, row.area, row.info);
      if (problems.length === 0) await repo.recordHashes(this.db, row.area, row.version, hashFolder(folder));
      return problems;
    }
    const { problems, changed } = recordedProblems(this.config.dir, row.area, row.version, row.hashes);
    await this.noteTampering(row.area, row.version, changed);
    return problems;
  }

  /** Records what a check found changed; the first sighting of a file is audited and logged. */
  private async noteTampering(area: ReleaseTarget, version: string, changed: string[], audit?: AuditWriter) {
    const fresh = await this.db.transaction(async (tx) => {
      const files = await repo.markTampered(tx, area, version, changed);
      if (files.length === 0) return files;
      const record = {
        action: 'release.tampered',
        targetType: 'console_release',
        targetId: area,
        after: { version },
        details: { files, detail: `changed since it was published: ${files.join(', ')}` },
      };
      if (audit) await audit.record(tx, record);
      else await insertAudit(tx, { ...record, actor: { id: null, email: null } });
      return files;
    });
    if (fresh.length)
      this.log.error({ area, version, files: fresh }, 'console release files changed since publish');
    return fresh;
  }

  private async gate(
    area: ReleaseTarget,
    release: StoredRelease,
    files: string[],
    smoke: SmokeResult,
    live: LiveForGate,
  ): Promise<GateResult[]> {
    return [
      filesCheck(files, release),
      sharedCheck(area, release, live),
      contractCheck(release, this.contract()),
      smokeCheck(smoke),
    ];
  }

  /** The gate of a published version with its recorded smoke load (the Releases screen). */
  gateOf(
    area: ReleaseTarget,
    row: repo.ReleaseRow,
    files: string[],
    live: LiveForGate,
  ): Promise<GateResult[]> {
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

  // ---- The smoke load ----

  /**
   * Loads `version` of `area` in Chromium: an area under the live shell; a shell with every live area.
   * Every route each declares, with real data through the gate's own read-only session.
   */
  async smoke(area: ReleaseTarget, release: StoredRelease, who: ReleaseActor): Promise<SmokeResult> {
    const live = await this.liveForGate();
    const smokeArea = (target: ReleaseTarget, info: StoredRelease): SmokeArea => ({
      area: target,
      name: info.name,
      entry: `/remotes/${releaseDirOf(target)}/${info.version}/mf-manifest.json`,
      routes: info.area?.routes.map((route) => route.path) ?? [],
    });
    const shellVersion = area === 'shell' ? release.version : live.shellVersion;
    if (!shellVersion)
      return { status: 'skipped', message: 'no shell is live yet to load it under', shell: null };
    const remotes =
      area === 'shell'
        ? live.remotes.map((info) => smokeArea(areas.find((a) => remoteNameOf(a) === info.name)!, info))
        : [smokeArea(area, release)];
    return runSmoke(
      { ...this.smokeDeps, config: this.config, db: this.db, log: this.log },
      {
        shellDir: releaseFolder(this.config.dir, 'shell', shellVersion),
        shellVersion,
        areas: remotes,
        target: { area, version: release.version },
        by: who.email,
      },
    );
  }

  /** Without Chromium here, only `--no-smoke` publishes, and the record says why the load was skipped. */
  private smokeSkipped(skip: boolean): SmokeResult | null {
    const chromium = this.config.smoke.chromium;
    if (skip && chromium)
      throw new HttpError(
        400,
        '--no-smoke is for an API host without Chromium: this one has it, so the smoke load runs',
      );
    if (!skip && !chromium)
      throw new HttpError(
        409,
        'The smoke load needs Chromium on the API host (apt-get install -y chromium, or CHROMIUM_PATH); ' +
          'where it cannot be installed, publish with --no-smoke (the record says it was skipped)',
      );
    return skip ? { status: 'skipped', message: '--no-smoke: no Chromium on the API host' } : null;
  }

  // ---- Publish ----

  async publish(
    body: {
      area: ReleaseTarget;
      version: string;
      skipSmoke: boolean;
      live: boolean;
      dryRun: boolean;
      force: boolean;
      reason: string | null;
      cohort?: CohortRule | undefined;
    },
    who: ReleaseActor,
    audit: AuditWriter,
  ): Promise<ReleaseChange> {
    const { area, version } = body;
    const skipped = this.smokeSkipped(body.skipSmoke);
    const live = (await repo.liveRows(this.db)).find((row) => row.area === area)?.version ?? null;
    let release: StoredRelease;
    try {
      release = readRelease(this.config.dir, area, version);
    } catch (error) {
      if (!(error instanceof UnreadableRelease)) throw error;
      const failed = [{ check: 'files' as const, ok: false, message: error.message }];
      if (body.dryRun) return unchanged(audit, { area, version, from: live, gate: failed });
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
    if (existing) return this.publishedAgain(body, who, audit);

    const problems = buildProblems(this.config.dir, area, release);
    const smoke: SmokeResult = problems.length
      ? { status: 'failed', message: 'not run: the files check failed' }
      : (skipped ?? (await this.smoke(area, release, who)));
    const gate = await this.gate(area, release, problems, smoke, await this.liveForGate());
    // Publishing needs its own files and smoke load; the rest is for going live.
    const blocking = failedChecks(gate).filter((check) => check.check === 'files' || check.check === 'smoke');
    if (body.dryRun) return unchanged(audit, { area, version, from: live, gate });
    if (blocking.length && !body.force)
      return this.refuse(
        area,
        { version, from: live, action: 'publish', commit: release.commit },
        blocking,
        who,
        audit,
      );

    const hashes: FileHashes = hashFolder(releaseFolder(this.config.dir, area, version));
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
    if (!body.live) return { area, version, published: true, from: live, to: live, forced, gate };
    const change = await this.setLive(
      area,
      {
        version,
        action: 'deploy',
        dryRun: false,
        force: body.force,
        reason: body.reason,
        cohort: body.cohort,
        smoke,
      },
      who,
      audit,
    );
    return { ...change, published: true };
  }

  /** The same build again (pnpm start, a retried deploy): nothing to publish; going live is setLive's. */
  private async publishedAgain(
    body: Parameters<ReleaseService['publish']>[0],
    who: ReleaseActor,
    audit: AuditWriter,
  ): Promise<ReleaseChange> {
    const change = await this.setLive(
      body.area,
      {
        version: body.version,
        action: 'deploy',
        dryRun: body.dryRun || !body.live,
        force: body.force,
        reason: body.reason,
        cohort: body.cohort,
      },
      who,
      audit,
    );
    return { ...change, published: false };
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
    const result = {
      area,
      version: target,
      published: false,
      from,
      to: target,
      forced: false,
      gate: [] as GateResult[],
    };
    const already =
      target === (cohort ? live?.cohortVersion : from) && (!cohort || sameRule(cohort, live?.cohort));
    if (already && !request.dryRun) return unchanged(audit, result);

    const current = await this.liveForGate();
    const smoke = await this.smokeFor(area, row, current, request, who);
    const gate = await this.gate(area, row.info, await this.checkFiles(row), smoke, current);
    const failed = failedChecks(gate);
    if (request.dryRun) return unchanged(audit, { ...result, to: from, gate });
    if (failed.length && !request.force)
      return this.refuse(
        area,
        { version: target, from, action: cohort ? 'cohort' : request.action, commit: row.commit },
        failed,
        who,
        audit,
      );

    const forced = failed.length > 0;
    const action = cohort ? 'cohort' : request.action;
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
    return { ...result, to: cohort ? from : target, forced, gate };
  }

  /**
   * The smoke load that counts for this change: the one just run (publish), a new one for a shell (against
   * the areas live now) or for an area last loaded under another shell than the live one, else its record.
   */
  private async smokeFor(
    area: ReleaseTarget,
    row: repo.ReleaseRow,
    live: LiveForGate,
    request: LiveRequest,
    who: ReleaseActor,
  ): Promise<SmokeResult> {
    if (request.smoke) return request.smoke;
    // The system going back does not wait for Chromium; that version passed its own load.
    if (request.action === 'auto-rollback' || row.smoke.status === 'skipped' || !this.config.smoke.chromium)
      return row.smoke;
    if (area !== 'shell' && row.smoke.shell === live.shellVersion) return row.smoke;
    const smoke = await this.smoke(area, row.info, who);
    if (area !== 'shell') await repo.recordSmoke(this.db, area, row.version, smoke);
    return smoke;
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
    const result = {
      area,
      version,
      published: false,
      from: live.version,
      to: live.version,
      forced: false,
      gate: [],
    };
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

  // ---- Integrity ----

  /** The recorded files of a version, for the console's server; 404 for a version never published. */
  async files(area: ReleaseTarget, version: string): Promise<{ files: FileHashes; tampered: string[] }> {
    const row = await repo.findRelease(this.db, area, version);
    if (!row) throw new HttpError(404, await this.unknownVersion(area, version));
    if (!row.hashes) await this.checkFiles(row);
    const hashes = row.hashes ?? (await repo.findRelease(this.db, area, version))?.hashes ?? {};
    return { files: hashes, tampered: row.tampered?.files ?? [] };
  }

  /** A console server met a changed file: the API checks the version itself, and records what it finds. */
  async verify(area: ReleaseTarget, version: string, audit: AuditWriter) {
    const row = await repo.findRelease(this.db, area, version);
    if (!row) throw new HttpError(404, await this.unknownVersion(area, version));
    if (!row.hashes) {
      await this.checkFiles(row);
      audit.nothingChanged();
      return this.files(area, version);
    }
    const { changed } = recordedProblems(this.config.dir, area, version, row.hashes);
    const fresh = await this.noteTampering(area, version, changed, audit);
    if (fresh.length === 0) audit.nothingChanged();
    return { files: row.hashes, tampered: changed };
  }

  /** Checks the files of every version a console may load now (the live, previous and cohort ones). */
  async scanServed(): Promise<void> {
    for (const row of await repo.servedReleases(this.db)) await this.checkFiles(row);
  }
}

/** A dry run, or nothing to do: the answer, and no audit record. */
function unchanged(
  audit: AuditWriter,
  change: {
    area: ReleaseTarget;
    version: string;
    from: string | null;
    gate: GateResult[];
    to?: string | null;
  },
): ReleaseChange {
  audit.nothingChanged();
  return { published: false, to: change.from, forced: false, ...change };
}

const sameRule = (a: CohortRule, b: CohortRule | null | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** The audit trail's actor: an admin or an operator; null for the API itself (as the payout worker). */
export const auditActor = (who: ReleaseActor) => ({
  id: who.id,
  email: who.via === 'system' ? null : who.email,
});

const actorDetails = (who: ReleaseActor) => ({
  via: who.via,
  ...(who.token ? { token: who.token } : {}),
  ...(who.claimed ? { claimed: who.claimed } : {}),
});

/** The same build again (builds are deterministic): the same commit and the same files. */
function sameBuild(a: StoredRelease, b: StoredRelease): boolean {
  return a.commit === b.commit && JSON.stringify(a.files) === JSON.stringify(b.files);
}

export function details(
  who: ReleaseActor,
  commit: string | null,
  reason: string | null,
  forced: boolean,
  failed: GateResult[],
  extra: {
    evidence?: { text: string; admins: unknown } | undefined;
    detail?: string;
    [key: string]: unknown;
  } = {},
) {
  const { evidence, detail: extraDetail, ...rest } = extra;
  const detail =
    evidence?.text ??
    extraDetail ??
    (failed.length ? failed.map((check) => `${check.check}: ${check.message}`).join('; ') : null);
  return {
    ...actorDetails(who),
    commit,
    reason,
    forced,
    detail,
    ...(evidence ? { evidence: evidence.admins } : {}),
    ...rest,
  };
}
