// Whether this machine has Chromium for the release gate's smoke load, which the API runs
// (api/src/modules/releases/smoke.ts): `pnpm start` publishes with --no-smoke where it has none.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Chromium (CHROMIUM_PATH to use another); null when there is none. */
export function findChromium() {
  if (process.env.CHROMIUM_PATH === 'none') return null;
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const path of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (existsSync(path)) return path;
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}
