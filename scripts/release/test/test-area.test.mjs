// `pnpm test:area <area>`: what it runs for each part must exist, and a wrong area is refused at once.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, TARGETS } from '../targets.mjs';

test('every part of the console has end-to-end specs of its own, and they exist', () => {
  const specs = JSON.parse(readFileSync(join(repoRoot, 'e2e/area-specs.json'), 'utf8'));
  for (const target of TARGETS) {
    assert.ok(specs[target]?.length > 0, `${target} has specs`);
    for (const spec of specs[target]) assert.ok(existsSync(join(repoRoot, 'e2e', spec)), spec);
  }
  // A spec belongs to one part: a team's run is its own.
  const all = TARGETS.flatMap((target) => specs[target]);
  assert.equal(new Set(all).size, all.length);
});

test('an unknown area is refused with the list of areas, before anything runs', () => {
  const run = spawnSync(process.execPath, ['scripts/test-area.mjs', 'casino'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  assert.equal(run.status, 1);
  assert.match(
    run.stderr,
    /unknown area "casino"; the areas are: shell, lottery, finance, support-users, mines/,
  );
});
