#!/usr/bin/env node
// `pnpm test`: every check, in stages, each timed when it ends (and all of them at the end), so a slow
// stage shows in the CI log: lint, type check, the packages' own tests (unit and API, one package at a
// time: the API's tests use the database hard), then the end-to-end tests in Chromium. Stops at the
// first stage that fails.
import { spawn } from 'node:child_process';

const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
const stages = [
  ['lint', ['lint']],
  ['type check', ['typecheck']],
  ['unit and API tests', ['-r', '--workspace-concurrency=1', '--filter', '!@backoffice/e2e', 'run', 'test']],
  ['end-to-end tests', ['-C', 'e2e', 'test']],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const times = [];
const started = Date.now();
for (const [name, args] of stages) {
  const begin = Date.now();
  const code = await new Promise((done) => spawn(pnpm, args, { stdio: 'inherit' }).on('exit', done));
  times.push(`${name}: ${seconds(Date.now() - begin)}${code === 0 ? '' : ' (FAILED)'}`);
  console.log(`\n[test] ${times.at(-1)}\n`);
  if (code !== 0) {
    console.log(`[test] stages: ${times.join('; ')}`);
    process.exit(code ?? 1);
  }
}
console.log(`[test] stages: ${times.join('; ')}; all: ${seconds(Date.now() - started)}`);
