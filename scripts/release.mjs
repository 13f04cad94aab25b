// Releases of the remotes, side by side: RELEASES_DIR/<area folder>/<version>/ (a remote's dist as
// built, its mf-manifest.json saying which version and commit it is), and the runtime registry that
// says which version of each area the console loads. Used by scripts/deploy.mjs and rollback.mjs.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const releasesDir = () => resolve(process.env.RELEASES_DIR ?? join(repoRoot, 'releases'));
/** The registry the console serves (REMOTES_REGISTRY of scripts/serve.mjs). */
export const registryFile = () =>
  resolve(process.env.REMOTES_REGISTRY ?? join(releasesDir(), 'remotes.json'));
/** Routes and menus of every area, and where each points on a first deploy. */
export const registryTemplate = () =>
  resolve(process.env.REMOTES_TEMPLATE ?? join(repoRoot, 'deploy/remotes.json'));

/** A version becomes a folder and a URL segment: no slashes, no dot-segments. */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;

export class ReleaseError extends Error {}

export function checkVersion(version) {
  if (!VERSION.test(version) || version.includes('..'))
    throw new ReleaseError(`"${version}" is not a version (letters, digits, . _ + -)`);
  return version;
}

/** The remote folders of the workspace: { dir: 'mf-mines', name: 'mf_mines' }. */
export function workspaceAreas() {
  return readdirSync(repoRoot)
    .filter((dir) => dir.startsWith('mf-') && existsSync(join(repoRoot, dir, 'package.json')))
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8'));
      return { dir, name: pkg.backoffice?.remote ?? dir.replaceAll('-', '_') };
    });
}

/** 'mines', 'mf-mines' or 'mf_mines' -> { dir: 'mf-mines', name: 'mf_mines' }. */
export function findArea(input, areas = knownAreas()) {
  const wanted = input.replace(/^mf[-_]/, '').replaceAll('_', '-');
  const area = areas.find((candidate) => candidate.dir === `mf-${wanted}`);
  if (!area)
    throw new ReleaseError(
      `unknown area "${input}"; the areas are: ${areas.map((a) => a.dir.replace(/^mf-/, '')).join(', ')}`,
    );
  return area;
}

/** Areas known here: the workspace's remotes or, in an image (no sources), those of the registry template. */
export function knownAreas() {
  const fromWorkspace = workspaceAreas();
  if (fromWorkspace.length > 0) return fromWorkspace;
  const template = registryTemplate();
  if (!existsSync(template)) return [];
  return JSON.parse(readFileSync(template, 'utf8')).remotes.map((remote) => ({
    dir: remote.name.replaceAll('_', '-'),
    name: remote.name,
  }));
}

/** { version, commit, name } of a build, from its mf-manifest.json. */
export function buildInfo(distDir) {
  const file = join(distDir, 'mf-manifest.json');
  if (!existsSync(file)) throw new ReleaseError(`${file} is missing: not a remote's build`);
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const info = manifest.metaData?.buildInfo ?? {};
  return { name: manifest.name ?? manifest.metaData?.name, version: info.buildVersion, commit: info.commit };
}

/** Published versions of an area, oldest first (by publication time). */
export function versionsOf(area) {
  const dir = join(releasesDir(), area.dir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((version) => VERSION.test(version) && existsSync(join(dir, version, 'mf-manifest.json')))
    .map((version) => ({ version, at: statSync(join(dir, version)).mtimeMs }))
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.version);
}

export const entryFor = (area, version) => `/remotes/${area.dir}/${version}/mf-manifest.json`;

/** Holds a lock folder beside the registry while `update` runs (remotes may deploy at the same time). */
function withLock(file, update) {
  const lock = `${file}.lock`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock older than 30 s belongs to a process that died holding it.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 30_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new ReleaseError(`${lock} is held by another deploy; try again`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  try {
    return update();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Written beside the target, then renamed over it: a reader sees the old file or the new one. */
export function writeAtomically(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/**
 * Points one area of the registry at `version`; every other entry is left exactly as it was.
 * Returns the entry it replaced.
 */
export function pointRegistry(area, version) {
  const file = registryFile();
  return withLock(file, () => {
    const source = existsSync(file) ? file : registryTemplate();
    const registry = JSON.parse(readFileSync(source, 'utf8'));
    const remote = registry.remotes?.find((candidate) => candidate.name === area.name);
    if (!remote) throw new ReleaseError(`${source} has no area named ${area.name}`);
    const previous = remote.entry;
    remote.entry = entryFor(area, version);
    writeAtomically(file, `${JSON.stringify(registry, null, 2)}\n`);
    return previous;
  });
}

/** The version an area's registry entry points at, when it points into the releases. */
export function currentVersion(area) {
  const file = registryFile();
  if (!existsSync(file)) return null;
  const registry = JSON.parse(readFileSync(file, 'utf8'));
  const entry = registry.remotes?.find((candidate) => candidate.name === area.name)?.entry ?? '';
  const match = new RegExp(`^/remotes/${area.dir}/([^/]+)/mf-manifest\\.json$`).exec(entry);
  return match?.[1] ?? null;
}

/** Repoints `area` at an already published `version`; refuses an unknown one, listing those there are. */
export function switchTo(area, version) {
  checkVersion(version);
  const versions = versionsOf(area);
  if (!versions.includes(version)) {
    throw new ReleaseError(
      `${area.dir} has no published version "${version}" in ${releasesDir()}. ` +
        (versions.length
          ? `Available: ${versions.join(', ')}`
          : 'Nothing is published yet: run `pnpm run deploy <area>`.'),
    );
  }
  const previous = pointRegistry(area, version);
  return { previous, entry: entryFor(area, version) };
}
