import { expect, sidebar, signedOutTest, test } from '../support/fixtures.ts';

// docs/screens.md#access (unknown paths, tab titles) and #shell (sidebar collapse remembered, mobile top
// bar).

test('an unknown path goes to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('a route change scrolls the page back to the top', async ({ page }) => {
  // Phone size: both pages are several screens tall, so the browser alone would keep the page scrolled.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const link = page.getByRole('link', { name: 'Total Games' });
  await link.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  await link.click();
  await expect(page).toHaveURL(/\/mines\/dashboard$/);
  await expect(
    page.getByRole('region', { name: 'Recent Big Wins' }).locator('tbody tr.ant-table-row'),
  ).toHaveCount(5);
  // The mines page is tall enough that a kept scroll position would show.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(844 + 200);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the tab title follows the location', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Dashboard | Back Office');
  await sidebar(page).getByRole('button', { name: 'Mines' }).click();
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).last().click();
  await expect(page).toHaveURL(/\/mines\/dashboard$/);
  await expect(page).toHaveTitle('Mines Dashboard | Back Office');
  await sidebar(page).getByRole('link', { name: 'Maintenance' }).click();
  await expect(page).toHaveTitle('Maintenance | Back Office');
});

signedOutTest('the sign-in page has its own tab title', async ({ page }) => {
  await page.goto('/auth/signin');
  await expect(page).toHaveTitle('Sign In | Back Office');
});

test('the collapsed sidebar stays collapsed after a reload', async ({ page }) => {
  await page.goto('/');
  const nav = sidebar(page);
  await expect(nav.getByText('Dashboard', { exact: true })).toBeVisible();
  const width = async () => (await nav.boundingBox())?.width ?? 0;
  // The sidebar animates its width: read it once two reads 100 ms apart agree.
  const settledWidth = async () => {
    let previous = -1;
    let current = await width();
    while (current !== previous) {
      previous = current;
      await page.waitForTimeout(100);
      current = await width();
    }
    return current;
  };
  const expandedWidth = await settledWidth();
  await nav.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(nav.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect.poll(width).toBeLessThan(expandedWidth);
  const collapsedWidth = await settledWidth();

  await page.reload();
  await expect(nav.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  expect(await settledWidth()).toBeCloseTo(collapsedWidth, 0);

  await nav.getByRole('button', { name: 'Expand sidebar' }).click();
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  await expect.poll(width).toBeCloseTo(expandedWidth, 0);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the top bar menu button opens and closes the sidebar', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const nav = sidebar(page);
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(open).toBeVisible();
    await expect(nav).not.toBeInViewport();

    await open.click();
    await expect(nav).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(nav).not.toBeInViewport();

    // Opening it and following a link closes it again.
    await open.click();
    await nav.getByRole('link', { name: 'Maintenance' }).click();
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(nav).not.toBeInViewport();
  });
});
