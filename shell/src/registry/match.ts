import { matchPath } from 'react-router-dom';
import type { Registry, RemoteEntry } from './registry.ts';

export interface RemoteMatch {
  remote: RemoteEntry;
  title: string;
}

/** The remote that owns a pathname, and the tab title of that path. */
export function findRemote(registry: Registry, pathname: string): RemoteMatch | null {
  for (const remote of registry.remotes) {
    for (const route of remote.routes) {
      if (matchPath({ path: route.path, end: true }, pathname)) return { remote, title: route.title };
    }
  }
  return null;
}
