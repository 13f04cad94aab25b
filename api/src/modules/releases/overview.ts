// What the console and the Releases screen read: the registry (what each console loads) and every part's
// versions with their gate, field figures, cohort and history.
import { createHash } from 'node:crypto';
import {
  areas,
  type ConsoleRegistry,
  type ReleaseAreaInfo,
  type ReleasesData,
  type ReleaseTarget,
  releaseTargets,
  remoteNameOf,
} from '@backoffice/shared/contract';
import { sri } from './integrity.ts';
import * as repo from './repository.ts';
import type { ReleaseService } from './service.ts';
import { checkFiles } from './tampering.ts';

const HISTORY_LENGTH = 30;
const FIELD_MINUTES = 60;

/** The subresource integrity of a version's manifest and remote entry, from the hashes recorded at publish. */
function integrityOf(row: repo.ReleaseRow | undefined): Record<string, string> {
  const hashes = row?.hashes;
  if (!hashes) return {};
  const entry = row.info.entry ?? row.info.manifestFiles[0];
  return Object.fromEntries(
    ['mf-manifest.json', ...(entry ? [entry] : [])].flatMap((path) =>
      hashes[path] ? [[path, sri(hashes[path])]] : [],
    ),
  );
}

export async function consoleRegistry(service: ReleaseService): Promise<ConsoleRegistry> {
  const [live, served] = await Promise.all([repo.liveRows(service.db), repo.servedReleases(service.db)]);
  const find = (area: string, version: string | null) =>
    served.find((row) => row.area === area && row.version === version);
  const build = (area: ReleaseTarget, version: string) => ({
    version,
    entry: service.entryOf(area, version),
    integrity: integrityOf(find(area, version)),
  });
  const shell = live.find((row) => row.area === 'shell');
  const remotes = areas.flatMap((area) => {
    const row = live.find((candidate) => candidate.area === area);
    const release = find(area, row?.version ?? null);
    if (!row?.version || !release?.info.area) return [];
    const cohort = row.cohortVersion && row.cohort ? find(area, row.cohortVersion) : undefined;
    return [
      {
        name: remoteNameOf(area),
        area,
        ...build(area, row.version),
        commit: release.info.commit,
        routes: release.info.area.routes,
        menu: release.info.area.menu,
        previous: row.previous ? build(area, row.previous) : null,
        cohort:
          cohort?.info.area && row.cohort
            ? {
                ...build(area, cohort.version),
                rule: row.cohort,
                commit: cohort.info.commit,
                routes: cohort.info.area.routes,
                menu: cohort.info.area.menu,
              }
            : null,
      },
    ];
  });
  const body = {
    shell: shell?.version
      ? {
          version: shell.version,
          commit: find('shell', shell.version)?.commit ?? null,
          previous: shell.previous,
        }
      : null,
    remotes,
  };
  const revision = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
  return { revision, ...body };
}

/** The Releases screen and `pnpm releases`: every part, every version, its gate as it stands now. */
export async function releasesOverview(service: ReleaseService): Promise<ReleasesData> {
  const { db } = service;
  const [live, releases, field] = await Promise.all([
    repo.liveRows(db),
    repo.allReleases(db),
    repo.fieldFigures(db, FIELD_MINUTES),
  ]);
  const current = await service.liveForGate();
  const areasInfo: ReleaseAreaInfo[] = [];
  for (const area of releaseTargets) {
    const row = live.find((candidate) => candidate.area === area);
    const versions = [];
    for (const release of releases.filter((candidate) => candidate.area === area)) {
      const figures = field.find((f) => f.area === area && f.version === release.version);
      const files = await checkFiles(service, release);
      const tampered = (await repo.findRelease(db, area, release.version))?.tampered?.files ?? [];
      versions.push({
        version: release.version,
        commit: release.commit,
        publishedAt: release.publishedAt,
        publishedBy: release.publishedBy,
        entry: area === 'shell' ? null : service.entryOf(area, release.version),
        integrity: integrityOf(release),
        live: release.version === row?.version,
        previous: release.version === row?.previous,
        cohort: release.version === row?.cohortVersion,
        tampered,
        gate: service.gateOf(area, release, files, current),
        field: {
          loads: figures?.loads ?? 0,
          failures: figures?.failures ?? 0,
          admins: figures?.admins ?? 0,
          failingAdmins: figures?.failingAdmins ?? 0,
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
      cohort:
        row?.cohortVersion && row.cohort && row.cohortSince
          ? {
              version: row.cohortVersion,
              rule: row.cohort,
              since: row.cohortSince,
              by: row.cohortBy ?? 'unknown',
            }
          : null,
      versions,
      history: await repo.releaseHistory(db, area, HISTORY_LENGTH),
      failures: area === 'shell' ? [] : await repo.recentFailures(db, area, FIELD_MINUTES, 20),
    });
  }
  const rule = service.config.autoRollback;
  return { areas: areasInfo, autoRollback: rule ? { ...rule } : null };
}
