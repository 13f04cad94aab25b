// What a published version is, read from its folder in the releases folder: the release.json its build
// wrote (shared/src/mf/release-info.ts) and, for a remote, the mf-manifest.json the console loads.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type AreaRoutes, type ReleaseTarget, releaseDirOf, remoteNameOf } from '@backoffice/shared/contract';
import type { ContractFingerprint } from '@backoffice/shared/contract/fingerprint';
import { changedFiles, type FileHashes, hashFolder } from './integrity.ts';

/** One shared module a remote takes from the shell, as its mf-manifest.json says. */
export interface SharedRequirement {
  name: string;
  /** A semver range, or false: any version. */
  requiredVersion: string | false;
}

/** What the gate knows of a version (console_releases.info). */
export interface StoredRelease {
  name: string;
  version: string;
  commit: string | null;
  /** Every file of the build with its size and SHA-256 (release.json). */
  files: { path: string; size: number; sha256?: string }[];
  /** A remote's entry script, as its mf-manifest.json names it. */
  entry?: string;
  /** The files a remote's mf-manifest.json names: its entry, the chunks it exposes, its shared fallbacks. */
  manifestFiles: string[];
  requires: SharedRequirement[];
  provides: Record<string, string> | null;
  contract: ContractFingerprint;
  area: AreaRoutes | null;
}

/** The folder could not be read as a release of `target` at `version`. */
export class UnreadableRelease extends Error {}

function readJson(file: string, what: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UnreadableRelease(`${what} is missing (${file})`);
  }
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new UnreadableRelease(`${what} is not valid JSON (${file})`);
  }
}

export const releaseFolder = (releasesDir: string, target: ReleaseTarget, version: string) =>
  join(releasesDir, releaseDirOf(target), version);

type Manifest = {
  name?: string;
  metaData?: {
    buildInfo?: { buildVersion?: string; commit?: string };
    remoteEntry?: { name?: string; path?: string };
  };
  exposes?: { assets?: Assets }[];
  shared?: { name?: string; requiredVersion?: string | false; assets?: Assets }[];
};
type Assets = Record<'js' | 'css', { sync?: string[]; async?: string[] } | undefined>;

const assetFiles = (assets: Assets | undefined) =>
  (['js', 'css'] as const).flatMap((kind) => [
    ...(assets?.[kind]?.sync ?? []),
    ...(assets?.[kind]?.async ?? []),
  ]);

/** Reads a published version; throws UnreadableRelease naming what is wrong with its folder. */
export function readRelease(releasesDir: string, target: ReleaseTarget, version: string): StoredRelease {
  const folder = releaseFolder(releasesDir, target, version);
  const expectedName = target === 'shell' ? 'shell' : remoteNameOf(target);
  const info = readJson(join(folder, 'release.json'), 'release.json');
  if (info.name !== expectedName)
    throw new UnreadableRelease(`release.json names ${String(info.name)}, not ${expectedName}`);
  if (info.version !== version)
    throw new UnreadableRelease(`release.json says version ${String(info.version)}, not ${version}`);
  // Without the routes it calls, the contract check could not refuse anything: rebuild it.
  if (typeof info.contract !== 'object' || info.contract === null)
    throw new UnreadableRelease('release.json has no contract (the routes the build calls): rebuild it');
  const release: StoredRelease = {
    name: expectedName,
    version,
    commit: typeof info.commit === 'string' ? info.commit : null,
    files: (info.files as StoredRelease['files'] | undefined) ?? [],
    manifestFiles: [],
    requires: [],
    provides: (info.provides as Record<string, string> | undefined) ?? null,
    contract: info.contract as ContractFingerprint,
    area: (info.area as AreaRoutes | undefined) ?? null,
  };
  if (target === 'shell') return release;

  const manifest = readJson(join(folder, 'mf-manifest.json'), 'mf-manifest.json') as Manifest;
  if (manifest.name !== expectedName)
    throw new UnreadableRelease(`mf-manifest.json names ${String(manifest.name)}, not ${expectedName}`);
  const built = manifest.metaData?.buildInfo?.buildVersion;
  if (built !== version)
    throw new UnreadableRelease(`mf-manifest.json says version ${String(built)}, not ${version}`);
  if (!release.area) throw new UnreadableRelease('release.json has no area (routes and menu)');
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) release.entry = `${entry.path ?? ''}${entry.name}`;
  release.manifestFiles = [
    ...(release.entry ? [release.entry] : []),
    ...(manifest.exposes ?? []).flatMap((expose) => assetFiles(expose.assets)),
    ...(manifest.shared ?? []).flatMap((shared) => assetFiles(shared.assets)),
  ];
  release.requires = (manifest.shared ?? [])
    .filter((shared) => typeof shared.name === 'string')
    .map((shared) => ({ name: shared.name as string, requiredVersion: shared.requiredVersion ?? false }));
  return release;
}

/**
 * Before publish: files of the version that are missing, empty, or not what its build wrote (size and
 * SHA-256 in release.json).
 */
export function buildProblems(releasesDir: string, target: ReleaseTarget, release: StoredRelease): string[] {
  const folder = releaseFolder(releasesDir, target, release.version);
  const built = new Map(release.files.map((file) => [file.path, file]));
  const named = new Set(release.manifestFiles);
  const problems: string[] = [];
  if (target !== 'shell') named.add('mf-manifest.json');
  const hashes = hashFolder(folder);
  for (const path of new Set([...named, ...built.keys()])) {
    const size = statSync(join(folder, path), { throwIfNoEntry: false })?.size;
    const expected = built.get(path);
    if (size === undefined) problems.push(`${path} is missing`);
    else if (size === 0 && named.has(path)) problems.push(`${path} is empty`);
    else if (expected !== undefined && size !== expected.size)
      problems.push(`${path} is ${size} bytes, not the ${expected.size} built`);
    else if (expected?.sha256 && hashes[path] !== expected.sha256)
      problems.push(`${path} differs from its build (SHA-256)`);
  }
  return problems;
}

/**
 * After publish: the files that are missing or changed since the gate recorded them (`changed`: what counts
 * as tampering), and any file its manifest names that was never there (a version forced past the gate).
 */
export function recordedProblems(
  releasesDir: string,
  target: ReleaseTarget,
  release: StoredRelease,
  recorded: FileHashes,
): { problems: string[]; changed: string[] } {
  const folder = releaseFolder(releasesDir, target, release.version);
  const changed = changedFiles(folder, recorded);
  const problems = changed.map((path) =>
    statSync(join(folder, path), { throwIfNoEntry: false })
      ? `${path} has changed since it was published (SHA-256)`
      : `${path} is missing`,
  );
  for (const path of release.manifestFiles) if (!(path in recorded)) problems.push(`${path} is missing`);
  return { problems, changed };
}
