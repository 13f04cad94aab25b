// What was published is what runs (docs/operations.md#release-integrity): every file of a release this
// server sends (the shell's and each area's, from the releases folder) is first checked against the SHA-256
// the release gate recorded at publish, which the API serves (GET /api/console/releases/<area>/<version>/files).
// A file that differs is never sent: the answer is an error (a console then falls back to the area's previous
// version), and the API is told to check the version itself (it records and alerts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { readAreas } from '../areas/manifest.mjs';

/** How long a version's record is trusted before it is read again (a version may be pruned and republished). */
const RECORD_MAX_AGE_MS = 60_000;
/** A version the API does not know is asked again after this long. */
const UNKNOWN_MAX_AGE_MS = 5_000;
const TIMEOUT_MS = 1500;
/** A changed file is reported to the API at most this often. */
const REPORT_EVERY_MS = 60_000;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The API's token for the report: OPS_TOKEN, OPS_TOKEN_FILE, or the one in DATA_DIR/ops-token; else none. */
function opsToken() {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN;
  const file = process.env.OPS_TOKEN_FILE ?? join(resolve(process.env.DATA_DIR ?? '.data'), 'ops-token');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/**
 * `apiBases`: the API's base URLs ('http://api:3000/api'), tried in turn. Returns `{ release(file), check(file) }`:
 * `release` names the release a path of the releases folder belongs to (null outside it), `check` answers
 * `{ bytes }` for a file whose bytes are the published ones, `{ refused }` with why not, or null when there
 * is no such file.
 */
export function createIntegrity({ releasesDir, apiBases }) {
  const root = resolve(releasesDir);
  const areaOfDir = new Map([['shell', 'shell'], ...readAreas().map((area) => [area.dir, area.id])]);
  const records = new Map();
  const reported = new Map();

  async function fetchRecord(area, version) {
    for (const base of apiBases) {
      try {
        const response = await fetch(
          `${base}/console/releases/${area}/${encodeURIComponent(version)}/files`,
          {
            signal: AbortSignal.timeout(TIMEOUT_MS),
          },
        );
        if (response.status === 404) return { files: null };
        if (response.ok) return { files: (await response.json()).data.files };
      } catch {
        // this API is away: the next one
      }
    }
    return undefined;
  }

  /** The version's recorded files, { files: null } when it was never published, undefined when nobody says. */
  async function recordOf(area, version) {
    const key = `${area}@${version}`;
    const known = records.get(key);
    const maxAge = known?.files ? RECORD_MAX_AGE_MS : UNKNOWN_MAX_AGE_MS;
    if (known && Date.now() - known.at < maxAge) return known;
    const fresh = await fetchRecord(area, version);
    if (!fresh) return known;
    const record = { ...fresh, at: Date.now() };
    records.set(key, record);
    return record;
  }

  function report(where) {
    const key = `${where.area}@${where.version}/${where.path}`;
    if (Date.now() - (reported.get(key) ?? 0) < REPORT_EVERY_MS) return;
    reported.set(key, Date.now());
    console.error(
      `release file refused: ${where.dir}/${where.version}/${where.path} differs from what was published`,
    );
    const token = opsToken();
    if (!token) return;
    const path = `/admin/releases/${where.area}/${encodeURIComponent(where.version)}/verify`;
    // Best effort: the API's own scan finds it too (RELEASE_INTEGRITY_SCAN_MS).
    Promise.any(
      apiBases.map((base) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'x-ops-token': token },
          signal: AbortSignal.timeout(5000),
        }),
      ),
    ).catch(() => {});
  }

  return {
    release(file) {
      const [dir, version, ...rest] = relative(root, file).split(sep);
      if (!dir || dir.startsWith('..') || !version || rest.length === 0 || !areaOfDir.has(dir)) return null;
      return { dir, area: areaOfDir.get(dir), version, path: rest.join('/') };
    },

    async check(file, where) {
      if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return null;
      const record = await recordOf(where.area, where.version);
      if (!record) return { refused: 'its record could not be read from the API: nothing is sent unchecked' };
      if (!record.files) return { refused: `${where.dir} ${where.version} was never published` };
      const expected = record.files[where.path];
      if (!expected)
        return { refused: `${where.path} is not part of ${where.dir} ${where.version} as published` };
      // The bytes sent are the bytes checked: read once, hashed, then sent.
      const bytes = readFileSync(file);
      if (sha256(bytes) === expected) return { bytes, sha256: expected };
      report(where);
      return { refused: `${where.path} differs from ${where.dir} ${where.version} as published` };
    },
  };
}
