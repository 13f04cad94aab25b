import { expect, sidebar, test } from '../support/fixtures.ts';
import { setMaintenance } from '../support/maintenance.ts';

// docs/architecture.md#where-each-kind-of-rule-lives: a 503 leads to /maintenance (once); the API answers 503
// 'Server is under maintenance' on every /api/admin call while maintenance is on (`pnpm maintenance on`: a
// flag every replica shares).

test('503 shows the maintenance page; Try Again returns once the server is back', async ({ page }) => {
  await setMaintenance(true);
  try {
    await page.goto('/');
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByRole('heading', { name: 'Server is under maintenance' })).toBeVisible();
    await expect(page).toHaveTitle(/Maintenance/);
    await expect(sidebar(page)).toBeVisible();
    // Trying again while it lasts keeps the page.
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('Server is still under maintenance')).toBeVisible();
    await expect(page).toHaveURL(/\/maintenance$/);
  } finally {
    await setMaintenance(false);
  }
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Total Deposits' })).toBeVisible();
  // Still signed in: a 503 is not a dead session.
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
});

test('the sidebar entry shows the server state when there is no maintenance', async ({ page }) => {
  await page.goto('/');
  await sidebar(page).getByRole('link', { name: 'Maintenance' }).click();
  await expect(page.getByRole('heading', { name: 'All systems operational' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
