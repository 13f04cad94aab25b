#!/usr/bin/env node
// `pnpm start`: builds the shell and every remote, then runs the whole console with demo data:
// the API (embedded PGlite unless DATABASE_URL is set) and each built app on its own port, each one
// served alone as in production.
// `pnpm dev [remote...]`: the same with live reload (API in watch mode, rsbuild dev servers); naming
// remotes (e.g. `pnpm dev mines`) runs only those, the others show their 'unavailable' fallback.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dev = process.argv.includes('--dev');
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));

const remotes = readdirSync(root)
  .filter((dir) => dir.startsWith('mf-'))
  .map((dir) => ({ dir, ...JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).backoffice }))
  .filter(
    (remote) => remote.port && (wanted.length === 0 || wanted.some((name) => remote.dir.includes(name))),
  );

const children = [];
function run(name, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
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

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());

const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
if (!dev) {
  const filters = ['./shell', ...remotes.map((remote) => `./${remote.dir}`)].flatMap((dir) => [
    '--filter',
    dir,
  ]);
  const build = spawnSync(pnpm, ['-r', ...filters, 'run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

run('api', pnpm, ['-C', 'api', dev ? 'dev' : 'start']);
if (dev) {
  run('shell', pnpm, ['-C', 'shell', 'dev']);
  for (const remote of remotes) run(remote.dir, pnpm, ['-C', remote.dir, 'dev']);
} else {
  run('shell', process.execPath, ['scripts/serve.mjs', '--dir', 'shell/dist', '--port', '3001', '--spa']);
  for (const remote of remotes) {
    run(remote.dir, process.execPath, [
      'scripts/serve.mjs',
      '--dir',
      `${remote.dir}/dist`,
      '--port',
      String(remote.port),
    ]);
  }
}
console.log(`\nBack-office console: http://localhost:3001   API: http://localhost:3000/api\n`);
