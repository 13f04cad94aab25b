// Putting a build into the releases folder: atomically, once per version, never over another build.
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const work = mkdtempSync(join(tmpdir(), 'release-publish-'));
process.env.RELEASES_DIR = join(work, 'releases');
const { copyIntoReleases, releaseFolder } = await import('../publish.mjs');
const { findTarget, checkVersion, ReleaseError } = await import('../targets.mjs');
after(() => rmSync(work, { recursive: true, force: true }));

function build(name, commit) {
  const dir = join(work, name);
  mkdirSync(join(dir, 'static'), { recursive: true });
  writeFileSync(join(dir, 'static/app.js'), `// ${commit}\n`);
  writeFileSync(join(dir, 'release.json'), JSON.stringify({ name: 'mf_mines', version: '1.0.0', commit }));
  return dir;
}

/** The versions the API knows (a publish that went through). */
const published = new Set(['1.0.0']);

test('a build is copied whole under <area folder>/<version>, and the same build again is fine', () => {
  const mines = findTarget('mines');
  assert.equal(copyIntoReleases(mines, '1.0.0', build('first', 'abc'), published), true);
  assert.equal(readFileSync(join(releaseFolder(mines, '1.0.0'), 'static/app.js'), 'utf8'), '// abc\n');
  assert.equal(copyIntoReleases(mines, '1.0.0', build('again', 'abc'), published), false);
  // No temporary folder is left beside it.
  assert.deepEqual(readdirSync(join(process.env.RELEASES_DIR, 'mf-mines')), ['1.0.0']);
});

test('another build under a published version is refused before any file is touched', () => {
  const mines = findTarget('mf_mines');
  assert.throws(
    () => copyIntoReleases(mines, '1.0.0', build('other', 'def'), published),
    (error) => {
      assert.ok(error instanceof ReleaseError);
      assert.match(
        error.message,
        /mf-mines 1\.0\.0 is already published \(commit abc\) and this build \(commit def\) differs/,
      );
      return true;
    },
  );
  assert.equal(readFileSync(join(releaseFolder(mines, '1.0.0'), 'static/app.js'), 'utf8'), '// abc\n');
});

test("a folder of a version the API never published (a refusal's leftover) gives way to the new build", () => {
  const mines = findTarget('mines');
  assert.equal(copyIntoReleases(mines, '2.0.0', build('refused', 'bad')), true);
  // Refused: the API has no 2.0.0. The fixed build of the same version goes in.
  assert.equal(copyIntoReleases(mines, '2.0.0', build('fixed', 'good'), published), true);
  assert.equal(readFileSync(join(releaseFolder(mines, '2.0.0'), 'static/app.js'), 'utf8'), '// good\n');
});

test('areas and versions', () => {
  assert.deepEqual(findTarget('support_users'), {
    id: 'support-users',
    dir: 'mf-support-users',
    name: 'mf_support_users',
  });
  assert.deepEqual(findTarget('shell'), { id: 'shell', dir: 'shell', name: 'shell' });
  assert.throws(() => findTarget('casino'), /unknown area "casino"; the areas are: shell, lottery/);
  for (const bad of ['../etc', '1..2', '', 'a/b']) assert.throws(() => checkVersion(bad), /is not a version/);
  assert.equal(checkVersion('1.4.0-local.ab12+x'), '1.4.0-local.ab12+x');
  assert.equal(existsSync(join(work, 'releases')), true);
});
