// Release files against their record (docs/operations.md#release-integrity): what changed since publish is
// refused by the gate, recorded once, logged and counted (the metric and its alert).
import type { ReleaseTarget } from '@backoffice/shared/contract';
import { HttpError } from '../../lib/http-error.ts';
import { type AuditWriter, insertAudit } from '../audit/index.ts';
import { type FileHashes, hashFolder } from './integrity.ts';
import { buildProblems, recordedProblems, releaseFolder } from './release-files.ts';
import * as repo from './repository.ts';
import type { ReleaseService } from './service.ts';

/**
 * The files of a published version against their record: a file changed or gone since is reported
 * (recorded, audited once, the metric) and fails the gate. A version published before hashes were kept
 * has them recorded now, from its files as they are.
 */
export async function checkFiles(service: ReleaseService, row: repo.ReleaseRow): Promise<string[]> {
  const { db, config } = service;
  if (!row.hashes) {
    const problems = buildProblems(config.dir, row.area, row.info);
    const folder = releaseFolder(config.dir, row.area, row.version);
    if (problems.length === 0) await repo.recordHashes(db, row.area, row.version, hashFolder(folder));
    return problems;
  }
  const { problems, changed } = recordedProblems(config.dir, row.area, row.info, row.hashes);
  await noteTampering(service, row.area, row.version, changed);
  return problems;
}

/** Records what a check found changed; the first sighting of a file is audited and logged. */
async function noteTampering(
  service: ReleaseService,
  area: ReleaseTarget,
  version: string,
  changed: string[],
  audit?: AuditWriter,
): Promise<string[]> {
  const fresh = await service.db.transaction(async (tx) => {
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
    service.log.error({ area, version, files: fresh }, 'console release files changed since publish');
  return fresh;
}

async function publishedRow(service: ReleaseService, area: ReleaseTarget, version: string) {
  const row = await repo.findRelease(service.db, area, version);
  if (!row) throw new HttpError(404, await service.unknownVersion(area, version));
  return row;
}

/** The recorded files of a version, for the console's server; 404 for a version never published. */
export async function releaseFiles(
  service: ReleaseService,
  area: ReleaseTarget,
  version: string,
): Promise<{ files: FileHashes; tampered: string[] }> {
  let row = await publishedRow(service, area, version);
  if (!row.hashes) {
    await checkFiles(service, row);
    row = await publishedRow(service, area, version);
  }
  return { files: row.hashes ?? {}, tampered: row.tampered?.files ?? [] };
}

/** A console server met a changed file: the API checks the version itself, and records what it finds. */
export async function verifyRelease(
  service: ReleaseService,
  area: ReleaseTarget,
  version: string,
  audit: AuditWriter,
): Promise<{ files: FileHashes; tampered: string[] }> {
  const row = await publishedRow(service, area, version);
  if (!row.hashes) {
    audit.nothingChanged();
    return releaseFiles(service, area, version);
  }
  const { changed } = recordedProblems(service.config.dir, area, row.info, row.hashes);
  if ((await noteTampering(service, area, version, changed, audit)).length === 0) audit.nothingChanged();
  return { files: row.hashes, tampered: changed };
}

/** Checks the files of every version a console may load now (the live, previous and cohort ones). */
export async function scanServed(service: ReleaseService): Promise<void> {
  for (const row of await repo.servedReleases(service.db)) await checkFiles(service, row);
}
