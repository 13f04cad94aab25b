// The release gate's smoke host (docs/operations.md#releases): /smoke/?entry=<manifest
// url>&name=mf_mines&route=/mines/dashboard Loads `<name>/app` with the shared modules this shell provides
// (sharedFromShell: the same versions as the console), renders it in a MemoryRouter at `route` with a stub
// HostContext whose every call fails, and publishes the verdict on window.__SMOKE__ for
// scripts/release/smoke.mjs to read in Chromium.
import { testHostContext } from '@backoffice/shared/host/testing';
import { createInstance } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import { Component, type ReactNode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { sharedFromShell } from '../src/federation/runtime.ts';
import '../src/app/base.css';

type Phase = 'config' | 'load' | 'export' | 'render' | 'window-error' | 'route' | 'timeout';
type Failure = { phase: Phase; name: string; message: string };
type Smoke = {
  status: 'running' | 'pass' | 'fail';
  entry?: string;
  name?: string;
  route?: string;
  build?: unknown;
  failures: Failure[];
  finalPath?: string;
  ms?: number;
};

const started = performance.now();
const smoke: Smoke = { status: 'running', failures: [] };
(window as unknown as { __SMOKE__: Smoke }).__SMOKE__ = smoke;
const SETTLE_MS = Number(new URLSearchParams(location.search).get('settle') ?? 2000);

const describe = (e: unknown) =>
  e instanceof Error ? { name: e.name, message: e.message } : { name: typeof e, message: String(e) };
const fail = (phase: Phase, e: unknown) => {
  smoke.failures.push({ phase, ...describe(e) });
};
function finish() {
  if (smoke.status !== 'running') return;
  smoke.ms = Math.round(performance.now() - started);
  smoke.status = smoke.failures.length ? 'fail' : 'pass';
  document.title = `smoke ${smoke.status}`;
  console.log(`[smoke] ${smoke.status}`, JSON.stringify(smoke));
}

// Anything thrown later (an effect, a lazy chunk, a timer, a rejected promise) counts too.
window.addEventListener('error', (event) => fail('window-error', event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => fail('window-error', event.reason));

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    fail('render', error);
  }
  override render() {
    return this.state.error ? <p data-smoke-error>{String(this.state.error)}</p> : this.props.children;
  }
}

function LocationSpy() {
  smoke.finalPath = useLocation().pathname;
  return null;
}

async function main() {
  const params = new URLSearchParams(location.search);
  const entry = params.get('entry');
  const name = params.get('name');
  const route = params.get('route') ?? '/';
  if (!entry || !name) throw Object.assign(new Error('?entry= and ?name= are required'), { phase: 'config' });
  Object.assign(smoke, { entry: new URL(entry, location.href).href, name, route });

  // What the remote says it is; a manifest of another remote fails here (the runtime would load it
  // under the requested name without complaint). An unreachable manifest is left to the runtime's error.
  const manifest = await fetch(smoke.entry!)
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  smoke.build = manifest?.metaData?.buildInfo ?? null;
  if (manifest && manifest.name !== name)
    throw Object.assign(new Error(`the manifest is ${manifest.name}'s, not ${name}'s`), { phase: 'config' });

  // As the shell does (src/federation/runtime.ts): remotes use the host's runtime core.
  const g = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
  g._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  const mf = createInstance({ name: 'smoke_host', remotes: [], shared: sharedFromShell() });
  mf.registerRemotes([{ name, entry: smoke.entry! }]);

  let module: { default?: unknown };
  try {
    module = (await mf.loadRemote<{ default?: unknown }>(`${name}/app`)) ?? {};
  } catch (e) {
    fail('load', e); // manifest/entry/chunk fetch, shared-version refusal, or the module throwing at import
    return finish();
  }
  const App = module.default as ((props: { host: unknown }) => ReactNode) | undefined;
  if (typeof App !== 'function') {
    fail('export', new Error(`${name}/app has no default export component`));
    return finish();
  }

  const host = testHostContext(); // every HTTP call rejects with ApiError('No test route ...')
  const root = createRoot(document.getElementById('root')!, {
    onUncaughtError: (e) => fail('render', e),
  });
  root.render(
    <Boundary>
      <Suspense fallback={<p>loading…</p>}>
        <MemoryRouter initialEntries={[route]}>
          <LocationSpy />
          <App host={host} />
        </MemoryRouter>
      </Suspense>
    </Boundary>,
  );
  setTimeout(() => {
    if (smoke.finalPath !== route)
      fail('route', new Error(`the app navigated from ${route} to ${smoke.finalPath} (route not handled?)`));
    finish();
  }, SETTLE_MS);
}

main().catch((e) => {
  fail((e as { phase?: Phase }).phase ?? 'load', e);
  finish();
});
setTimeout(() => {
  if (smoke.status === 'running') {
    fail('timeout', new Error('no verdict within 20 s'));
    finish();
  }
}, 20_000);
