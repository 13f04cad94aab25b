/// <reference types="node" />
// Build-time only (Node): the release.json every build of the shell and of a remote carries beside its
// files. The release gate (the API's modules/releases) reads it before a version may go live.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { endpointOf } from '../contract/endpoint-of.ts';
import * as endpoints from '../contract/endpoints.ts';
import { type ContractFingerprint, calledFingerprint } from '../contract/fingerprint.ts';
import type { AreaRoutes } from '../contract/releases.ts';
import { type RouteName, routes } from '../contract/routes.ts';

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
  /**
   * The routes of the API contract this build calls, as it was built against them: the routes' modules
   * (@backoffice/shared/endpoints) its bundler kept, read from its module graph (pluginReleaseInfo).
   */
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

/** What a build's caller gives writeReleaseInfo; `calls` are the routes it calls, by name. */
export type ReleaseInput = Omit<ReleaseInfo, 'files' | 'contract' | 'commit'> & { commit?: string };

/** Writes `<distDir>/release.json` for the build just made, which calls the routes named `calls`. */
export function writeReleaseInfo(
  distDir: string,
  info: ReleaseInput & { calls: readonly string[] },
): ReleaseInfo {
  const { calls, ...rest } = info;
  const files = listFiles(distDir)
    .filter((path) => relative(distDir, path) !== RELEASE_INFO_FILE)
    .map((path) => ({
      path: relative(distDir, path).split(sep).join('/'),
      size: statSync(path).size,
      sha256: createHash('sha256').update(readFileSync(path)).digest('hex'),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
  const release: ReleaseInfo = {
    ...rest,
    commit: info.commit ?? gitCommit(),
    files,
    contract: calledFingerprint(calls),
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

// ---- The routes a build calls, from its bundler's module graph ----

/** endpoints.ts: every route, re-exported from a module of its own (endpoints/<route>.ts). */
export const ENDPOINTS_FILE = fileURLToPath(new URL('../contract/endpoints.ts', import.meta.url));
/** The folder of the routes' modules: a build bundles those it uses, and those are the routes it calls. */
export const ENDPOINTS_DIR = fileURLToPath(new URL('../contract/endpoints/', import.meta.url));

/** The contract of a build cannot be recorded: the build fails with this message. */
export class ContractNotRecorded extends Error {
  constructor(message: string) {
    super(`The build's API contract (release.json) cannot be recorded: ${message}`);
    this.name = 'ContractNotRecorded';
  }
}

/** A module of rspack's stats (`stats.toJson(CONTRACT_STATS)`): modules inside a concatenated one nest. */
export interface StatsModule {
  nameForCondition?: string | null;
  usedExports?: string[] | boolean | null;
  modules?: StatsModule[] | null;
}

/** The stats that say, for every module (concatenated ones too), which of its exports the build uses. */
export const CONTRACT_STATS = {
  all: false,
  modules: true,
  orphanModules: true,
  nestedModules: true,
  usedExports: true,
  modulesSpace: Number.MAX_SAFE_INTEGER,
  nestedModulesSpace: Number.MAX_SAFE_INTEGER,
  groupModulesByType: false,
  groupModulesByPath: false,
  groupModulesByExtension: false,
  groupModulesByAttributes: false,
  groupModulesByLayer: false,
  groupModulesByCacheStatus: false,
} as const;

const real = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

const isSharedPackage = (dir: string) => {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === '@backoffice/shared';
  } catch {
    return false;
  }
};

/**
 * What a module of the stats is to the contract: endpoints.ts, a route's module (endpoints/<route>.ts), of
 * this @backoffice/shared or of another copy of it, or nothing.
 */
function endpointsModule(path: string, barrel: string, dir: string) {
  const file = real(path);
  if (file === barrel) return { kind: 'barrel' as const };
  if (real(dirname(file)) === dir && file.endsWith('.ts'))
    return { kind: 'route' as const, name: basename(file, '.ts') };
  const parts = file.split(sep);
  const at = parts.lastIndexOf('contract');
  const isCopy =
    at >= 2 &&
    parts[at - 1] === 'src' &&
    (parts[at + 1] === 'endpoints.ts' || (parts[at + 1] === 'endpoints' && parts.length === at + 3)) &&
    isSharedPackage(parts.slice(0, at - 1).join(sep));
  return isCopy ? { kind: 'copy' as const } : null;
}

/**
 * The routes a build calls, by name: the routes' modules (endpoints/<route>.ts) that its bundler's module
 * graph has, their export used (the others are not in the bundle). Where the bundler cannot say (an app
 * that uses the endpoints namespace as a whole, `Object.values(endpoints)`, which would bundle every route,
 * or a build without usedExports), or the build bundles another copy of the endpoints, it throws
 * ContractNotRecorded rather than guess.
 */
export function calledEndpoints(
  modules: readonly StatsModule[],
  files: { barrel: string; dir: string } = { barrel: ENDPOINTS_FILE, dir: ENDPOINTS_DIR },
): string[] {
  const barrel = real(files.barrel);
  const dir = real(files.dir);
  const used = new Set<string>();
  const walk = (list: readonly StatsModule[] | null | undefined) => {
    for (const module of list ?? []) {
      walk(module.modules);
      const path = module.nameForCondition;
      const what = path ? endpointsModule(path, barrel, dir) : null;
      if (!what) continue;
      const { usedExports } = module;
      if (what.kind === 'copy')
        throw new ContractNotRecorded(
          `the build bundles ${path}, not the endpoints of ${dirname(barrel)} (two copies of @backoffice/shared?)`,
        );
      if (usedExports === null || usedExports === undefined)
        throw new ContractNotRecorded(
          `the bundler did not say which exports of ${path} the build uses (is rspack's optimization.usedExports off?)`,
        );
      if (what.kind === 'barrel') {
        if (usedExports === true)
          throw new ContractNotRecorded(
            `it uses ${relative(process.cwd(), barrel)} as a whole, which bundles every route: name each route (\`endpoints.usersList\`), never pass the namespace itself around or list its values`,
          );
      } else if (usedExports === true || (Array.isArray(usedExports) && usedExports.includes(what.name))) {
        used.add(what.name);
      }
    }
  };
  walk(modules);
  return [...used].sort();
}

/**
 * Routes whose endpoints.ts entry is not what routes.ts says (a stale endpoints.ts: the build would call
 * one path and record another route), or which the catalogue does not have.
 */
export function endpointsDisagreeing(
  names: readonly string[],
  entries: Record<string, unknown> = endpoints,
): string[] {
  return names.filter((name) => {
    if (!Object.hasOwn(routes, name)) return true;
    const route = routes[name as RouteName];
    return !isDeepStrictEqual(entries[name], endpointOf(name, route));
  });
}

/** The routes a build calls, read from its stats; throws ContractNotRecorded if it cannot be said exactly. */
export function contractOfBuild(stats: { toJson(options: typeof CONTRACT_STATS): unknown }): string[] {
  const json = stats.toJson(CONTRACT_STATS) as {
    modules?: StatsModule[];
    children?: { modules?: StatsModule[] }[];
  };
  const names = calledEndpoints([
    ...(json.modules ?? []),
    ...(json.children ?? []).flatMap((c) => c.modules ?? []),
  ]);
  const stale = endpointsDisagreeing(names);
  if (stale.length)
    throw new ContractNotRecorded(
      `endpoints.ts does not say what routes.ts says of ${stale.join(', ')}: run \`pnpm -C shared gen:endpoints\``,
    );
  return names;
}

/**
 * Rsbuild plugin: writes release.json after each production build (`info` is computed then), with the
 * routes the build calls as its bundler's module graph says (contractOfBuild). A build whose contract
 * cannot be said exactly fails; a failed build gets no release.json (nothing publishes it).
 */
export function pluginReleaseInfo(info: () => ReleaseInput) {
  return {
    name: 'backoffice:release-info',
    setup(api: {
      context: { distPath: string };
      onAfterBuild(
        callback: (params: {
          stats?: Parameters<typeof contractOfBuild>[0] & { hasErrors(): boolean };
        }) => void,
      ): void;
    }) {
      api.onAfterBuild(({ stats }) => {
        if (!stats) throw new ContractNotRecorded('the build has no stats');
        if (stats.hasErrors()) return;
        writeReleaseInfo(api.context.distPath, { ...info(), calls: contractOfBuild(stats) });
      });
    },
  };
}
