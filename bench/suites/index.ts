import { apiSuite } from './api.ts';
import { firstLoadSuite } from './first-load.ts';
import type { Suite } from './types.ts';

/** Every suite, in the order `pnpm bench` runs them. A new suite is a file here and a line below. */
export const suites: Suite[] = [firstLoadSuite, apiSuite];
