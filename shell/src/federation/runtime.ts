import type { RemoteAppProps } from '@backoffice/shared/host';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteEntry } from '../registry/registry.ts';
import { providedModules } from './provided.ts';

export type RemoteAppModule = { default: ComponentType<RemoteAppProps> };

/** 'antd/es/table' -> 'antd', 'react/jsx-runtime' -> 'react', '@backoffice/shared/host' -> '@backoffice/shared'. */
export function packageOf(shareName: string): string {
  const parts = shareName.split('/');
  return shareName.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? shareName);
}

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
const registered = new Set<string>();

// The federation runtime is downloaded with the first remote area, not with the sign-in page.
// Remotes are built with `experiments.externalRuntime`: instead of carrying their own copy of the
// runtime core (~18 KB gzip each), they use the one the shell puts on the global object.
function getFederation(): Promise<ModuleFederation> {
  federation ??= Promise.all([
    import('@module-federation/enhanced/runtime'),
    import('@module-federation/runtime-core'),
  ]).then(([{ createInstance }, runtimeCore]) => {
    const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
    global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
    return createInstance({ name: 'shell', remotes: [], shared: sharedFromShell() });
  });
  return federation;
}

/**
 * Loads a remote's './app'. `retry` re-registers the remote first, which drops the runtime's cached
 * manifest and entry, so a remote that came back up loads without a page reload.
 */
export async function loadRemoteApp(remote: RemoteEntry, retry = false): Promise<RemoteAppModule> {
  const mf = await getFederation();
  if (retry || !registered.has(remote.name)) {
    // A registry entry may be a path on the console's own origin ('/remotes/mf-mines/1.0.0/...').
    const entry = new URL(remote.entry, document.baseURI).href;
    mf.registerRemotes([{ name: remote.name, entry }], { force: registered.has(remote.name) });
    registered.add(remote.name);
  }
  const module = await mf.loadRemote<RemoteAppModule>(`${remote.name}/app`);
  if (!module?.default) throw new Error(`${remote.name} did not expose an app`);
  return module;
}
