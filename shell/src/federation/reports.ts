import * as endpoints from '@backoffice/shared/endpoints';
import { type HostHttpClient, isApiError } from '@backoffice/shared/host';
import type { Area } from '@backoffice/shared/permissions';

/**
 * Reports from the field (docs/operations.md#releases): each tab tells the API which version of an area it
 * loaded and which failed, so the Releases screen shows how a version does and the API can roll a fresh one
 * back. Best effort: a report never throws, never shows a toast, never delays the area.
 */

/** The build a report is about. */
export interface ReportedBuild {
  area: Area;
  version: string;
}

/** The API's bounds of a report's texts (its `fieldReportBody`). */
const MAX = { route: 300, message: 1000, stack: 4000 };
/** A broken area can fail on every render: a tab sends at most this many failures a minute. */
const FAILURES_PER_MINUTE = 10;
/** After a 429 the tab keeps quiet for the API's window (60 reports of a kind per admin in 10 minutes). */
const QUIET_AFTER_429_MS = 10 * 60_000;
/** The loads this tab reported already, across reloads (sessionStorage is per tab). */
const LOADS_KEY = 'backoffice.reported-loads';

const reportedFailures = new Set<string>();
let failureTimes: number[] = [];
/** Per kind, as the API's budgets: loads refused never keep a failure from being told. */
const quietUntil = { load: 0, failure: 0 };

function reportedLoads(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(LOADS_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/** The page the admin is on: the route where an area loaded or failed. */
const currentRoute = () => window.location.pathname.slice(0, MAX.route);

function send(
  http: HostHttpClient,
  body: { kind: 'load' | 'failure'; route: string; message?: string; stack?: string } & ReportedBuild,
): Promise<boolean> {
  if (Date.now() < quietUntil[body.kind]) return Promise.resolve(false);
  try {
    return http
      .call(endpoints.consoleReport, { body })
      .then((answer) => answer.data.rolledBack === true)
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 429)
          quietUntil[body.kind] = Date.now() + QUIET_AFTER_429_MS;
        return false;
      });
  } catch {
    return Promise.resolve(false);
  }
}

/** Runs `task` when the browser is idle: a report never competes with the area's first render. */
function whenIdle(task: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 5_000 });
  else setTimeout(task, 1_000);
}

/** An area mounted: reported once per tab for each area and version, when the browser is idle. */
export function reportLoad(http: HostHttpClient, build: ReportedBuild): void {
  const key = `${build.area}@${build.version}`;
  const loads = reportedLoads();
  if (loads.includes(key)) return;
  try {
    sessionStorage.setItem(LOADS_KEY, JSON.stringify([...loads, key]));
  } catch {
    // Storage full or refused: the report goes anyway, perhaps again after a reload.
  }
  const route = currentRoute();
  whenIdle(() => void send(http, { kind: 'load', ...build, route }));
}

/**
 * A version failed (load, mount or later crash): reported once per area, version and message, at most
 * FAILURES_PER_MINUTE a minute. Resolves true when the report made the API roll that version back.
 */
export function reportFailure(http: HostHttpClient, build: ReportedBuild, error: unknown): Promise<boolean> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX.message);
  const key = `${build.area}@${build.version}:${message}`;
  const now = Date.now();
  failureTimes = failureTimes.filter((at) => now - at < 60_000);
  if (reportedFailures.has(key) || failureTimes.length >= FAILURES_PER_MINUTE) return Promise.resolve(false);
  reportedFailures.add(key);
  failureTimes.push(now);
  const stack = error instanceof Error ? error.stack?.slice(0, MAX.stack) : undefined;
  return send(http, {
    kind: 'failure',
    ...build,
    route: currentRoute(),
    message,
    ...(stack ? { stack } : {}),
  });
}
