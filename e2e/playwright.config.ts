import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch, shellOrigin } from './support/config.ts';

const ci = Boolean(process.env.CI);

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
  reporter: ci ? [['list'], ['html', { open: 'never' }]] : [['list']],
  outputDir: './test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: shellOrigin,
    viewport: { width: 1440, height: 900 },
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    // Not UTC, so a date shown or filtered in the wrong zone fails.
    timezoneId: 'Asia/Kolkata',
  },
  projects: [
    { name: 'console', testIgnore: ['tests/ingress.spec.ts'] },
    // The console behind the production ingress (docker/caddy/Caddyfile) over https, with two API
    // replicas; skipped only when Debian's caddy is not installed (.ci/run installs it).
    { name: 'ingress', testMatch: ['tests/ingress.spec.ts'] },
  ],
});
