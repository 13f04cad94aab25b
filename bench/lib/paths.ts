import { fileURLToPath } from 'node:url';

/** bench/ */
export const benchDir = fileURLToPath(new URL('..', import.meta.url));
/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** Where each run's machine-readable results go (gitignored). */
export const resultsDir = fileURLToPath(new URL('../results', import.meta.url));
/** Copies of the built apps being measured (gitignored). */
export const snapshotsDir = fileURLToPath(new URL('../.snapshots', import.meta.url));
