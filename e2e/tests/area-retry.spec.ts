import type { Page } from '@playwright/test';
import { expect, sidebar, test } from '../support/fixtures.ts';

// docs/architecture.md#the-runtime-registry: an area whose files failed to load (connection refused)
// loads afresh on Retry, and on entering it again, once they are back, without a page reload. The page
// opens on the area, so the console's server preloads the area's files too (scripts/serve/live-shell.mjs):
// Chromium answers the next request of a failed preload's URL with that failure, the case that kept the
// area unavailable.

const files = {
  all: /\/remotes\/mf-mines\//,
  /** The remote entry (static/js/mf_mines.<hash>.js): RUNTIME-008 when it fails. */
  entry: /\/remotes\/mf-mines\/[^/]+\/static\/js\/mf_mines\.[0-9a-f]+\.js$/,
  /** The chunks of its exposed app: the bundler's own chunk loading. */
  app: /\/remotes\/mf-mines\/[^/]+\/static\/(js|css)\/async\/__federation_expose_app\./,
};

const unavailable = (page: Page) => page.getByRole('alert').filter({ hasText: 'This area is unavailable' });

/** The area on screen, its own stylesheet applied. */
async function expectMines(page: Page) {
  await expect(page.getByRole('heading', { name: 'Mines – All-Time Mines Activity' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('region', { name: 'Active Games' }).locator('tbody tr.ant-table-row'),
  ).toHaveCount(5);
  // mf-mines/src/mines.css: the figures are a grid.
  await expect(page.getByRole('region', { name: 'All-time figures' })).toHaveCSS('display', 'grid');
  await expect(unavailable(page)).toHaveCount(0);
}

/** Opens the mines area with `blocked` refused, and sees it unavailable; the page is marked to catch a reload. */
async function openBlocked(page: Page, blocked: RegExp) {
  await page.route(blocked, (route) => route.abort('connectionrefused'));
  await page.goto('/mines/dashboard');
  await expect(unavailable(page)).toBeVisible({ timeout: 30_000 });
  await expect(unavailable(page).getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload);

for (const [what, blocked] of [
  ['every file', files.all],
  ['the remote entry', files.entry],
  ["the exposed app's chunks", files.app],
] as const) {
  test(`${what} refused, then back: Retry shows the area`, async ({ page }) => {
    await openBlocked(page, blocked);
    await page.unroute(blocked);
    await unavailable(page).getByRole('button', { name: 'Retry' }).click();
    await expectMines(page);
    expect(await notReloaded(page)).toBe(true);
  });
}

test('every file refused, then back: entering the area again shows it', async ({ page }) => {
  await openBlocked(page, files.all);
  // The shell's own 'Dashboard' entry (the Mines submenu has a 'Dashboard' child too).
  await sidebar(page).locator('a[href="/"]').filter({ hasText: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.unroute(files.all);
  await sidebar(page).locator('a[href="/mines/dashboard"]').click();
  await expectMines(page);
  expect(await notReloaded(page)).toBe(true);
});
