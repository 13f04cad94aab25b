// The release gate's smoke host (docs/operations.md#the-release-gate), run by the API in Chromium:
// /smoke/?entry=<manifest url>&name=mf_mines&area=mines&routes=["/mines/dashboard"] loads `<name>/app` with
// the shared modules this shell provides (sharedFromShell: the same versions as the console), and renders
// every route, each until it settles, with the shell's own HTTP client against the API the smoke server
// proxies (real data, through the gate's read-only session). A route with a parameter is reached through
// a link to it on the area's other pages. Any error (render, effect, an error boundary, an unhandled
// rejection) or a route the app navigates away from fails it. The verdict is on window.__SMOKE__.
import { type Area, areaEntry } from '@backoffice/shared/contract';
import type { HostContext, HostHttpClient } from '@backoffice/shared/host';
import { createInstance } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import { Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';
import { sharedFromShell } from '../src/federation/runtime.ts';
import { createAxios, createHttpClient } from '../src/http/client.ts';
import '../src/app/base.css';

type Failure = { route?: string; phase: string; message: string };
type RouteResult = { path: string; url: string | null; ok: boolean; error?: string };
type Smoke = { status: 'running' | 'pass' | 'fail'; routes: RouteResult[]; failures: Failure[]; ms?: number };

const smoke: Smoke = { status: 'running', routes: [], failures: [] };
(window as unknown as { __SMOKE__: Smoke }).__SMOKE__ = smoke;
const params = new URLSearchParams(location.search);
const SETTLE_MS = Number(params.get('settle') ?? 500);
/** A route still loading after this long is judged as it stands (a busy machine renders slowly). */
const ROUTE_MAX_MS = 15_000;
const started = performance.now();

let current: string | undefined;
const messageOf = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));
const fail = (phase: string, e: unknown) =>
  smoke.failures.push({ route: current, phase, message: messageOf(e) });
function finish() {
  if (smoke.status !== 'running') return;
  smoke.ms = Math.round(performance.now() - started);
  smoke.status = smoke.failures.length ? 'fail' : 'pass';
  document.title = `smoke ${smoke.status}`;
}

window.addEventListener('error', (event) => fail('uncaught', event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => fail('unhandled rejection', event.reason));

/** The calls in flight: a route has settled once none has been for SETTLE_MS. */
let inFlight = 0;
let lastActivity = performance.now();
function tracked(http: HostHttpClient): HostHttpClient {
  const track =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A) => {
      inFlight++;
      lastActivity = performance.now();
      return call(...args).finally(() => {
        inFlight--;
        lastActivity = performance.now();
      });
    };
  return {
    get: track(http.get),
    post: track(http.post),
    put: track(http.put),
    patch: track(http.patch),
    delete: track(http.delete),
    call: track(http.call),
    download: track(http.download),
  } as HostHttpClient;
}

/**
 * Once the route has rendered (a navigation is a transition: the page before stays until the new one's
 * code is in) and its calls have been quiet for SETTLE_MS.
 */
async function settled(url: string) {
  const begun = performance.now();
  await new Promise((done) => setTimeout(done, 50));
  while (performance.now() - begun < ROUTE_MAX_MS) {
    if (pathname === url && inFlight === 0 && performance.now() - lastActivity >= SETTLE_MS) return;
    await new Promise((done) => setTimeout(done, 50));
  }
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p data-smoke-error>{String(this.state.error)}</p> : this.props.children;
  }
}

let navigateTo: NavigateFunction | null = null;
let pathname = '';
function Driver() {
  navigateTo = useNavigate();
  const now = useLocation().pathname;
  // A route's calls start in effects after it renders: the quiet time counts from its render too.
  if (now !== pathname) lastActivity = performance.now();
  pathname = now;
  return null;
}

/** '/users/:id' -> a path of a link on the pages seen so far that matches it. */
function sampleFor(pattern: string, seen: Set<string>): string | null {
  const match = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
  return [...seen].find((path) => match.test(path)) ?? null;
}

function linksOnPage(seen: Set<string>) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]'))
    seen.add(new URL(link.href).pathname);
}

async function main() {
  const entry = params.get('entry');
  const name = params.get('name');
  const area = params.get('area') as Area | null;
  const routes = JSON.parse(params.get('routes') ?? '[]') as string[];
  if (!entry || !name || !area || routes.length === 0)
    throw new Error('?entry=, ?name=, ?area= and ?routes= are required');

  // What the remote says it is; a manifest of another remote fails here (the runtime would load it under
  // the requested name without complaint). An unreachable manifest is left to the runtime's error.
  const manifest = await fetch(entry)
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  if (manifest && manifest.name !== name)
    throw new Error(`the manifest is ${manifest.name}'s, not ${name}'s`);

  // As the shell does (src/federation/runtime.ts): remotes use the host's runtime core.
  const g = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
  g._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  const mf = createInstance({ name: 'smoke_host', remotes: [], shared: sharedFromShell() });
  mf.registerRemotes([{ name, entry: new URL(entry, location.href).href }]);
  const module = await mf.loadRemote<{
    default?: (props: { host: HostContext }) => ReactNode;
    preload?: (pathname?: string) => Promise<unknown>;
  }>(`${name}/app`);
  const App = module?.default;
  if (!module || typeof App !== 'function') throw new Error(`${name}/app has no default export component`);

  const http = tracked(
    createHttpClient(
      createAxios({
        baseURL: '/api',
        // The smoke server adds the gate's session to every call; the page never holds it.
        getToken: () => null,
        onUnauthorized: () => fail('session', 'an API call was refused as signed out'),
        onMaintenance: () => fail('maintenance', 'the API answered 503 (maintenance)'),
      }),
    ),
  );
  const silent = () => 0;
  const host: HostContext = {
    http,
    notify: {
      success: silent,
      error: silent,
      info: silent,
      warning: silent,
      loading: silent,
      dismiss: () => {},
    },
    // As the area's own team sees it (its write pages render); the API session itself only reads.
    admin: { id: 0, email: 'release-gate', name: 'Release gate', roles: [areaEntry(area).role] },
    config: { apiBaseUrl: '/api', assetsUrl: '/', appUrl: location.origin, live: false },
    signOut: () => fail('session', 'the area signed the admin out'),
    navigate: (to, options) => navigateTo?.(to, options),
  };

  const direct = routes.filter((route) => !route.includes(':'));
  const withParams = routes.filter((route) => route.includes(':'));
  const first = direct[0] ?? '/';
  await module.preload?.(first).catch((e: unknown) => fail('load', e));
  current = first;
  createRoot(document.getElementById('root')!, {
    onUncaughtError: (e) => fail('render', e),
    onCaughtError: (e) => fail('error boundary', e),
  }).render(
    <Boundary>
      <MemoryRouter initialEntries={[first]}>
        <Driver />
        <App host={host} />
      </MemoryRouter>
    </Boundary>,
  );

  const seen = new Set<string>();
  for (const path of [...direct, ...withParams]) {
    const url = path.includes(':') ? sampleFor(path, seen) : path;
    if (!url) {
      smoke.routes.push({ path, url: null, ok: true });
      continue;
    }
    const before = smoke.failures.length;
    const from = pathname;
    current = path;
    await module.preload?.(url).catch((e: unknown) => fail('load', e));
    if (pathname !== url) navigateTo?.(url);
    await settled(url);
    if (pathname === from && from !== url)
      fail('route', `${url} did not render within ${ROUTE_MAX_MS / 1000} s (still showing ${from})`);
    else if (pathname !== url)
      fail('route', `the app navigated from ${url} to ${pathname} (route not handled?)`);
    linksOnPage(seen);
    const failures = smoke.failures.slice(before);
    smoke.routes.push({
      path,
      url,
      ok: failures.length === 0,
      ...(failures.length ? { error: failures.map((f) => `${f.phase}: ${f.message}`).join('; ') } : {}),
    });
  }
  finish();
}

main().catch((e: unknown) => {
  fail('load', e);
  finish();
});
