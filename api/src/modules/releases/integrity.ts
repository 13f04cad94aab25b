// What was published is what runs (docs/operations.md#release-integrity): the SHA-256 of every file of a
// version, recorded by the gate at publish, and the check of a version's folder against that record.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Path in the version's folder ('static/js/app.1a2b.js') -> SHA-256, hex. */
export type FileHashes = Record<string, string>;

/**
 * Digests by file and by what the file system says of it. A write changes the ctime, which no tool can
 * set back (touch sets the mtime only), so a file rewritten in place, same size and mtime, is hashed again.
 */
const digests = new Map<string, { stamp: string; sha256: string }>();

function sha256Of(file: string): string | null {
  const stat = statSync(file, { throwIfNoEntry: false, bigint: true });
  if (!stat?.isFile()) return null;
  const stamp = `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
  const known = digests.get(file);
  if (known?.stamp === stamp) return known.sha256;
  const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
  digests.set(file, { stamp, sha256 });
  return sha256;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

/** Every file of a version's folder with its digest (what the gate records at publish). */
export function hashFolder(folder: string): FileHashes {
  const hashes: FileHashes = {};
  for (const file of filesUnder(folder).sort()) {
    const sha256 = sha256Of(file);
    if (sha256) hashes[relative(folder, file).split(sep).join('/')] = sha256;
  }
  return hashes;
}

/** The recorded files that are missing or whose bytes changed since (a file added since is never served). */
export function changedFiles(folder: string, recorded: FileHashes): string[] {
  return Object.entries(recorded)
    .filter(([path, sha256]) => sha256Of(join(folder, path)) !== sha256)
    .map(([path]) => path);
}

/** A hex SHA-256 as subresource integrity ('sha256-<base64>'). */
export const sri = (sha256: string) => `sha256-${Buffer.from(sha256, 'hex').toString('base64')}`;
