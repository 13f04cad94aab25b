import { vi } from 'vitest';
import type { Registry, RemoteEntry } from '../src/registry/registry.ts';

/** mf_mines as the API lists it, at `version` (its files under /remotes/mf-mines/<version>/). */
export function minesAt(version: string, more: Partial<RemoteEntry> = {}): RemoteEntry {
  return {
    name: 'mf_mines',
    area: 'mines',
    version,
    commit: `commit-${version}`,
    entry: `/remotes/mf-mines/${version}/mf-manifest.json`,
    integrity: {},
    previous: null,
    cohort: null,
    routes: [{ path: '/mines/dashboard', title: 'Mines Dashboard' }],
    menu: [
      {
        key: 'mines',
        label: 'Mines',
        order: 60,
        children: [{ label: 'Dashboard', path: '/mines/dashboard' }],
      },
    ],
    ...more,
  };
}

export const previousOf = (version: string) => ({
  version,
  entry: `/remotes/mf-mines/${version}/mf-manifest.json`,
  integrity: {},
});

export function registryOf(remotes: RemoteEntry[], more: Partial<Registry> = {}): Registry {
  return { revision: remotes.map((r) => `${r.name}@${r.version}`).join(','), shell: null, remotes, ...more };
}

/**
 * Answers the shell's `fetch` of GET {api}/console/registry with what `answer` returns at each call
 * (a registry, or an HTTP status). Returns the fetch spy.
 */
export function serveRegistry(answer: () => Registry | number) {
  const spy = vi.fn(async (_url: string, _init?: RequestInit) => {
    const value = answer();
    if (typeof value === 'number') return new Response('{}', { status: value });
    return new Response(JSON.stringify({ success: true, message: 'OK', data: value }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}
