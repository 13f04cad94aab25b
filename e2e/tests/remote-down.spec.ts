import { expect, minesServer, sidebar, test } from '../support/fixtures.ts';

// Architecture: a remote that is down shows 'This area is unavailable' with Retry in the content area;
// the rest of the console keeps working; Retry recovers without a page reload once it is back.

test('mf-mines down: fallback in its area, the console keeps working, Retry recovers without reload', async ({
  page,
}) => {
  await minesServer('stop');
  try {
    await page.goto('/mines/dashboard');
    const fallback = page.getByRole('alert').filter({ hasText: 'This area is unavailable' });
    await expect(fallback).toBeVisible({ timeout: 30_000 });
    await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
    await expect(page).toHaveTitle(/Mines Dashboard/);

    // The rest of the console works.
    // The shell's own 'Dashboard' entry (the Mines submenu has a 'Dashboard' child too).
    await sidebar(page).locator('a[href="/"]').filter({ hasText: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Total Deposits' })).toBeVisible();

    // Back to the area: still down, still contained.
    await page.goBack();
    await expect(page).toHaveURL(/\/mines\/dashboard$/);
    await expect(fallback).toBeVisible({ timeout: 30_000 });

    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    await minesServer('start');
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Mines – All-Time Mines Activity' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('region', { name: 'Active Games' }).locator('tbody tr.ant-table-row'),
    ).toHaveCount(5);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await expect(fallback).toHaveCount(0);
  } finally {
    await minesServer('start');
  }
});
