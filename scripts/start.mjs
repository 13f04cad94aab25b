#!/usr/bin/env node
import { spawn } from 'node:child_process';
// `pnpm start`: builds the shell and every remote, then runs the whole console with demo data, on one
// origin as a deployment does: the API (embedded PGlite unless DATA_DIR/DATABASE_URL say otherwise) on
// :3000, and the console on :3001, whose server proxies /api to it and serves the releases folder
// (DATA_DIR/console-releases): the live shell, and every area under /remotes/<area>/<version>/. Once the
// API answers, each fresh build is published and made live through the release gate
// (`pnpm run deploy all`; the smoke load runs where Chromium is installed). So http://localhost:3001
// and http://127.0.0.1:3001 both work (the XSRF cookie is the console's own). Each remote is also
// served alone on its own port (3002-3005).
// `pnpm dev [remote...]`: the same with live reload (API in watch mode, rsbuild dev servers, the shell's
// proxying /api); naming remotes (e.g. `pnpm dev mines`) runs only those, the others show their
// 'unavailable' fallback.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readAreas } from './areas/manifest.mjs';
import { findChromium } from './release/chromium.mjs';
import { releaseFolder } from './release/publish.mjs';
import { findTarget, releasesDir } from './release/targets.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';

/** The console's server (scripts/serve.mjs): the live shell, /api proxied to the API, and the releases. */
export function consoleServer({ port, apiPort, releases, dist = 'shell/dist' }) {
  return {
    args: [
      ...['scripts/serve.mjs', '--dir', dist, '--port', String(port), '--spa'],
      ...['--proxy', `http://127.0.0.1:${apiPort}`, '--releases', releases],
    ],
    env: { ...process.env, BACKOFFICE_CONFIG: '{"live":true}' },
  };
}

function filesOf(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** A hash of what a build contains (its descriptions aside, which carry the commit). */
export function contentHash(dist) {
  const hash = createHash('sha256');
  for (const file of filesOf(dist).sort()) {
    const path = relative(dist, file);
    if (['release.json', 'mf-manifest.json', 'mf-stats.json'].includes(path)) continue;
    hash.update(path).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 8);
}

/**
 * A local build whose version is already published with other content (the sources changed since that
 * publication) goes live as `<version>-local.<content hash>`: a published version never changes, and
 * the same sources give the same version again. Returns null when the build can be published as it is.
 */
export function localVersionOf(app) {
  const dist = join(root, app, 'dist');
  const info = JSON.parse(readFileSync(join(dist, 'release.json'), 'utf8'));
  const published = join(releaseFolder(findTarget(app), info.version), 'release.json');
  if (
    !existsSync(published) ||
    readFileSync(published, 'utf8') === readFileSync(join(dist, 'release.json'), 'utf8')
  )
    return null;
  return `${String(info.version).replace(/-local\..*$/, '')}-local.${contentHash(dist)}`;
}

/** Runs a command to its end with our terminal (never blocking: the servers' output keeps flowing). */
function runToEnd(command, args, env = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => done(code === 0));
  });
}

/** Builds `apps`, two at a time (2 cores). */
const build = (apps, env = {}) =>
  runToEnd(
    pnpm,
    ['-r', '--workspace-concurrency=2', ...apps.flatMap((dir) => ['--filter', `./${dir}`]), 'run', 'build'],
    env,
  );

/**
 * Makes every build live through the gate (scripts/deploy.mjs), the shell first: as it is, or under its
 * local version (published before, or rebuilt and published now).
 */
async function publishAll(apps) {
  const smoke = findChromium() ? [] : ['--no-smoke'];
  for (const app of apps) {
    const dist = join(root, app, 'dist');
    const local = localVersionOf(app);
    let what = ['--from', dist];
    if (local && existsSync(releaseFolder(findTarget(app), local))) what = [local];
    else if (local) {
      console.log(`${app} changed since its last publication: rebuilding it as ${local}`);
      if (!(await build([app], { MF_BUILD_VERSION: local }))) return false;
    }
    const deploy = ['scripts/deploy.mjs', app, ...what, '--as', 'pnpm start', ...smoke];
    if (!(await runToEnd(process.execPath, deploy))) return false;
  }
  return true;
}

async function waitForApi(port) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

async function main() {
  const dev = process.argv.includes('--dev');
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  // Every area of the manifest (areas.json), on its own port.
  const remotes = readAreas().filter(
    (remote) => wanted.length === 0 || wanted.some((name) => remote.dir.includes(name)),
  );
  const apiPort = Number(process.env.PORT ?? 3000);

  const children = [];
  let stopping = false;
  function run(name, command, args, options = {}) {
    // Own process group: pnpm does not pass SIGTERM on to the API it runs, so the whole group is stopped.
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      ...options,
    });
    const prefix = `[${name}] `;
    const forward = (stream, out) =>
      stream.on('data', (chunk) => {
        for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`${prefix}${line}\n`);
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('exit', (code) => {
      if (code && !stopping) {
        console.error(`${prefix}exited with code ${code}; stopping everything`);
        stop(code);
      }
    });
    children.push(child);
  }
  function stop(code = 0) {
    stopping = true;
    for (const child of children) {
      try {
        if (process.platform === 'win32') child.kill('SIGTERM');
        else process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    setTimeout(() => process.exit(code), 500);
  }
  process.on('SIGINT', () => stop());
  process.on('SIGTERM', () => stop());

  // The releases of this run, beside the API's data (the API and the console's server read the same).
  const releases = releasesDir();
  const apps = ['shell', ...remotes.map((remote) => remote.dir)];
  if (!dev && !(await build(apps))) process.exit(1);

  // Behind the console's proxy the API sees every browser as 127.0.0.1: it takes the client address
  // from X-Forwarded-For, trusted from a loopback peer only.
  run('api', pnpm, ['-C', 'api', dev ? 'dev' : 'start'], {
    env: { ...process.env, TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback' },
  });
  if (dev) {
    run('shell', pnpm, ['-C', 'shell', 'dev']);
    for (const remote of remotes) run(remote.dir, pnpm, ['-C', remote.dir, 'dev']);
  } else {
    const shell = consoleServer({ port: 3001, apiPort, releases });
    run('shell', process.execPath, shell.args, { env: shell.env });
    for (const remote of remotes) {
      run(remote.dir, process.execPath, [
        ...['scripts/serve.mjs', '--dir', `${remote.dir}/dist`],
        ...['--port', String(remote.port)],
      ]);
    }
  }
  const ready = () =>
    console.log(
      `\nBack-office console: http://localhost:3001 (API: http://localhost:3001/api, also on :${apiPort})\n`,
    );
  if (dev) return ready();
  if (!(await waitForApi(apiPort)) || !(await publishAll(apps))) {
    console.error('the builds could not be published: stopping everything');
    return stop(1);
  }
  ready();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
