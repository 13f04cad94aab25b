import { defineConfig, devices } from '@playwright/test';
import { firstShardFiles } from './shards.ts';
import { chromiumLaunch, shard, shellOrigin } from './support/config.ts';

const ci = Boolean(process.env.CI);
/** With E2E_SHARD (1 or 2), one of the two shards of e2e/shards.ts; without, every test. */
const suffix = shard ? `-${shard}` : '';
const consoleFiles = shard === '1' ? { testMatch: firstShardFiles } : {};
const notConsole = ['tests/ingress.spec.ts', ...(shard === '2' ? firstShardFiles : [])];

// One worker: the machine has 2 cores and also runs the API, the console and Chromium; and two tests
// change shared state on purpose (the maintenance flag, the mines server going down).
export default defineConfig({
  testDir: '.',
  testMatch: ['tests/**/*.spec.ts', 'deploy.spec.ts'],
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  reporter: ci
    ? [['list'], ['html', { open: 'never', outputFolder: `playwright-report${suffix}` }]]
    : [['list']],
  outputDir: `./test-results${suffix}`,
  use: {
    ...devices['Desktop Chrome'],
    baseURL: shellOrigin,
    viewport: { width: 1440, height: 900 },
    launchOptions: chromiumLaunch,
    // A trace records every action's snapshots: a third of a test's time here. The retry of a failed test
    // records one (CI retries once).
    trace: ci ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    // Not UTC, so a date shown or filtered in the wrong zone fails.
    timezoneId: 'Asia/Kolkata',
  },
  projects: [
    { name: 'console', ...consoleFiles, testIgnore: notConsole },
    // The console behind the production ingress (docker/caddy/Caddyfile) over https, with two API
    // replicas; skipped only when Debian's caddy is not installed (.ci/run installs it).
    ...(shard === '1' ? [] : [{ name: 'ingress', testMatch: ['tests/ingress.spec.ts'] }]),
  ],
});
