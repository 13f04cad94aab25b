#!/usr/bin/env node
// `pnpm test:area <area>`: a team checks its change against what is in production. Runs the area's unit
// tests, then its end-to-end specs (e2e/area-specs.json) on a console made of the area's working tree
// and, for every other part (the shell and the other areas), the version that is live where
// --live-from points (a console's registry URL, default a local `pnpm start` at :3000) with its files
// from --live-releases (that console's releases folder; default DATA_DIR/console-releases). Nothing
// of the other parts' working trees is used.
//   pnpm test:area mines
//   pnpm test:area lottery --live-from https://console.example.com/api/console/registry --live-releases /mnt/releases
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine, run } from './release/cli.mjs';
import { findTarget, ReleaseError, releasesDir, repoRoot } from './release/targets.mjs';

const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';

run('test:area', async () => {
  const { values, positionals } = commandLine({
    'live-from': {
      type: 'string',
      default: `http://127.0.0.1:${process.env.PORT ?? 3000}/api/console/registry`,
    },
    'live-releases': { type: 'string' },
  });
  if (!positionals[0])
    throw new ReleaseError(
      'usage: pnpm test:area <area> [--live-from <registry url>] [--live-releases <dir>]',
    );
  const target = findTarget(positionals[0]);
  const specs = JSON.parse(readFileSync(join(repoRoot, 'e2e/area-specs.json'), 'utf8'))[target.id];

  console.log(`unit tests of ${target.dir} ...`);
  const unit = spawnSync(pnpm, ['-C', target.dir, 'test'], { cwd: repoRoot, stdio: 'inherit' });
  if (unit.status !== 0) throw new ReleaseError(`the unit tests of ${target.dir} failed`);

  console.log(`end-to-end specs of ${target.dir} against the live releases of ${values['live-from']} ...`);
  const e2e = spawnSync(pnpm, ['-C', 'e2e', 'exec', 'playwright', 'test', ...specs], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_AREA: target.id,
      E2E_LIVE_FROM: values['live-from'],
      E2E_LIVE_RELEASES: values['live-releases'] ?? releasesDir(),
    },
  });
  if (e2e.status !== 0) throw new ReleaseError(`the end-to-end specs of ${target.dir} failed`);
});
