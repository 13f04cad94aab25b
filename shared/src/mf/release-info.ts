/// <reference types="node" />
// Build-time only (Node): the release.json every build of the shell and of a remote carries beside its
// files. The release gate (the API's modules/releases) reads it before a version may go live.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type ContractFingerprint, calledFingerprint } from '../contract/fingerprint.ts';
import type { AreaRoutes } from '../contract/releases.ts';

export const RELEASE_INFO_FILE = 'release.json';

export interface ReleaseInfo {
  /** The remote's federation name ('mf_mines'), or 'shell'. */
  name: string;
  version: string;
  commit: string;
  /**
   * Every file of the build but release.json, with its size and SHA-256: the gate checks that what is
   * published is what was built, then records the hashes the console's server checks each file against.
   */
  files: { path: string; size: number; sha256: string }[];
  /** The routes of the API contract this build calls, as it was built against them. */
  contract: ContractFingerprint;
  /** A remote's routes and sidebar entries (its area.json). */
  area?: AreaRoutes;
  /** The shell: each shared module it provides to remotes, with its version. */
  provides?: Record<string, string>;
}

/** The commit of this build (GIT_COMMIT where there is no .git, as in the images), '-dirty' with local changes. */
export function gitCommit(): string {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    const commit = execSync('git rev-parse --short=12 HEAD', { encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain -- . ../shared', { encoding: 'utf8' }).trim();
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}

/** The build's version: MF_BUILD_VERSION, else the app's package.json version. */
export function buildVersion(appDir: string): string {
  if (process.env.MF_BUILD_VERSION) return process.env.MF_BUILD_VERSION;
  return JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')).version;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

/** Writes `<distDir>/release.json` for the build just made. */
export function writeReleaseInfo(
  distDir: string,
  info: Omit<ReleaseInfo, 'files' | 'contract' | 'commit'> & { commit?: string },
): ReleaseInfo {
  const paths = listFiles(distDir).filter((path) => relative(distDir, path) !== RELEASE_INFO_FILE);
  const files = paths
    .map((path) => ({
      path: relative(distDir, path).split(sep).join('/'),
      size: statSync(path).size,
      sha256: createHash('sha256').update(readFileSync(path)).digest('hex'),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
  const javascript = paths
    .filter((path) => path.endsWith('.js'))
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
  const release: ReleaseInfo = {
    ...info,
    commit: info.commit ?? gitCommit(),
    files,
    contract: calledFingerprint(javascript),
  };
  writeFileSync(join(distDir, RELEASE_INFO_FILE), `${JSON.stringify(release, null, 2)}\n`);
  return release;
}

const sriOf = (file: string) => `sha256-${createHash('sha256').update(readFileSync(file)).digest('base64')}`;

type ManifestAssets = Record<'js' | 'css', { sync?: string[]; async?: string[] } | undefined> | undefined;
interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string }; integrity?: Record<string, string> };
  exposes?: { assets?: ManifestAssets }[];
  shared?: { assets?: ManifestAssets }[];
}

/**
 * Writes into a remote's mf-manifest.json the subresource integrity of every file it names (its entry,
 * the chunks of what it exposes and of its shared fallbacks): `metaData.integrity`, paths in the build's
 * folder. The console checks the manifest itself against the registry's hash, then these
 * (docs/operations.md#release-integrity). Before release.json, which then records the manifest as it is.
 */
export function writeManifestIntegrity(distDir: string): void {
  const file = join(distDir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const assets = (list: ManifestAssets) =>
    (['js', 'css'] as const).flatMap((kind) => [
      ...(list?.[kind]?.sync ?? []),
      ...(list?.[kind]?.async ?? []),
    ]);
  const entry = manifest.metaData?.remoteEntry;
  const files = [
    ...(entry?.name ? [`${entry.path ?? ''}${entry.name}`] : []),
    ...(manifest.exposes ?? []).flatMap((expose) => assets(expose.assets)),
    ...(manifest.shared ?? []).flatMap((shared) => assets(shared.assets)),
  ];
  manifest.metaData = {
    ...manifest.metaData,
    integrity: Object.fromEntries(
      [...new Set(files)].sort().map((path) => [path, sriOf(join(distDir, path))]),
    ),
  };
  writeFileSync(file, JSON.stringify(manifest));
}

/** Rsbuild plugin: writes release.json after each production build (`info` is computed then). */
export function pluginReleaseInfo(info: () => Omit<ReleaseInfo, 'files' | 'contract' | 'commit'>) {
  return {
    name: 'backoffice:release-info',
    setup(api: {
      context: { distPath: string };
      onAfterBuild(callback: (params: { isFirstCompile: boolean }) => void): void;
    }) {
      api.onAfterBuild(() => {
        writeReleaseInfo(api.context.distPath, info());
      });
    },
  };
}
