import { apiSuite } from './api.ts';
import { buildSuite } from './build.ts';
import { dashboardSuite } from './dashboard.ts';
import { exportSuite } from './export.ts';
import { faultsSuite } from './faults.ts';
import { firstLoadSuite } from './first-load.ts';
import { memorySuite } from './memory.ts';
import { navigationSuite } from './navigation.ts';
import { pagingSuite } from './paging.ts';
import { releasesSuite } from './releases.ts';
import { rollingRestartSuite } from './rolling-restart.ts';
import type { Suite } from './types.ts';

/**
 * Every suite, in the order `pnpm bench` runs them. A new suite is a file here and a line below.
 * faults runs last: it terminates the database connections of the API the others measure.
 */
export const suites: Suite[] = [
  firstLoadSuite,
  navigationSuite,
  releasesSuite,
  apiSuite,
  dashboardSuite,
  pagingSuite,
  exportSuite,
  memorySuite,
  buildSuite,
  faultsSuite,
  rollingRestartSuite,
];
