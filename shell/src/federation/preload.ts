import { rolesGrant } from '@backoffice/shared/permissions';
import { areaOf } from '../auth/access.ts';
import type { Registry } from '../registry/registry.ts';
import { preloadRemote, type RemoteBuild } from './runtime.ts';

/** What the browser tells of a metered or slow connection (Chromium's Network Information API). */
type Connection = { saveData?: boolean; effectiveType?: string };

const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(run, { timeout: 2000 })
    : setTimeout(run, 0);

/**
 * Once a signed-in page has been open `afterMs` (its own loads done), the other areas the admin may open
 * load in the background, one after the other when the browser is idle: their code downloaded and run,
 * not rendered. Entering one of them then takes what a page within an area takes, not a remote's first
 * load (docs/performance.md). Only areas this page has not loaded; each its live version; RemoteArea takes
 * the load, and a failure waits for the admin to enter the area, where its fallback handles it.
 * Not on a connection that asks to save data or is slow. Returns a function that stops what has not
 * started yet.
 */
export function preloadAreas(
  registry: () => Registry | null,
  roles: () => readonly string[],
  afterMs: number,
): () => void {
  const connection = (navigator as { connection?: Connection }).connection;
  if (afterMs <= 0 || connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? ''))
    return () => {};
  let stopped = false;
  const next = (queue: RemoteBuild[]) => {
    const remote = queue.shift();
    if (stopped || !remote) return;
    whenIdle(() => {
      if (!stopped) void preloadRemote(remote).then(() => next(queue));
    });
  };
  const timer = setTimeout(() => {
    const current = registry();
    if (!current) return;
    const own = roles();
    next(
      current.remotes.filter((remote) => {
        const area = areaOf(remote);
        return area !== null && rolesGrant(own, `${area}:read`);
      }),
    );
  }, afterMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
