import { expect, test } from '../support/fixtures.ts';
import { saveScreenshot } from '../support/screenshot.ts';

// PNGs of the superadmin's Settings screen for a human review, desktop and phone, in
// e2e/screenshots/settings-*.png. Read-only: the confirmation is opened and cancelled.

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

for (const viewport of viewports) {
  test(`settings screenshots at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const shot = (name: string) => saveScreenshot(page, `settings-${name}-${viewport.name}`);

    await page.goto('/settings');
    await expect(page.getByRole('row').filter({ hasText: 'Threshold in force' })).toBeVisible();
    await shot('four-eyes');
    await page.getByLabel('New threshold').fill('0');
    await page.getByRole('button', { name: 'Save threshold' }).click();
    await expect(page.getByText('Threshold must be greater than 0')).toBeVisible();
    await shot('invalid');
    await page.getByLabel('New threshold').fill('25000.5');
    await page.getByRole('button', { name: 'Save threshold' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Change four-eyes threshold' });
    await expect(confirm).toContainText('25,000.5 USDT');
    await shot('confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
  });
}
