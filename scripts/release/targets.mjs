// What can be released (the shell and each area), where releases live, and what a build says it is.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readAreas } from '../areas/manifest.mjs';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The API's data folder (DATA_DIR, default .data): its ops token, and the releases by default. */
export const dataDir = () => resolve(process.env.DATA_DIR ?? join(repoRoot, '.data'));
/** Where every published version's files are (RELEASES_DIR, as the API and the console's server see it). */
export const releasesDir = () => resolve(process.env.RELEASES_DIR ?? join(dataDir(), 'console-releases'));

const areas = readAreas();
/** The shell and the areas of areas.json: the API's releaseTargets (a test keeps the two equal). */
export const TARGETS = ['shell', ...areas.map((area) => area.id)];

/** A user's mistake: printed without a stack, exit code 1. */
export class ReleaseError extends Error {}

/** 'mines', 'mf-mines', 'mf_mines' or 'shell' -> { id: 'mines', dir: 'mf-mines', name: 'mf_mines' }. */
export function findTarget(input) {
  const id = String(input ?? '')
    .replace(/^mf[-_]/, '')
    .replaceAll('_', '-');
  if (id === 'shell') return { id, dir: 'shell', name: 'shell' };
  const area = areas.find((candidate) => candidate.id === id);
  if (!area) throw new ReleaseError(`unknown area "${input}"; the areas are: ${TARGETS.join(', ')}`);
  return { id, dir: area.dir, name: area.name };
}

/** A version is a folder and a URL segment (the API checks the same: RELEASE_VERSION). */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;
export function checkVersion(version) {
  if (!VERSION.test(version) || version.includes('..'))
    throw new ReleaseError(`"${version}" is not a version (letters, digits, . _ + -)`);
  return version;
}

/** The release.json a build wrote (shared/src/mf/release-info.ts): name, version, commit, area... */
export function readReleaseInfo(buildDir) {
  const file = join(buildDir, 'release.json');
  if (!existsSync(file))
    throw new ReleaseError(
      `${file} is missing: not a build of this console (build it with pnpm -C <app> build)`,
    );
  return JSON.parse(readFileSync(file, 'utf8'));
}
