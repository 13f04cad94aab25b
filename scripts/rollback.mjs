#!/usr/bin/env node
// `pnpm rollback <area> <version>`: points one area of the runtime registry at a version that is
// already published in RELEASES_DIR. Builds nothing and leaves every other area's entry as it is;
// the next load of that area in any open console gets that version.
//   pnpm rollback mines 1.0.0
// RELEASES_DIR (default releases/) and REMOTES_REGISTRY (default RELEASES_DIR/remotes.json).
import { findArea, ReleaseError, switchTo, versionsOf } from './release.mjs';

const [input, version] = process.argv.slice(2).filter((arg) => arg !== '--');
try {
  if (!input || !version) {
    const area = input ? findArea(input) : null;
    const available = area ? ` Available for ${area.dir}: ${versionsOf(area).join(', ') || 'none'}` : '';
    throw new ReleaseError(`usage: pnpm rollback <area> <version>.${available}`);
  }
  const area = findArea(input);
  const { previous, entry } = switchTo(area, version);
  console.log(`${area.dir}: ${previous} -> ${entry}`);
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`rollback: ${error.message}`);
  process.exit(1);
}
