#!/usr/bin/env node
// `pnpm test`: every check, in stages, each timed when it ends (and all of them at the end), so a slow
// stage shows in the CI log: lint, type check, the packages' own tests (unit and API, one package at a
// time: the API's tests use the database hard), the same on the current Node LTS, then the end-to-end
// tests in Chromium. Stops at the first stage that fails.
//
// Two Node versions without twice the time: every API test runs on both, on PostgreSQL with the
// machine's Node and on PGlite with Node 24 (with no PostgreSQL server, on PGlite with both); the
// shared and shell unit tests run on both too.
import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';
import { nodeLtsBinDir } from './node-lts.mjs';

const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
const onNodeLts = () => ({ PATH: `${nodeLtsBinDir()}${delimiter}${process.env.PATH}`, TEST_PG: '0' });
const stages = [
  ['lint', ['lint']],
  ['type check', ['typecheck']],
  [
    'unit and API tests',
    ['-r', '--workspace-concurrency=1', '--filter', '!@backoffice/e2e', 'run', 'test'],
    () => ({ TEST_PGLITE: '0' }),
  ],
  [
    'unit and API tests on Node 24',
    [
      '-r',
      '--workspace-concurrency=1',
      ...['api', 'shared', 'shell'].flatMap((p) => ['--filter', `./${p}`]),
      'run',
      'test',
    ],
    onNodeLts,
  ],
  ['end-to-end tests', ['-C', 'e2e', 'test']],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const times = [];
const started = Date.now();
for (const [name, args, env] of stages) {
  const begin = Date.now();
  const code = await new Promise((done) =>
    spawn(pnpm, args, { stdio: 'inherit', env: { ...process.env, ...env?.() } }).on('exit', done),
  );
  times.push(`${name}: ${seconds(Date.now() - begin)}${code === 0 ? '' : ' (FAILED)'}`);
  console.log(`\n[test] ${times.at(-1)}\n`);
  if (code !== 0) {
    console.log(`[test] stages: ${times.join('; ')}`);
    process.exit(code ?? 1);
  }
}
console.log(`[test] stages: ${times.join('; ')}; all: ${seconds(Date.now() - started)}`);
