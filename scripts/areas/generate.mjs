#!/usr/bin/env node
// `pnpm areas:generate`: writes the files that list the areas from areas.json (the manifest).
// `--check` (part of `pnpm lint`) writes nothing and fails when a generated file is stale.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAreas, repoRoot } from './manifest.mjs';

const header =
  '// Generated from areas.json by `pnpm areas:generate` (scripts/areas): do not edit by hand.\n';

/** Biome's formatting of `text` as `path` would have it, so a generated file passes `pnpm lint`. */
function formatted(path, text) {
  const biome = join(repoRoot, 'node_modules/.bin/biome');
  const result = spawnSync(biome, ['format', `--stdin-file-path=${path}`], { input: text, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`biome could not format ${path}:\n${result.stderr}`);
  return result.stdout;
}

/** A TypeScript string literal of `text`, in single quotes. */
const quoted = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** Each generated file, by its path from the repo root, with what it must contain. */
export function generatedFiles(areas = readAreas()) {
  const entries = areas.map(
    ({ id, title, name, dir, port, role }) =>
      `{ id: '${id}', title: ${quoted(title)}, name: '${name}', dir: '${dir}', port: ${port}, role: '${role}' },`,
  );
  const manifestTs = `${header}
/**
 * The console's areas (areas.json): id (also the area's permission prefix, '<id>:read'), its name as
 * admins read it, its remote's federation name, its package folder, its dev server's port, and the role
 * that opens it.
 */
export const areaManifest = [
${entries.join('\n')}
] as const;

/** The area ids, in the manifest's order. */
export const areas = [${areas.map(({ id }) => `'${id}'`).join(', ')}] as const;

/** The roles that open an area (an admin's roles besides superadmin, auditor and ops). */
export const areaRoles = [${[...new Set(areas.map(({ role }) => `'${role}'`))].join(', ')}] as const;
`;
  const tsconfig = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8'));
  const dirs = ['shared', 'api', 'shell', ...areas.map(({ dir }) => dir), 'e2e', 'bench'];
  tsconfig.references = dirs.map((path) => ({ path }));
  return {
    'shared/src/contract/areas.generated.ts': formatted('areas.generated.ts', manifestTs),
    'tsconfig.json': formatted('tsconfig.json', JSON.stringify(tsconfig)),
  };
}

/** The generated files whose content differs from what areas.json makes of them. */
export function staleFiles(files = generatedFiles()) {
  return Object.entries(files)
    .filter(([path, text]) => {
      try {
        return readFileSync(join(repoRoot, path), 'utf8') !== text;
      } catch {
        return true;
      }
    })
    .map(([path]) => path);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = generatedFiles();
  const stale = staleFiles(files);
  if (process.argv.includes('--check')) {
    if (stale.length > 0) {
      console.error(`Stale after a change of areas.json: ${stale.join(', ')}. Run: pnpm areas:generate`);
      process.exit(1);
    }
  } else {
    for (const path of stale) writeFileSync(join(repoRoot, path), files[path]);
    console.log(stale.length ? `areas: wrote ${stale.join(', ')}` : 'areas: up to date');
  }
}
