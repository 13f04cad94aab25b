import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A runtime plugin that makes a remote's load after a failed one ask the server again, not the page
 * (docs/architecture.md#the-runtime-registry). `attemptOf` gives the attempt of a remote registered
 * afresh (runtime.ts), none for a first load.
 *
 * The entry of an attempt is asked for under a query of its own (`?attempt=2`, the same file; the server
 * and the remote's chunk paths ignore it). The console's server preloads the first area's manifest,
 * entry and chunks (scripts/serve/live-shell.mjs), and Chromium answers the next script of a preload that
 * failed with that failure, without a request: under the plain URL the Retry got RUNTIME-008 while the
 * server was back.
 */
export function freshLoadPlugin(
  attemptOf: (remote: string) => number | undefined,
): ModuleFederationRuntimePlugin {
  return {
    name: 'backoffice-fresh-load',
    loadRemoteSnapshot(args) {
      const attempt = attemptOf(args.moduleInfo.name);
      const snapshot = args.remoteSnapshot;
      if (!attempt || !('remoteEntry' in snapshot)) return args;
      const remoteEntry = `${snapshot.remoteEntry}${snapshot.remoteEntry.includes('?') ? '&' : '?'}attempt=${attempt}`;
      return { ...args, remoteSnapshot: { ...snapshot, remoteEntry } };
    },
  };
}
