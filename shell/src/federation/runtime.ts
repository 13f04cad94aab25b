import type { RemoteAppProps } from '@backoffice/shared/host';
import { packageOf } from '@backoffice/shared/mf';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { freshLoadPlugin } from './fresh-load.ts';
import { expectIntegrity, integrityPlugin } from './integrity.ts';
import { providedModules } from './provided.ts';

export type RemoteAppModule = {
  default: ComponentType<RemoteAppProps>;
  /**
   * Loads the area's screens ahead (preloadScreens of @backoffice/shared/ui): those of `pathname`'s route,
   * or all of them; areas without lazy screens have none.
   */
  preload?: (pathname?: string) => Promise<unknown>;
};

/** Everything the shell provides to remotes, at the versions it was built with. */
export function sharedFromShell() {
  return Object.fromEntries(
    Object.entries(providedModules).map(([name, load]) => {
      const version = __SHARED_VERSIONS__[packageOf(name)] ?? '1.0.0';
      return [
        name,
        {
          version,
          scope: 'default',
          get: async () => {
            const module = await load();
            return () => module;
          },
          shareConfig: { singleton: true, requiredVersion: false as const },
        },
      ];
    }),
  );
}

let federation: Promise<ModuleFederation> | null = null;
/** The entry each remote name is registered with: the runtime holds one per name. */
const registered = new Map<string, string>();

// The federation runtime is downloaded with the first remote area, not with the sign-in page.
// Remotes are built with `experiments.externalRuntime`: instead of carrying their own copy of the
// runtime core (~18 KB gzip each), they use the one the shell puts on the global object.
function getFederation(): Promise<ModuleFederation> {
  if (federation) return federation;
  const load = Promise.all([
    import(/* webpackChunkName: "federation" */ '@module-federation/enhanced/runtime'),
    import(/* webpackChunkName: "federation" */ '@module-federation/runtime-core'),
  ]).then(([{ createInstance }, runtimeCore]) => {
    const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
    global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
    return createInstance({
      name: 'shell',
      remotes: [],
      shared: sharedFromShell(),
      plugins: [freshLoadPlugin((name) => afreshAttempts.get(name)), integrityPlugin()],
    });
  });
  // Its chunk failed to download: the next load asks again rather than meeting this failure.
  load.catch(() => {
    if (federation === load) federation = null;
  });
  federation = load;
  return load;
}

/**
 * Which build of a remote to load: its federation name, the URL of that build's mf-manifest.json, and the
 * integrity of the files it starts with (the registry's, from the hashes recorded at publish).
 */
export interface RemoteBuild {
  name: string;
  entry: string;
  integrity?: Record<string, string> | undefined;
}

/**
 * Loads a remote's './app' from `remote.entry`. Another entry than the one registered for the name
 * (another version: a deploy, a rollback, a fallback or a preview), `retry`, or a load after a failed
 * one re-registers it with `force`, which drops the runtime's cached manifest, entry and modules of that
 * name: the new version loads without a page reload (each version has its own chunk-loading global, so
 * their chunks do not mix), and a remote that came back up loads again, its entry under a URL of its
 * own (fresh-load.ts).
 */
export function loadRemoteApp(remote: RemoteBuild, retry = false): Promise<RemoteAppModule> {
  const early = started.get(remote.entry);
  started.delete(remote.entry);
  return early && !retry ? early : loadNow(remote, retry);
}

/** Loads started before anyone asked (startLoading), by entry: the first loadRemoteApp takes its own. */
const started = new Map<string, Promise<RemoteAppModule>>();

/**
 * Starts loading an area before its route renders: the page's first area, as soon as the shell's first
 * chunks run, so the federation runtime, the area's manifest, entry and chunks download (and its code
 * runs) while the layout's chunks do, not after the layout has rendered. RemoteArea's loadRemoteApp
 * then gets this load; a failure there goes through its usual fallback.
 */
export function startLoading(remote: RemoteBuild): void {
  if (started.has(remote.entry)) return;
  const load = loadNow(remote, false);
  // Nobody may ever ask (the admin went elsewhere): an unobserved failure is no error.
  load.catch(() => {});
  started.set(remote.entry, load);
}

/** The build of each remote loaded in this page: RemoteArea renders it at once instead of suspending. */
const loaded = new Map<string, { entry: string; module: RemoteAppModule }>();
export const loadedRemoteApp = (remote: RemoteBuild): RemoteAppModule | undefined => {
  const build = loaded.get(remote.name);
  return build?.entry === remote.entry ? build.module : undefined;
};

/**
 * Loads an area and its screens for later (preload.ts), unless another version of it is in this page
 * (a fallback or a preview on screen). Settles once done, never rejects.
 */
export async function preloadRemote(remote: RemoteBuild): Promise<void> {
  const current = registered.get(remote.name);
  if (current !== undefined && current !== absoluteEntry(remote)) return;
  let module = loadedRemoteApp(remote);
  try {
    if (!module) {
      startLoading(remote);
      module = await started.get(remote.entry)!;
    }
  } catch {
    // A remote down for a moment: entering the area later loads it afresh (loadNow), as a Retry does.
    started.delete(remote.entry);
    return;
  }
  // A screen that failed is asked for again when it is shown (lazyScreen keeps no failure).
  await module.preload?.().catch(() => {});
}

/**
 * Remotes whose last load failed: their next load (entering the area again, or a background load)
 * registers them again and asks the server afresh, as a Retry does, rather than meeting this failure.
 */
const loadAfresh = new Set<string>();
/** The attempt of each remote registered afresh: fresh-load.ts puts it on its entry's URL. */
const afreshAttempts = new Map<string, number>();
let attempts = 0;

/** A registry entry may be a path on the console's own origin ('/remotes/mf-mines/1.0.0/...'). */
const absoluteEntry = (remote: RemoteBuild) => new URL(remote.entry, document.baseURI).href;

async function loadNow(remote: RemoteBuild, retry: boolean): Promise<RemoteAppModule> {
  const mf = await getFederation();
  const entry = absoluteEntry(remote);
  expectIntegrity(entry, remote.integrity);
  const current = registered.get(remote.name);
  const afresh = loadAfresh.delete(remote.name) || retry;
  if (afresh || current !== entry) {
    if (afresh) afreshAttempts.set(remote.name, ++attempts);
    else afreshAttempts.delete(remote.name);
    mf.registerRemotes([{ name: remote.name, entry }], { force: current !== undefined });
    loaded.delete(remote.name);
    registered.set(remote.name, entry);
  }
  const module = await mf.loadRemote<RemoteAppModule>(`${remote.name}/app`).catch((error: unknown) => {
    loadAfresh.add(remote.name);
    throw error;
  });
  if (!module?.default) throw new Error(`${remote.name} did not expose an app`);
  loaded.set(remote.name, { entry: remote.entry, module });
  // The page's screen now, not once the area has rendered: its first render then shows the screen
  // instead of a second fallback. A screen that failed is asked for again when it renders.
  await module.preload?.(window.location.pathname).catch(() => {});
  return module;
}
