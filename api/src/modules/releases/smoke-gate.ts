// Which smoke load the gate goes by (docs/operations.md#the-release-gate): one the API runs now, in
// Chromium, or the one a version recorded; never a client's word.
import {
  areas,
  type ReleaseTarget,
  releaseDirOf,
  remoteNameOf,
  type SmokeResult,
} from '@backoffice/shared/contract';
import type { ReleasesConfig } from '../../config.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ReleaseActor } from './actor.ts';
import { releaseFolder, type StoredRelease } from './release-files.ts';
import * as repo from './repository.ts';
import type { LiveForGate, LiveRequest, ReleaseService } from './service.ts';
import { runSmoke, type SmokeArea } from './smoke.ts';

const smokeArea = (target: ReleaseTarget, info: StoredRelease): SmokeArea => ({
  area: target,
  name: info.name,
  entry: `/remotes/${releaseDirOf(target)}/${info.version}/mf-manifest.json`,
  routes: info.area?.routes.map((route) => route.path) ?? [],
});

/**
 * Loads `release` of `area` in Chromium: an area under the live shell; a shell with every live area. Every
 * route each declares, with real data through the gate's own read-only session.
 */
export async function smokeLoad(
  service: ReleaseService,
  area: ReleaseTarget,
  release: StoredRelease,
  who: ReleaseActor,
): Promise<SmokeResult> {
  const live = await service.liveForGate();
  const shellVersion = area === 'shell' ? release.version : live.shellVersion;
  if (!shellVersion)
    return { status: 'skipped', message: 'no shell is live yet to load it under', shell: null };
  const remotes =
    area === 'shell'
      ? live.remotes.map((info) => smokeArea(areas.find((a) => remoteNameOf(a) === info.name)!, info))
      : [smokeArea(area, release)];
  const { db, config, log, smokeDeps } = service;
  return runSmoke(
    { ...smokeDeps, config, db, log },
    {
      shellDir: releaseFolder(config.dir, 'shell', shellVersion),
      shellVersion,
      areas: remotes,
      target: { area, version: release.version },
      by: who.email,
    },
  );
}

/** Without Chromium here, only `--no-smoke` publishes, and the record says why the load was skipped. */
export function skippedSmoke(config: ReleasesConfig, skip: boolean): SmokeResult | null {
  const chromium = config.smoke.chromium;
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

/**
 * The smoke load that counts for a change: the one just run (publish), a new one for a shell (against the
 * areas live now) or for an area last loaded under another shell than the live one, else its record.
 */
export async function smokeForChange(
  service: ReleaseService,
  area: ReleaseTarget,
  row: repo.ReleaseRow,
  live: LiveForGate,
  request: LiveRequest,
  who: ReleaseActor,
): Promise<SmokeResult> {
  if (request.smoke) return request.smoke;
  // The system going back does not wait for Chromium; that version passed its own load.
  if (request.action === 'auto-rollback' || row.smoke.status === 'skipped' || !service.config.smoke.chromium)
    return row.smoke;
  if (area !== 'shell' && row.smoke.shell === live.shellVersion) return row.smoke;
  const smoke = await smokeLoad(service, area, row.info, who);
  if (area !== 'shell') await repo.recordSmoke(service.db, area, row.version, smoke);
  return smoke;
}
