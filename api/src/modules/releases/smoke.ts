// The release gate's smoke load (docs/operations.md#the-release-gate), run by the API itself so that its
// result is the gate's, not a client's word: Chromium opens the smoke host of the shell a version will run
// under (shell/smoke), which loads the area and renders every route it declares, with real data read from
// this API through a read-only session the gate makes for itself (GET only, minutes long, ended after).
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import type { SmokeResult } from '@backoffice/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ReleasesConfig } from '../../config.ts';
import type { Db } from '../../db/types.ts';
import { endGateSession, insertGateSession } from './repository.ts';

/** How long the gate's session may live: a smoke load takes seconds; it is ended when done. */
const SESSION_MS = 5 * 60_000;
/** Longest a route may take to settle before the smoke host gives its verdict on it. */
const ROUTE_MAX_MS = 16_000;
const MESSAGE_MAX = 2000;

/** Headless flags that work as root on this kind of machine, without any network of Chromium's own. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
};

/** One area to load: its federation name, its manifest's path on the smoke server, and its routes. */
export interface SmokeArea {
  area: string;
  name: string;
  entry: string;
  routes: string[];
}

export interface SmokeDeps {
  config: ReleasesConfig;
  db: Db;
  log: FastifyBaseLogger;
  /** Signs the gate session's token (the API's JWT). */
  sign(payload: { sub: string; jti: string; scope: 'gate'; iat: number; exp: number }): string;
  /** A GET of this API, in-process. */
  get(url: string, headers: Record<string, string>): Promise<{ status: number; type: string; body: string }>;
}

/** The smoke host's verdict on one area (shell/smoke/smoke.tsx). */
interface Verdict {
  status: 'pass' | 'fail';
  routes: { path: string; url: string | null; ok: boolean; error?: string }[];
  failures: { route?: string; phase: string; message: string }[];
}

/** A file of `root` (never outside it), or null. */
function fileIn(root: string, pathname: string): string | null {
  const file = resolve(root, `.${pathname}`);
  if (file !== root && !file.startsWith(root + sep)) return null;
  return statSync(file, { throwIfNoEntry: false })?.isFile() ? file : null;
}

/**
 * Serves the shell's build at /, the releases folder at /remotes and this API at /api through the gate's
 * session (GET only: any other method is refused here, and by the API for that session).
 */
function smokeServer(
  shellDir: string,
  releasesDir: string,
  api: (url: string) => ReturnType<SmokeDeps['get']>,
) {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const send = (status: number, type: string, body: string | Buffer) =>
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (url.startsWith('/api/')) {
      if (req.method !== 'GET') return send(405, 'text/plain', 'The smoke load only reads');
      api(url).then(
        (answer) => send(answer.status, answer.type, answer.body),
        () => send(502, 'text/plain', 'API call failed'),
      );
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.split('?')[0] ?? '/');
    } catch {
      return send(400, 'text/plain', 'Bad request');
    }
    const file = pathname.startsWith('/remotes/')
      ? fileIn(releasesDir, pathname.slice('/remotes'.length))
      : fileIn(shellDir, pathname);
    if (!file) return send(404, 'text/plain', 'Not found');
    send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
  });
  return new Promise<http.Server>((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

const describeRun = (name: string, verdict: Verdict) => {
  const reached = verdict.routes.filter((route) => route.url);
  const unreached = verdict.routes.filter((route) => !route.url).map((route) => route.path);
  if (verdict.status === 'pass')
    return (
      `${name}: ${reached.length} route${reached.length === 1 ? '' : 's'} rendered with real data` +
      (unreached.length ? ` (no link to ${unreached.join(', ')} on its pages)` : '')
    );
  return `${name}: ${verdict.failures.map((f) => `${f.route ?? ''} ${f.phase}: ${f.message}`.trim()).join('; ')}`;
};

const firstLine = (error: unknown) =>
  error instanceof Error ? error.message.split('\n')[0]! : String(error);

/**
 * Loads each area in Chromium under the shell build `shellDir` and renders every route it declares.
 * Passed only when no area failed to load, no route threw (render, effect, error boundary, unhandled
 * rejection) within its settle time, and none navigated away.
 */
export async function runSmoke(
  deps: SmokeDeps,
  run: {
    shellDir: string;
    shellVersion: string | null;
    areas: SmokeArea[];
    /** What is being checked (the gate session's record). */
    target: { area: string; version: string };
    by: string;
  },
): Promise<SmokeResult> {
  const at = new Date().toISOString();
  const base = { shell: run.shellVersion, at };
  const chromium = deps.config.smoke.chromium;
  if (!chromium)
    return { status: 'failed', message: 'no Chromium on the API host to run the smoke load', ...base };
  if (!existsSync(join(run.shellDir, 'smoke/index.html')))
    return {
      status: 'failed',
      message: `${run.shellDir} has no smoke host (smoke/index.html): rebuild the shell`,
      ...base,
    };
  if (run.areas.length === 0)
    return { status: 'passed', message: 'no live area to load', routes: [], ...base };

  const jti = randomUUID();
  const iat = Math.floor(Date.now() / 1000);
  await insertGateSession(deps.db, {
    jti,
    area: run.target.area,
    version: run.target.version,
    requestedBy: run.by,
    expiresAt: new Date((iat + SESSION_MS / 1000) * 1000),
  });
  const token = deps.sign({ sub: '0', jti, scope: 'gate', iat, exp: iat + SESSION_MS / 1000 });
  const server = await smokeServer(run.shellDir, deps.config.dir, (url) =>
    deps.get(url, { authorization: `Bearer ${token}` }),
  );
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { chromium: browserType } = await import('playwright-core');
  const browser = await browserType
    .launch({ executablePath: chromium, args: CHROMIUM_ARGS })
    .catch((error: unknown) => new Error(`Chromium did not start: ${firstLine(error)}`));
  try {
    if (browser instanceof Error) return { status: 'failed', message: browser.message, ...base };
    const verdicts: { name: string; verdict: Verdict }[] = [];
    for (const area of run.areas)
      verdicts.push({ name: area.name, verdict: await loadArea(browser, origin, area, deps) });
    const failed = verdicts.filter(({ verdict }) => verdict.status !== 'pass');
    const shown = failed.length ? failed : verdicts;
    return {
      status: failed.length ? 'failed' : 'passed',
      message: shown
        .map(({ name, verdict }) => describeRun(name, verdict))
        .join('; ')
        .slice(0, MESSAGE_MAX),
      routes: verdicts.flatMap(({ verdict }) => verdict.routes),
      ...base,
    };
  } finally {
    if (!(browser instanceof Error)) await browser.close().catch(() => {});
    await new Promise((done) => server.close(done));
    await endGateSession(deps.db, jti).catch((err: unknown) =>
      deps.log.warn({ err }, 'gate session not ended'),
    );
  }
}

async function loadArea(
  browser: Awaited<ReturnType<typeof import('playwright-core')['chromium']['launch']>>,
  origin: string,
  area: SmokeArea,
  deps: SmokeDeps,
): Promise<Verdict> {
  const page = await browser.newPage();
  try {
    const query = new URLSearchParams({
      entry: area.entry,
      name: area.name,
      area: area.area,
      routes: JSON.stringify(area.routes),
      settle: String(deps.config.smoke.settleMs),
    });
    await page.goto(`${origin}/smoke/index.html?${query}`);
    // Run in the page (this package has no DOM types: the page's global is read as such).
    await page.waitForFunction(
      () => {
        const status = (globalThis as { __SMOKE__?: { status: string } }).__SMOKE__?.status;
        return status !== undefined && status !== 'running';
      },
      null,
      { timeout: 10_000 + area.routes.length * ROUTE_MAX_MS },
    );
    return await page.evaluate(() => (globalThis as unknown as { __SMOKE__: Verdict }).__SMOKE__);
  } catch (error) {
    return { status: 'fail', routes: [], failures: [{ phase: 'load', message: firstLine(error) }] };
  } finally {
    await page.close().catch(() => {});
  }
}
