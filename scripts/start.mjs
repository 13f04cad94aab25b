#!/usr/bin/env node
// `pnpm start`: builds the shell and every remote, then runs the whole console with demo data, on one
// origin as a deployment does: the API (embedded PGlite unless DATABASE_URL is set) on :3000, and the
// console on :3001, whose server proxies /api to it and serves each remote's build, published as a
// release (scripts/deploy.mjs) in DATA_DIR/console-releases, under /remotes/<area>/<version>/. So
// http://localhost:3001 and http://127.0.0.1:3001 both work (the XSRF cookie is the console's own).
// Each remote is also served alone on its own port (3002-3005).
// `pnpm dev [remote...]`: the same with live reload (API in watch mode, rsbuild dev servers, the shell's
// proxying /api); naming remotes (e.g. `pnpm dev mines`) runs only those, the others show their
// 'unavailable' fallback.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Publishes each build ({ dir: 'mf-mines', dist }) into `releases` (emptied first: a rebuilt remote
 * keeps its version) with scripts/deploy.mjs, which points `releases`/remotes.json at it.
 * Returns the registry file, or null when a publication failed.
 */
export function publishBuilds(builds, releases) {
  const registry = join(releases, 'remotes.json');
  rmSync(releases, { recursive: true, force: true });
  for (const build of builds) {
    const publish = spawnSync(process.execPath, ['scripts/deploy.mjs', build.dir, '--from', build.dist], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, RELEASES_DIR: releases, REMOTES_REGISTRY: registry },
    });
    if (publish.status !== 0) return null;
  }
  return registry;
}

/** The console's server (scripts/serve.mjs): the shell, /api proxied to the API, and the releases. */
export function consoleServer({ port, apiPort, releases, registry, dist = 'shell/dist' }) {
  return {
    args: [
      ...['scripts/serve.mjs', '--dir', dist, '--port', String(port), '--spa'],
      ...['--proxy', `http://127.0.0.1:${apiPort}`, '--mount', `/remotes=${releases}`],
    ],
    env: { ...process.env, BACKOFFICE_CONFIG: '{"live":true}', REMOTES_REGISTRY: registry },
  };
}

function main() {
  const dev = process.argv.includes('--dev');
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const remotes = readdirSync(root)
    .filter((dir) => dir.startsWith('mf-'))
    .map((dir) => ({ dir, ...JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).backoffice }))
    .filter(
      (remote) => remote.port && (wanted.length === 0 || wanted.some((name) => remote.dir.includes(name))),
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

  const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
  let registry;
  // The releases of this run, beside the API's data.
  const releases = resolve(process.env.DATA_DIR ?? join(root, '.data'), 'console-releases');
  if (!dev) {
    const filters = ['./shell', ...remotes.map((remote) => `./${remote.dir}`)].flatMap((dir) => [
      '--filter',
      dir,
    ]);
    const build = spawnSync(pnpm, ['-r', ...filters, 'run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
    registry = publishBuilds(
      remotes.map((remote) => ({ dir: remote.dir, dist: join(root, remote.dir, 'dist') })),
      releases,
    );
    if (!registry) process.exit(1);
  }

  // Behind the console's proxy the API sees every browser as 127.0.0.1: it takes the client address
  // from X-Forwarded-For, trusted from a loopback peer only.
  run('api', pnpm, ['-C', 'api', dev ? 'dev' : 'start'], {
    env: { ...process.env, TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback' },
  });
  if (dev) {
    run('shell', pnpm, ['-C', 'shell', 'dev']);
    for (const remote of remotes) run(remote.dir, pnpm, ['-C', remote.dir, 'dev']);
  } else {
    const shell = consoleServer({ port: 3001, apiPort, releases, registry });
    run('shell', process.execPath, shell.args, { env: shell.env });
    for (const remote of remotes) {
      run(remote.dir, process.execPath, [
        ...['scripts/serve.mjs', '--dir', `${remote.dir}/dist`],
        ...['--port', String(remote.port)],
      ]);
    }
  }
  console.log(
    `\nBack-office console: http://localhost:3001 (API: http://localhost:3001/api, also on :${apiPort})\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
