// The area manifest (areas.json at the repo root): read and checked here for every Node script (start,
// release CLI, generators). TypeScript reads the generated shared/src/contract/areas.generated.ts.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const manifestFile = join(repoRoot, 'areas.json');

export const ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** 'support-users' -> { name: 'mf_support_users', dir: 'mf-support-users' }: the names an area id implies. */
export const namesOf = (id) => ({ name: `mf_${id.replaceAll('-', '_')}`, dir: `mf-${id}` });

/** Every area of areas.json, checked: ids, names, folders and ports are unique and well formed. */
export function readAreas(file = manifestFile) {
  const { areas } = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(areas)) throw new Error(`${file}: "areas" must be a list`);
  const seen = new Set();
  for (const area of areas) {
    const where = `${file}: area ${JSON.stringify(area.id)}`;
    if (!ID.test(area.id ?? '')) throw new Error(`${where}: the id must be lower-case words joined by '-'`);
    if (area.id === 'shell') throw new Error(`${where}: 'shell' is the console itself`);
    const { name, dir } = namesOf(area.id);
    if (area.name !== name) throw new Error(`${where}: name must be "${name}"`);
    if (area.dir !== dir) throw new Error(`${where}: dir must be "${dir}"`);
    if (!Number.isInteger(area.port) || area.port < 1024) throw new Error(`${where}: port must be a number`);
    if (typeof area.role !== 'string' || !area.role) throw new Error(`${where}: role is required`);
    if (typeof area.title !== 'string' || !area.title) throw new Error(`${where}: title is required`);
    for (const key of [area.id, area.port])
      if (seen.has(key)) throw new Error(`${where}: ${key} is used twice`);
      else seen.add(key);
  }
  return areas;
}
