// Copies a build into the releases folder: RELEASES_DIR/<app folder>/<version>/, never half-visible.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ReleaseError, releasesDir } from './targets.mjs';

export const releaseFolder = (target, version) => join(releasesDir(), target.dir, version);

/**
 * Puts `buildDir` in place as `target` `version`. The same build again is fine (builds are
 * deterministic: the same release.json); another build under a published version (one of `published`)
 * is refused before a file is touched; a folder of a version never published (a refusal's leftover) is
 * replaced. Returns whether the folder is new.
 */
export function copyIntoReleases(target, version, buildDir, published = new Set()) {
  const folder = releaseFolder(target, version);
  const info = (dir) => readFileSync(join(dir, 'release.json'), 'utf8');
  if (existsSync(folder) && !published.has(version)) removeFromReleases(target, version);
  if (existsSync(folder)) {
    if (existsSync(join(folder, 'release.json')) && info(folder) === info(buildDir)) return false;
    const there = existsSync(join(folder, 'release.json')) ? JSON.parse(info(folder)).commit : 'unknown';
    throw new ReleaseError(
      `${target.dir} ${version} is already published (commit ${there}) and this build (commit ` +
        `${JSON.parse(info(buildDir)).commit}) differs: give it a new version (the "version" of ` +
        `${target.dir}/package.json, or MF_BUILD_VERSION when building)`,
    );
  }
  // Copied next to its final place, then renamed: the console never sees half a version.
  const temp = `${folder}.${process.pid}.tmp`;
  mkdirSync(dirname(folder), { recursive: true });
  rmSync(temp, { recursive: true, force: true });
  cpSync(buildDir, temp, { recursive: true });
  try {
    renameSync(temp, folder);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    if (!existsSync(folder)) throw error;
  }
  return true;
}

export function removeFromReleases(target, version) {
  rmSync(releaseFolder(target, version), { recursive: true, force: true });
}
