#!/usr/bin/env node
// `pnpm new-area <id> [--title "Title"]`: a working empty area. Writes mf-<id>/ from
// scripts/new-area/template (package, rsbuild config through defineRemoteConfig, area.json with one
// route and sidebar entry, a page with the shared empty state, a component test, README), its e2e spec,
// the migration that gives it its live row and its role, adds it to areas.json, runs
// `pnpm areas:generate` and `pnpm install`. docs/add-an-area.md says what comes next.
//   --root <dir>   another checkout (the generator's own test)      --no-install   skip pnpm install
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const template = join(here, 'new-area/template');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    title: { type: 'string' },
    root: { type: 'string', default: resolve(here, '..') },
    'no-install': { type: 'boolean', default: false },
  },
});
const root = resolve(values.root);
// The root's own scripts: a --root checkout is generated with its own manifest and generator.
const { ID, namesOf, readAreas } = await import(join(root, 'scripts/areas/manifest.mjs'));

function fail(message) {
  console.error(`new-area: ${message}`);
  process.exit(1);
}

const id = positionals[0];
if (!id) fail('usage: pnpm new-area <id> [--title "Title"]   (e.g. pnpm new-area slots)');
if (!ID.test(id)) fail(`"${id}" is not an area id: lower-case words joined by '-' (e.g. "slots")`);
const areas = readAreas(join(root, 'areas.json'));
const { name, dir } = namesOf(id);
if (id === 'shell' || areas.some((area) => area.id === id)) fail(`"${id}" is an area already`);
if (existsSync(join(root, dir))) fail(`${dir}/ exists already`);

const title =
  values.title ??
  id
    .split('-')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
const component = title.replace(/[^A-Za-z0-9]/g, '');
const port = Math.max(...areas.map((area) => area.port)) + 1;
/** After every other entry of the sidebar. */
const order = Math.max(0, ...areas.map((area) => lastOrder(join(root, area.dir, 'area.json')))) + 10;
// Same packages, same versions as the other remotes, so pnpm installs nothing new.
const donor = JSON.parse(readFileSync(join(root, areas[0].dir, 'package.json'), 'utf8'));
const roles = ['superadmin', ...new Set([...areas.map((area) => area.role), id]), 'auditor', 'ops'];

function lastOrder(areaFile) {
  if (!existsSync(areaFile)) return 0;
  return Math.max(0, ...JSON.parse(readFileSync(areaFile, 'utf8')).menu.map((item) => item.order));
}

const fill = (text) =>
  text
    .replaceAll('__DEPENDENCIES__', JSON.stringify(donor.dependencies, null, 2).replaceAll('\n', '\n  '))
    .replaceAll(
      '__DEV_DEPENDENCIES__',
      JSON.stringify(donor.devDependencies, null, 2).replaceAll('\n', '\n  '),
    )
    .replaceAll('__ROLES__', roles.map((role) => `'${role}'`).join(', '))
    .replaceAll('__COMPONENT__', component)
    .replaceAll('__TITLE__', title)
    .replaceAll('__NAME__', name)
    .replaceAll('__PORT__', String(port))
    .replaceAll('__ORDER__', String(order))
    .replaceAll('__ID__', id);

const written = [];
function write(path, text) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  written.push(path);
}

// The package, from every file of the template but the two that go elsewhere.
const elsewhere = new Set(['e2e.spec.ts.tmpl', 'migration.sql.tmpl']);
for (const file of readdirSync(template, { recursive: true })) {
  if (!file.endsWith('.tmpl') || elsewhere.has(file)) continue;
  write(join(dir, fill(file.slice(0, -'.tmpl'.length))), fill(readFileSync(join(template, file), 'utf8')));
}
const read = (file) => readFileSync(join(template, file), 'utf8');
write(`e2e/tests/${id}.spec.ts`, fill(read('e2e.spec.ts.tmpl')));
const migrations = readdirSync(join(root, 'api/migrations')).filter((file) => /^\d+_.+\.sql$/.test(file));
const next = Math.max(0, ...migrations.map((file) => Number.parseInt(file, 10))) + 1;
write(
  `api/migrations/${String(next).padStart(3, '0')}_area_${id.replaceAll('-', '_')}.sql`,
  fill(read('migration.sql.tmpl')),
);

// The area's e2e specs (what `pnpm test:area <id>` runs).
const specsFile = join(root, 'e2e/area-specs.json');
const specs = JSON.parse(readFileSync(specsFile, 'utf8'));
specs[id] = [`tests/${id}.spec.ts`];
writeFileSync(specsFile, `${JSON.stringify(specs, null, 2)}\n`);
written.push('e2e/area-specs.json');

// The manifest, then everything generated from it.
const manifest = JSON.parse(readFileSync(join(root, 'areas.json'), 'utf8'));
manifest.areas.push({ id, title, name, dir, port, role: id });
writeFileSync(join(root, 'areas.json'), `${JSON.stringify(manifest, null, 2)}\n`);
written.push('areas.json');

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed`);
};
run(process.execPath, [join(root, 'scripts/areas/generate.mjs')]);
// biome's formatting of what was written (JSON and the template's code), so `pnpm lint` passes.
run(join(root, 'node_modules/.bin/biome'), [
  'format',
  '--write',
  ...written.filter((p) => !p.endsWith('.sql')),
]);
if (!values['no-install'])
  run(process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm', ['install', '--prefer-offline']);

console.log(`\nnew-area: ${title} (${id}) is ${dir}/, port ${port}, role "${id}". Wrote:`);
for (const path of written) console.log(`  ${relative(root, join(root, path))}`);
console.log(`Next: pnpm -C ${dir} test; pnpm dev ${id}; see docs/add-an-area.md.`);
