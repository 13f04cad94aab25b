import type { Page } from '@playwright/test';
import { chooseOption } from '../support/antd.ts';
import { expect, test } from '../support/fixtures.ts';
import { saveScreenshot } from '../support/screenshot.ts';

// PNGs of the finance screens for a human review, desktop and phone, in e2e/screenshots/finance-*.png.
// Read-only: dialogs are opened and cancelled, nothing is changed.

/** The first wait after a page load: a cold area load can take well over 10 s on the shared machine. */
const cold = { timeout: 30_000 };

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

for (const viewport of viewports) {
  test(`finance screenshots at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const shot = (p: Page, name: string, fullPage = true) =>
      saveScreenshot(p, `finance-${name}-${viewport.name}`, { fullPage });

    // Pending: the list, a few ticked, the bulk dialog, the single dialog with the rejection reason.
    await page.goto('/withdrawals/pending');
    const pending = page.getByRole('table', { name: 'Pending withdrawals' });
    await expect(pending.getByRole('row').nth(1)).toBeVisible(cold);
    await expect(pending.locator('.ant-spin-spinning')).toHaveCount(0);
    await shot(page, 'pending');
    for (const n of [1, 2, 3]) await pending.getByRole('row').nth(n).getByRole('checkbox').check();
    await expect(page.getByText('3 selected', { exact: true })).toBeVisible();
    await shot(page, 'pending-selected', false);
    await page.getByRole('button', { name: 'Update Selected (3)' }).click();
    await expect(page.getByRole('dialog', { name: 'Update Status (3 withdrawals)' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByRole('dialog').getByText('Status is required')).toBeVisible();
    await shot(page, 'pending-bulk-dialog', false);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await pending
      .getByRole('button', { name: /^Update withdrawal / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Update Withdrawal Status' });
    await chooseOption(page, 'Status', 'Rejected', dialog);
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(dialog.getByText('Reason is required for rejection')).toBeVisible();
    await shot(page, 'pending-reject-dialog', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/withdrawals/pending?id=999999');
    await expect(page.getByText('No pending withdrawals found')).toBeVisible(cold);
    await shot(page, 'pending-empty');

    // Approved & Rejected, Completed (with hashes), and their empty states.
    await page.goto('/withdrawals/approved');
    const approved = page.getByRole('table', { name: 'Withdrawals Approved' });
    await expect(approved.getByRole('row').nth(1)).toBeVisible(cold);
    await expect(approved.locator('.ant-spin-spinning')).toHaveCount(0);
    await shot(page, 'approved');
    await page.goto('/withdrawals/approved?username=nobody-has-this-name');
    await expect(page.getByText('No approved withdrawals found')).toBeVisible(cold);
    await shot(page, 'approved-empty');
    await page.goto('/withdrawals/completed');
    const completed = page.getByRole('table', { name: 'Withdrawals Completed' });
    await expect(completed.getByRole('row').nth(1)).toBeVisible(cold);
    await expect(completed.locator('.ant-spin-spinning')).toHaveCount(0);
    await shot(page, 'completed');
    await page.goto('/withdrawals/completed?id=999999');
    await expect(page.getByText('No completed withdrawals found')).toBeVisible(cold);
    await shot(page, 'completed-empty');

    // Transactions and its empty state.
    await page.goto('/transactions');
    const transactions = page.getByRole('table', { name: 'Transactions' });
    await expect(transactions.getByRole('row')).toHaveCount(11, cold);
    await expect(transactions.locator('.ant-spin-spinning')).toHaveCount(0);
    await shot(page, 'transactions');
    await page.goto('/transactions?username=nobody-has-this-name');
    await expect(page.getByText('No transactions found matching your search criteria')).toBeVisible(cold);
    await shot(page, 'transactions-empty');
  });
}
