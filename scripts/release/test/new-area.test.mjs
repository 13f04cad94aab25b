// `pnpm new-area <id>` makes a working empty area: run on a copy of the workspace's sources (its
// dependencies linked from this checkout, nothing installed), the new package type-checks, its
// component test passes and it builds into a remote of its own name; the manifest lists it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readAreas, repoRoot } from '../../areas/manifest.mjs';

const work = mkdtempSync(join(tmpdir(), 'new-area-'));
after(() => rmSync(work, { recursive: true, force: true }));

/**
 * The sources new-area reads and the new package builds against; node_modules as links into this checkout.
 */
function copyWorkspace() {
  const areas = readAreas();
  const paths = [
    ...[
      'areas.json',
      'package.json',
      'tsconfig.json',
      'tsconfig.base.json',
      'biome.json',
      '.gitignore',
      'lint',
    ],
    ...['scripts/areas', 'scripts/new-area', 'scripts/new-area.mjs', 'api/migrations', 'e2e/area-specs.json'],
    'shared',
    ...areas.flatMap((area) => [`${area.dir}/package.json`, `${area.dir}/area.json`]),
  ];
  const skip = /[\\/](node_modules|dist)([\\/]|$)/;
  for (const path of paths)
    cpSync(join(repoRoot, path), join(work, path), { recursive: true, filter: (from) => !skip.test(from) });
  symlinkSync(join(repoRoot, 'node_modules'), join(work, 'node_modules'));
  // pnpm's links in a package's node_modules are relative: copied, they resolve through the link above.
  const links = (from, to) =>
    cpSync(join(repoRoot, from, 'node_modules'), join(work, to, 'node_modules'), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (source) => !/[\\/]node_modules[\\/]\.(tsc|cache|vite|vite-temp|federation)$/.test(source),
    });
  links('shared', 'shared');
  return links;
}

const run = (command, args, cwd = work) => {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  assert.equal(result.status, 0, `${command} ${args.join(' ')}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
};

test('pnpm new-area example: a package that type-checks, passes its test and builds; the manifest lists it', {
  timeout: 120_000,
}, () => {
  const links = copyWorkspace();
  const donor = readAreas()[0].dir;
  run(process.execPath, [join(repoRoot, 'scripts/new-area.mjs'), 'example', '--root', work, '--no-install']);
  links(donor, 'mf-example');

  const areas = readAreas(join(work, 'areas.json'));
  assert.deepEqual(areas.at(-1), {
    id: 'example',
    title: 'Example',
    name: 'mf_example',
    dir: 'mf-example',
    port: Math.max(...readAreas().map((area) => area.port)) + 1,
    role: 'example',
  });
  assert.match(readFileSync(join(work, 'shared/src/contract/areas.generated.ts'), 'utf8'), /'example'/);
  assert.match(readFileSync(join(work, 'tsconfig.json'), 'utf8'), /"path": "mf-example"/);
  assert.deepEqual(JSON.parse(readFileSync(join(work, 'e2e/area-specs.json'), 'utf8')).example, [
    'tests/example.spec.ts',
  ]);
  const area = JSON.parse(readFileSync(join(work, 'mf-example/area.json'), 'utf8'));
  assert.deepEqual(area.routes, [{ path: '/example', title: 'Example' }]);
  assert.equal(area.menu[0].label, 'Example');

  const bin = (name) => join(repoRoot, 'node_modules/.bin', name);
  const app = join(work, 'mf-example');
  run(bin('biome'), ['check', 'mf-example', 'areas.json', 'e2e/area-specs.json']);
  run(bin('tsc'), ['-b', 'mf-example']);
  assert.match(run(bin('vitest'), ['run'], app), /1 passed/);
  run(join(app, 'node_modules/.bin/rsbuild'), ['build'], app);
  const manifest = JSON.parse(readFileSync(join(app, 'dist/mf-manifest.json'), 'utf8'));
  assert.equal(manifest.name, 'mf_example');
  assert.deepEqual(
    manifest.exposes.map((exposed) => exposed.name),
    ['app'],
  );
  const release = JSON.parse(readFileSync(join(app, 'dist/release.json'), 'utf8'));
  assert.deepEqual(release.area, area);
  assert.ok(existsSync(join(work, 'e2e/tests/example.spec.ts')));
});
