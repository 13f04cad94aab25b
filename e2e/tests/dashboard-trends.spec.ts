import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { ApiClient } from '../support/api.ts';
import { screenshotsDir, shellOrigin } from '../support/config.ts';
import { expect, sidebar, test } from '../support/fixtures.ts';
import { saveScreenshot } from '../support/screenshot.ts';

// The dashboard's 30-day trend charts (shell/src/features/dashboard/TrendCharts.tsx): drawn by a chart
// library kept in its own async chunks ('charts', 'charts-lib'), which only the dashboard fetches.

const chartChunk = (request: Request) =>
  /\/static\/js\/async\/charts(-lib)?\.[0-9a-f]+\.js$/.test(request.url());

/** The chart chunks the page fetches from now on. */
function chartRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (chartChunk(request)) urls.push(request.url());
  });
  return urls;
}

/**
 * Requests of the page still under way, but for the live event stream, which stays open as long as the
 * console (so 'networkidle' never comes on a signed-in page).
 */
function requestsUnderWay(page: Page): Set<Request> {
  const underWay = new Set<Request>();
  page.on('request', (request) => {
    if (!request.url().includes('/api/admin/events')) underWay.add(request);
  });
  page.on('requestfinished', (request) => underWay.delete(request));
  page.on('requestfailed', (request) => underWay.delete(request));
  return underWay;
}

const charts = (page: Page) => page.getByRole('region', { name: 'Last 30 days' });

test('the sign-in and list pages never fetch the chart library; the dashboard does', async ({
  page,
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: shellOrigin,
    storageState: { cookies: [], origins: [] },
  });
  const signedOut = await context.newPage();
  const beforeSignIn = chartRequests(signedOut);
  await signedOut.goto('/auth/signin');
  await expect(signedOut.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  await signedOut.waitForLoadState('networkidle');
  expect(beforeSignIn).toEqual([]);
  await context.close();

  const fetched = chartRequests(page);
  const underWay = requestsUnderWay(page);
  await page.goto('/withdrawals/pending');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect.poll(() => underWay.size).toBe(0);
  expect(fetched, 'chart chunks fetched by /withdrawals/pending').toEqual([]);

  // Into the dashboard through the sidebar (no reload): now the charts load their library.
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(charts(page).getByRole('img').first()).toBeVisible();
  await expect(page.locator('.shell-trend__plot canvas').first()).toBeVisible({ timeout: 30_000 });
  expect(fetched.some((url) => url.includes('/charts-lib.'))).toBe(true);
});

test('each chart has a summary for screen readers and its 30 days as a table', async ({ page, state }) => {
  const trends = await new ApiClient().send('GET', '/admin/dashboard/trends?tz=Asia%2FKolkata', {
    token: state.twoFactor.main.session.token,
  });
  expect(trends.status).toBe(200);
  const { data } = trends.body as { data: { series: { users: { day: string; count: number }[] } } };
  const users = data.series.users;

  await page.goto('/');
  const region = charts(page);
  // The library's chunk is big: on a loaded machine its first load and parse take a while.
  await expect(page.locator('.shell-trend__plot canvas')).toHaveCount(4, { timeout: 30_000 });
  for (const title of ['Deposits and withdrawals (USDT)', 'Tickets sold', 'New users', 'Mines bets (USDT)'])
    await expect(region.getByRole('heading', { name: title, level: 3 })).toBeVisible();
  await expect(region.getByRole('img', { name: /^New users, last 30 days\. New users: / })).toBeVisible();

  // The table is there for screen readers before it is shown, and shown on demand.
  const card = region
    .locator('.shell-trend')
    .filter({ has: page.getByRole('heading', { name: 'New users' }) });
  const table = card.getByRole('table', { name: 'New users, per day' });
  await expect(table.getByRole('row')).toHaveCount(31);
  const toggle = card.getByRole('button', { name: 'Show as table' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(card.getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-expanded', 'true');
  await expect(table).toBeVisible();
  // The last row is today (in the browser's zone, Asia/Kolkata) with the API's count.
  const last = table.getByRole('row').last();
  await expect(last.getByRole('cell')).toHaveText(users.at(-1)!.count.toLocaleString('en-US'));
  await card.getByRole('button', { name: 'Show as chart' }).click();

  await expect(page.locator('.shell-trend__plot canvas')).toHaveCount(4);
  await region.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'dashboard-trends-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.shell-trend__plot canvas')).toHaveCount(4);
  await saveScreenshot(page, 'dashboard-trends-phone');
  await region.screenshot({ path: join(screenshotsDir, 'dashboard-trends-phone-charts.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.setViewportSize({ width: 1440, height: 900 });
  await sidebar(page).getByRole('switch', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.shell-trend__plot canvas')).toHaveCount(4);
  await saveScreenshot(page, 'dark-dashboard-trends-desktop');
  // The areas' own CSS follows too: the Users stat cards' borders are the dark split colour.
  await page.goto('/users');
  const stat = page.locator('.su-stat').first();
  await expect(stat).toBeVisible();
  expect(await stat.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(48, 48, 48)');
  await saveScreenshot(page, 'dark-users-stats-desktop', { fullPage: false });
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  await sidebar(page).getByRole('switch', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
