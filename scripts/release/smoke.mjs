// The release gate's smoke load (docs/operations.md#releases): a version of an area is loaded in headless
// Chromium by the smoke host of the shell it will run under (shell/smoke: the shell's own shared modules),
// mounted on one of its routes, and must not fail: no load error, no render error, no uncaught error, no
// redirect away. A shell is checked the same way with each area that is live.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { createStaticHandler } from '../serve/static.mjs';
import { ReleaseError } from './targets.mjs';

const require = createRequire(import.meta.url);

/** Debian's Chromium (CHROMIUM_PATH to use another); null when there is none. */
export function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const path of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (existsSync(path)) return path;
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Headless flags that work as root on this kind of machine, without any network of Chromium's own. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Serves the shell's build at / and each `{ prefix, dir }` below its prefix, on a free local port. */
function serve(shellDir, mounts) {
  const handle = createStaticHandler({ dir: shellDir, spa: false, mounts });
  const server = http.createServer((req, res) => handle(req, res, decodeURIComponent(req.url.split('?')[0])));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Opens one smoke session: `check({ name, entry, route })` answers `{ status, message }`; `close()`.
 * `shellDir` is the shell build whose smoke host is used; `mounts` serve the remotes' files.
 */
export async function openSmoke({ shellDir, mounts }) {
  const executablePath = findChromium();
  if (!executablePath)
    throw new ReleaseError(
      'Chromium is needed for the smoke load (apt-get install -y chromium, or CHROMIUM_PATH); ' +
        'on a machine without it, pass --no-smoke (the release record says it was skipped)',
    );
  if (!existsSync(`${shellDir}/smoke/index.html`))
    throw new ReleaseError(`${shellDir} has no smoke host (smoke/index.html): rebuild the shell`);
  const { chromium } = require('playwright-core');
  const [server, browser] = await Promise.all([
    serve(shellDir, mounts),
    chromium.launch({ executablePath, args: CHROMIUM_ARGS }),
  ]);
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    async check({ name, entry, route }) {
      const page = await browser.newPage();
      try {
        const query = new URLSearchParams({ entry, name, route, settle: '1500' });
        await page.goto(`${origin}/smoke/index.html?${query}`);
        await page.waitForFunction(
          () => window.__SMOKE__?.status && window.__SMOKE__.status !== 'running',
          null,
          {
            timeout: 30_000,
          },
        );
        const smoke = await page.evaluate(() => window.__SMOKE__);
        if (smoke.status === 'pass')
          return { status: 'passed', message: `${name} mounted ${route} in Chromium` };
        const failures = smoke.failures.map((f) => `${f.phase}: ${f.name}: ${f.message}`).join('; ');
        return { status: 'failed', message: `${name} at ${route}: ${failures}`.slice(0, 2000) };
      } catch (error) {
        return {
          status: 'failed',
          message: `${name} at ${route}: ${String(error?.message ?? error)}`.slice(0, 2000),
        };
      } finally {
        await page.close();
      }
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The record of a release made without a smoke load (--no-smoke), where Chromium is absent. */
export function skippedSmoke() {
  if (findChromium())
    throw new ReleaseError(
      '--no-smoke is for machines without Chromium: this one has it, so the smoke load runs',
    );
  return { status: 'skipped', message: '--no-smoke: no Chromium on the machine that published it' };
}
