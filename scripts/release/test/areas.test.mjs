// The area manifest (areas.json) is the one list of areas: the files generated from it are current, and
// the files that must spell the areas out (docker-compose.yml, e2e/area-specs.json) agree with it.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { generatedFiles, staleFiles } from '../../areas/generate.mjs';
import { readAreas, repoRoot } from '../../areas/manifest.mjs';

const areas = readAreas();

test('the files generated from areas.json are up to date (pnpm areas:generate)', () => {
  assert.deepEqual(staleFiles(), []);
  const generated = generatedFiles()['shared/src/contract/areas.generated.ts'];
  for (const area of areas)
    assert.match(generated, new RegExp(`id: '${area.id}',\\s+title: [^\\n]+,\\s+name: '${area.name}'`));
});

test('a change of areas.json makes the generated files stale', () => {
  const more = [
    ...areas,
    { id: 'casino', title: 'Casino', name: 'mf_casino', dir: 'mf-casino', port: 3099, role: 'casino' },
  ];
  const files = generatedFiles(more);
  assert.deepEqual(staleFiles(files).sort(), ['shared/src/contract/areas.generated.ts', 'tsconfig.json']);
  assert.match(files['tsconfig.json'], /"path": "mf-casino"/);
});

test('areas.json is checked: names follow the id, ids and ports are unique', () => {
  const dir = mkdtempSync(join(tmpdir(), 'areas-'));
  const write = (list) => {
    writeFileSync(join(dir, 'areas.json'), JSON.stringify({ areas: list }));
    return () => readAreas(join(dir, 'areas.json'));
  };
  try {
    const ok = {
      id: 'casino',
      title: 'Casino',
      name: 'mf_casino',
      dir: 'mf-casino',
      port: 3099,
      role: 'casino',
    };
    assert.equal(write([ok])().length, 1);
    assert.throws(write([{ ...ok, name: 'casino' }]), /name must be "mf_casino"/);
    assert.throws(write([{ ...ok, dir: 'casino' }]), /dir must be "mf-casino"/);
    assert.throws(write([ok, { ...ok }]), /casino is used twice/);
    assert.throws(
      write([ok, { ...ok, id: 'slots', name: 'mf_slots', dir: 'mf-slots' }]),
      /3099 is used twice/,
    );
    assert.throws(write([{ ...ok, id: 'Casino' }]), /lower-case words/);
    assert.throws(write([{ ...ok, title: '' }]), /title is required/);
    assert.throws(write([{ ...ok, id: 'shell', name: 'mf_shell', dir: 'mf-shell' }]), /the console itself/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('docker-compose.yml has one service per area, named, built and served as areas.json says', () => {
  const compose = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
  const services = [...compose.matchAll(/^ {2}(mf-[a-z0-9-]+):\n((?: {4}.*\n|\n)*)/gm)];
  assert.deepEqual(services.map(([, name]) => name).sort(), areas.map((area) => area.dir).sort());
  for (const [, name, body] of services) {
    const area = areas.find((candidate) => candidate.dir === name);
    assert.match(body, new RegExp(`APP: ${name}\\b`), `${name} builds its own folder`);
    assert.match(body, new RegExp(`image: backoffice/${name}:`), `${name}'s image`);
    assert.match(body, new RegExp(`PORT: "${area.port}"`), `${name} serves on ${area.port}`);
  }
});

test('e2e/area-specs.json names the specs of the shell and of every area, and of nothing else', () => {
  const specs = JSON.parse(readFileSync(join(repoRoot, 'e2e/area-specs.json'), 'utf8'));
  const parts = Object.keys(specs).filter((key) => key !== '//');
  assert.deepEqual(parts.sort(), ['shell', ...areas.map((area) => area.id)].sort());
});

test("an app's image carries the manifest its release CLI reads (scripts/areas/manifest.mjs, areas.json)", () => {
  const dockerfile = readFileSync(join(repoRoot, 'docker/web.Dockerfile'), 'utf8');
  assert.match(dockerfile, /cp scripts\/areas\/manifest\.mjs \/out\/scripts\/areas\//);
  assert.match(dockerfile, /cp areas\.json \/out\//);
});
