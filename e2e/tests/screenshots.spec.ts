import type { Page } from '@playwright/test';
import { shellOrigin } from '../support/config.ts';
import { expect, minesServer, test } from '../support/fixtures.ts';
import { setMaintenance } from '../support/maintenance.ts';
import { saveScreenshot } from '../support/screenshot.ts';
import { storageStateFor } from '../support/state.ts';

// PNGs of every screen state for a human review, at desktop and phone sizes, in e2e/screenshots/
// (gitignored). Run alone with `pnpm -C e2e screenshots`.

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

for (const viewport of viewports) {
  test.describe(`screenshots ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`all screens at ${viewport.width}x${viewport.height}`, async ({ browser, state }) => {
      test.setTimeout(120_000);
      const shot = (page: Page, name: string) => saveScreenshot(page, `${name}-${viewport.name}`);
      const size = { viewport: { width: viewport.width, height: viewport.height } };

      // Sign-in, each mode (signed out).
      const out = await browser.newContext({ ...size, storageState: { cookies: [], origins: [] } });
      const signin = await out.newPage();
      const credentials = async (email: string, password: string) => {
        await signin.goto('/auth/signin');
        await signin.getByLabel('Email').fill(email);
        await signin.getByLabel('Password', { exact: true }).fill(password);
        await signin.getByRole('button', { name: 'Sign In' }).click();
      };
      await signin.goto('/auth/signin');
      await expect(signin.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await shot(signin, 'signin-credentials');
      await signin.getByRole('button', { name: 'Sign In' }).click();
      await expect(signin.getByText('Email is required')).toBeVisible();
      await shot(signin, 'signin-credentials-errors');
      await credentials(state.noTwoFactor.shots.email, state.noTwoFactor.shots.password);
      await expect(signin.getByRole('heading', { name: 'Set Up Google Authenticator' })).toBeVisible();
      await expect(signin.getByRole('img', { name: /QR code/i })).toBeVisible();
      await shot(signin, 'signin-setup');
      await credentials(state.twoFactor.main.email, state.twoFactor.main.password);
      await expect(signin.getByRole('heading', { name: 'Two-Factor Verification' })).toBeVisible();
      await shot(signin, 'signin-verify');
      await out.close();

      // Signed-in screens.
      const context = await browser.newContext({
        ...size,
        storageState: storageStateFor(shellOrigin, state.twoFactor.main.session),
      });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Total Deposits' })).toBeVisible();
      await shot(page, 'dashboard');
      if (viewport.name === 'mobile') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const nav = page.getByRole('navigation', { name: 'Main' });
        await expect(nav).toBeInViewport();
        await saveScreenshot(page, `sidebar-open-${viewport.name}`, { fullPage: false });
        await page.getByRole('button', { name: 'Close menu' }).click();
      }

      await page.goto('/mines/dashboard');
      await expect(
        page.getByRole('region', { name: 'Active Games' }).locator('tbody tr.ant-table-row'),
      ).toHaveCount(5);
      await expect(
        page.getByRole('region', { name: 'Recent Big Wins' }).locator('tbody tr.ant-table-row'),
      ).toHaveCount(5);
      await shot(page, 'mines-dashboard');

      await page.goto('/maintenance');
      await expect(page.getByRole('heading', { name: 'All systems operational' })).toBeVisible();
      await shot(page, 'maintenance-none');
      await setMaintenance(true);
      try {
        await page.goto('/maintenance');
        await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
        await shot(page, 'maintenance');
      } finally {
        await setMaintenance(false);
      }

      await minesServer('stop');
      try {
        await page.goto('/mines/dashboard');
        await expect(page.getByText('This area is unavailable')).toBeVisible({ timeout: 30_000 });
        await shot(page, 'remote-down');
      } finally {
        await minesServer('start');
      }
      await context.close();
    });
  });
}
