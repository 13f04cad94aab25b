#!/usr/bin/env node
// `pnpm test`: every check, in stages, each timed when it ends (and all of them at the end), so a slow
// stage shows in the CI log: lint, type check, the API's tests, the packages' unit tests (two packages at
// a time), then the end-to-end tests in Chromium. Stops at the first stage that fails.
//
// Two Node versions without twice the time: every API test runs on both, at the same time, on
// PostgreSQL with the machine's Node and on PGlite with Node 24 (the two projects the API's vitest runs
// side by side anyway; with no PostgreSQL server, on PGlite with both); the shared unit tests (the API
// runs that code too) run on both. The shell's run on one: it is browser code. The end-to-end tests run
// as two shards side by side, each with its own API, database and console.
import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';
import { nodeLtsBinDir } from './node-lts.mjs';

const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
const onNodeLts = () => ({ PATH: `${nodeLtsBinDir()}${delimiter}${process.env.PATH}`, TEST_PG: '0' });
const e2eShard = (shard) => ({ E2E_SHARD: String(shard), E2E_SKIP_BUILD: '1' });
/** Two packages at a time: each vitest has one worker on this 2-core machine. */
const packages = (...dirs) => ['-r', '--workspace-concurrency=2', ...dirs.flatMap((d) => ['--filter', d])];

/** A stage: one or more commands (run side by side, their lines prefixed with their names). */
const stages = [
  [
    'lint and type check',
    [
      { name: 'lint', args: ['lint'] },
      { name: 'types', args: ['typecheck'] },
    ],
  ],
  // The shared unit tests on Node 24 fill the core the PostgreSQL project leaves while it waits on the server.
  [
    'API tests (PostgreSQL on this Node, PGlite on Node 24), shared unit tests on Node 24',
    [
      { name: 'node20', args: ['-C', 'api', 'test'], env: () => ({ TEST_PGLITE: '0' }) },
      { name: 'node24', args: ['-C', 'api', 'test'], env: onNodeLts },
      { name: 'shared-node24', args: ['-C', 'shared', 'test'], env: onNodeLts },
    ],
  ],
  ['unit tests', [{ args: [...packages('!@backoffice/e2e', '!@backoffice/api'), 'run', 'test'] }]],
  ['build the console', [{ args: ['build'] }]],
  // Two shards side by side (e2e/shards.ts), each with its own servers, on the builds above.
  [
    'end-to-end tests',
    [1, 2].map((shard) => ({
      name: `e2e-${shard}`,
      args: ['-C', 'e2e', 'test'],
      env: () => e2eShard(shard),
    })),
  ],
];

/** Runs `pnpm <args>`; with a name, each line of its output is prefixed by it. Resolves with its exit code. */
function run({ name, args, env }) {
  const child = spawn(pnpm, args, {
    stdio: name ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env?.() },
  });
  if (name)
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.setEncoding('utf8');
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) to.write(`[${name}] ${line}\n`);
      });
      from.on('end', () => rest && to.write(`[${name}] ${rest}\n`));
    }
  return new Promise((done) => child.on('exit', (code) => done(code ?? 1)));
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const times = [];
const started = Date.now();
for (const [name, commands] of stages) {
  const begin = Date.now();
  const codes = await Promise.all(commands.map(run));
  const code = codes.find((c) => c !== 0) ?? 0;
  times.push(`${name}: ${seconds(Date.now() - begin)}${code === 0 ? '' : ' (FAILED)'}`);
  console.log(`\n[test] ${times.at(-1)}\n`);
  if (code !== 0) {
    console.log(`[test] stages: ${times.join('; ')}`);
    process.exit(code);
  }
}
console.log(`[test] stages: ${times.join('; ')}; all: ${seconds(Date.now() - started)}`);
