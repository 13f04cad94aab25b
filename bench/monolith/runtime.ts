// The monolith floor's stand-in for shell/src/federation/runtime.ts (rsbuild.config.ts): the same
// exports, with each area's './app' module imported into the build instead of loaded through Module
// Federation. Outside the bench's type check (tsconfig.json), as the config beside it: both import the
// shell's and the areas' sources, which their own projects check; the build fails on a broken import.
import * as finance from '../../mf-finance/src/app.tsx';
import * as lottery from '../../mf-lottery/src/app.tsx';
import * as mines from '../../mf-mines/src/app.tsx';
import * as supportUsers from '../../mf-support-users/src/app.tsx';
import type { RemoteAppModule, RemoteBuild } from '../../shell/src/federation/runtime.ts';

export type { RemoteAppModule, RemoteBuild };

const areas: Record<string, RemoteAppModule> = {
  mf_finance: finance,
  mf_lottery: lottery,
  mf_support_users: supportUsers,
  mf_mines: mines,
};

/** As the console's: the area's module once the page's screen is in too. */
export async function loadRemoteApp(remote: RemoteBuild): Promise<RemoteAppModule> {
  const module = areas[remote.name];
  if (!module) throw new Error(`${remote.name} is not in the monolith floor (bench/monolith/runtime.ts)`);
  await module.preload?.(window.location.pathname).catch(() => {});
  loaded.add(remote.name);
  return module;
}

const loaded = new Set<string>();
export const loadedRemoteApp = (remote: RemoteBuild): RemoteAppModule | undefined =>
  loaded.has(remote.name) ? areas[remote.name] : undefined;

export function startLoading(remote: RemoteBuild): void {
  loadRemoteApp(remote).catch(() => {});
}

export async function preloadRemote(remote: RemoteBuild): Promise<void> {
  await areas[remote.name]?.preload?.().catch(() => {});
}
