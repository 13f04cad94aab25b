import { areaManifest, areaRoles, areas } from './areas.generated.ts';

export { areaManifest, areaRoles, areas };
/** An area of the manifest (areas.json; docs/add-an-area.md). */
export type Area = (typeof areas)[number];
export type AreaManifestEntry = (typeof areaManifest)[number];

/**
 * The manifest's entry of an area id ('mines') or federation name ('mf_mines'); undefined for any other:
 * an area missing from areas.json is closed (no role opens it, the shell does not load it).
 */
export function findArea(idOrName: string): AreaManifestEntry | undefined {
  return areaManifest.find((area) => area.id === idOrName || area.name === idOrName);
}

/** The manifest's entry of a known area. */
export function areaEntry(area: Area): AreaManifestEntry {
  const entry = findArea(area);
  if (!entry) throw new Error(`"${area}" is not in areas.json`);
  return entry;
}
