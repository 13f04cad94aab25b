import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions } from '@playwright/test';
import type { BenchContext } from '../suites/types.ts';
import { apps, remoteDirs } from './apps.ts';
import type { BenchConsole } from './console.ts';
import { snapshotsDir } from './paths.ts';

/** What the API says is live (GET /api/console/registry), as far as the bench needs it. */
export interface LiveRegistry {
  shell: { version: string } | null;
  remotes: { name: string; area: string; version: string }[];
}

export async function liveRegistry(api: BenchConsole): Promise<LiveRegistry> {
  const answer = await fetch(`${api.apiOrigin}/api/console/registry`);
  if (!answer.ok) throw new Error(`GET /api/console/registry: HTTP ${answer.status}`);
  return ((await answer.json()) as { data: LiveRegistry }).data;
}

/** A release command that must succeed (its output in the error otherwise). */
export async function mustRelease(api: BenchConsole, command: 'deploy' | 'rollback', args: string[]) {
  const result = await api.release(command, args);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.output}`);
  return result;
}

export interface ServedConsole {
  origin: string;
  /** How long each part's first publish through the gate took (its smoke load of every route included). */
  publishMs: Record<string, number>;
  /** The file a path of the console's origin is served from (the live shell's, or a release's). */
  fileOf(pathname: string): string;
}

let served: Promise<ServedConsole> | undefined;
let monolith: Promise<ServedConsole> | undefined;

/** The console's server settings: no background loading of other areas (see serveConsole). */
const consoleEnv = { BACKOFFICE_CONFIG: JSON.stringify({ live: true, preloadAreasMs: 0 }) };

/**
 * The signed-in console as production serves it (docs/operations.md#releases): the snapshot builds of the
 * shell and of every remote published through the release gate (scripts/deploy.mjs, smoke load included) into
 * the API's releases folder, and `serve.mjs --spa --proxy <api> --releases <dir>`: the live shell, every
 * area under /remotes/<area folder>/<version>/ on the same origin, the registry inlined in index.html.
 * Once per run.
 */
export function serveConsole(bench: BenchContext): Promise<ServedConsole> {
  served ??= (async () => {
    const api = await bench.console();
    apps.console ??= {
      ...apps.shell!,
      name: 'console',
      // No background loading of other areas: a load and a navigation are measured as they come
      // (the navigation suite turns it on for its own step, see preloadedAreas).
      env: consoleEnv,
      proxy: api.apiOrigin,
      releases: api.releasesDir,
    };
    // The shell first: the areas' smoke loads run under the live shell. One at a time (2 cores).
    const publishMs: Record<string, number> = {};
    for (const app of ['console', ...Object.values(remoteDirs)]) {
      const dir = await bench.snapshot(app);
      const part = app === 'console' ? 'shell' : app;
      const { ms } = await mustRelease(api, 'deploy', [part, '--from', dir, '--reason', 'bench']);
      publishMs[part] = ms;
      bench.log(`published ${part} through the release gate (${(ms / 1000).toFixed(1)} s)`);
    }
    const shell = (await liveRegistry(api)).shell;
    if (!shell) throw new Error('no shell is live after publishing it');
    const origin = await bench.serve('console');
    return {
      origin,
      publishMs,
      fileOf: (pathname) =>
        pathname.startsWith('/remotes/')
          ? join(api.releasesDir, pathname.slice('/remotes/'.length))
          : join(api.releasesDir, 'shell', shell.version, pathname),
    };
  })();
  return served;
}

/** A signed-in admin's browser state on `origin` (the session in localStorage, as after sign-in). */
export async function signedInState(bench: BenchContext, origin: string): Promise<BrowserContextOptions> {
  const { token, user } = await bench.console();
  return {
    storageState: {
      cookies: [],
      origins: [
        {
          origin,
          localStorage: [
            { name: 'auth_token', value: token },
            { name: 'user', value: JSON.stringify(user) },
          ],
        },
      ],
    },
  };
}

/**
 * The monolith floor (bench/monolith) served as the console is, on the same API: its build in a releases
 * folder of its own as the live shell's version, so the server writes the registry and the layout's and
 * the area route's preload links (its preload.json) into its index.html as it does for the console. No
 * area is published there: the areas are in its own build. Once per run.
 */
export function serveMonolith(bench: BenchContext): Promise<ServedConsole> {
  monolith ??= (async () => {
    const api = await bench.console();
    await serveConsole(bench);
    const shell = (await liveRegistry(api)).shell!;
    const releases = join(snapshotsDir, 'monolith-releases');
    const live = join(releases, 'shell', shell.version);
    rmSync(releases, { recursive: true, force: true });
    cpSync(await bench.snapshot('monolith'), live, { recursive: true });
    apps['monolith-console'] ??= {
      ...apps.monolith!,
      name: 'monolith-console',
      env: consoleEnv,
      proxy: api.apiOrigin,
      releases,
      // Its build is no release the API recorded: the console's server checks nothing there.
      unchecked: true,
    };
    const origin = await bench.serve('monolith-console');
    return { origin, publishMs: {}, fileOf: (pathname) => join(live, pathname) };
  })();
  return monolith;
}
