import { apiSuite } from './api.ts';
import { exportSuite } from './export.ts';
import { faultsSuite } from './faults.ts';
import { firstLoadSuite } from './first-load.ts';
import { releasesSuite } from './releases.ts';
import type { Suite } from './types.ts';

/**
 * Every suite, in the order `pnpm bench` runs them. A new suite is a file here and a line below.
 * faults runs last: it terminates the database connections of the API the others measure.
 */
export const suites: Suite[] = [firstLoadSuite, releasesSuite, apiSuite, exportSuite, faultsSuite];
