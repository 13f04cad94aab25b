import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { saveScreenshot } from '../support/screenshot.ts';
import { freshCode } from '../support/totp.ts';

// docs/architecture.md#console-behaviour: a deep link survives the sign-in (2FA included); the Admins list
// exports; at phone width a wide table scrolls inside its card with a shadow at the edge it scrolls to, and
// no column is clipped. PNGs in e2e/screenshots/lists-*.png for a human review.

/** The first wait after a page load: a cold area load can take well over 10 s on the shared machine. */
const cold = { timeout: 30_000 };

test('a deep link survives the sign-in with a 2FA code', async ({ browser, state }) => {
  const admin = state.twoFactor.approver;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/withdrawals/pending?page=3');
  await expect(page).toHaveURL(/\/auth\/signin\?redirect=%2Fwithdrawals%2Fpending%3Fpage%3D3$/);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const { code, step } = await freshCode(admin.secret, admin.lastStep);
  admin.lastStep = step;
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/withdrawals\/pending\?page=3$/);
  await expect(page.getByRole('heading', { name: 'Pending Withdrawals', level: 1 })).toBeVisible(cold);

  // A link to elsewhere is no destination: signed in, the console stays on its own pages.
  await page.goto(`/auth/signin?redirect=${encodeURIComponent('//example.com/x')}`);
  await expect(page).toHaveURL(/:\d+\/$/);
  await context.close();
});

test('Admins exports its list as CSV', async ({ page }) => {
  await page.goto('/admins?status=active');
  const table = page.getByRole('table', { name: 'Admins' });
  await expect(table.getByRole('row').nth(1)).toBeVisible(cold);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^admins-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'id,email,name,roles,status,twoFactorEnabled,twoFactorSetupRequired,mustChangePassword,lastSignInAt,createdAt',
  );
  expect(csv).toContain('admin@example.com');
  expect(csv).not.toContain(',blocked,');
});

/** The table's scroll box, and whether antd marks an edge it can scroll to (the shadow's classes). */
async function scrollCue(table: Locator) {
  const wrapper = table.locator('xpath=ancestor::div[contains(@class,"ant-table ")][1]');
  const box = wrapper.locator('.ant-table-content');
  const classes = (await wrapper.getAttribute('class')) ?? '';
  const shadow = await wrapper
    .locator('.ant-table-container')
    .evaluate((element) => getComputedStyle(element, '::after').boxShadow);
  return { box, end: classes.includes('ant-table-fix-end-shadow-show'), shadow };
}

/** The cell is fully inside the table's scroll box once scrolled to: not cut off by the card. */
async function expectReachable(page: Page, box: Locator, cell: Locator) {
  await cell.scrollIntoViewIfNeeded();
  const outer = (await box.boundingBox())!;
  const inner = (await cell.boundingBox())!;
  expect(inner.x).toBeGreaterThanOrEqual(outer.x - 1);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 1);
  expect(inner.x + inner.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

for (const viewport of viewports) {
  test(`wide lists at ${viewport.width}x${viewport.height}: scroll cue, nothing clipped`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const phone = viewport.name === 'mobile';
    const shot = (name: string) => saveScreenshot(page, `lists-${name}-${viewport.name}`);

    await page.goto('/withdrawals/pending');
    const pending = page.getByRole('table', { name: 'Pending withdrawals' });
    await expect(pending.getByRole('row').nth(1)).toBeVisible(cold);
    await expect(pending.locator('.ant-spin-spinning')).toHaveCount(0);
    await shot('pending');
    if (phone) {
      const cue = await scrollCue(pending);
      expect(cue.end).toBe(true);
      expect(cue.shadow).not.toBe('none');
      const update = pending.getByRole('button', { name: /^Update withdrawal / }).first();
      await expectReachable(page, cue.box, update);
      await shot('pending-scrolled');
    }

    await page.goto('/transactions');
    const transactions = page.getByRole('table', { name: 'Transactions' });
    await expect(transactions.getByRole('row').nth(1)).toBeVisible(cold);
    await expect(transactions.locator('.ant-spin-spinning')).toHaveCount(0);
    await shot('transactions');
    if (phone) {
      const cue = await scrollCue(transactions);
      expect(cue.end).toBe(true);
      await expectReachable(page, cue.box, transactions.getByRole('columnheader', { name: 'Date' }));
    }

    await page.goto('/mines/dashboard');
    const active = page.getByRole('region', { name: 'Active Games' });
    await expect(active.locator('tbody tr.ant-table-row').first()).toBeVisible(cold);
    await shot('mines');
    const status = active.getByRole('columnheader', { name: 'Status' });
    const activeTable = active.getByRole('table');
    const cue = await scrollCue(activeTable);
    await expectReachable(page, cue.box, status);
    // The four columns fit a phone: nothing to scroll to, Status in view as the page opens.
    expect(cue.end).toBe(false);
    // A bet is one line: 'USDT' never wraps under its figure.
    const bet = active.locator('.mines-amount').first();
    const lineHeight = await bet.evaluate((element) =>
      Number.parseFloat(getComputedStyle(element).lineHeight),
    );
    expect((await bet.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  });
}
