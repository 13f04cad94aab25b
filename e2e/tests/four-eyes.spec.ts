import type { Page } from '@playwright/test';
import { chooseOption } from '../support/antd.ts';
import { ApiClient } from '../support/api.ts';
import { shellOrigin } from '../support/config.ts';
import { expect, test, toast } from '../support/fixtures.ts';
import { saveScreenshot } from '../support/screenshot.ts';
import { runState, storageStateFor } from '../support/state.ts';

// Four-eyes that explains itself (docs/architecture.md#console-behaviour), as two admins in two browsers: the
// main admin gives the first approval and sees that it waits for someone else (no Update offered again); a
// finance admin's dialog says it is the second approval, by whom and when the first was given; the audit log
// shows both. Screenshots of the waiting row and the second approver's dialog:
// e2e/screenshots/four-eyes-*.png.

const api = new ApiClient();
const superToken = () => runState().twoFactor.main.session.token;
/** The first wait after a page load: a cold area load can take well over 10 s on the shared machine. */
const cold = { timeout: 30_000 };
const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

/** Both widths of the same screen, then back to the desktop. */
async function shots(page: Page, name: string, fullPage: boolean) {
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await saveScreenshot(page, `four-eyes-${name}-${viewport.name}`, { fullPage });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const rowOf = (page: Page, id: number) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });

test('a large withdrawal: the first approver waits, the second is told whose approval they complete', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const listed = await api.send<{ data: { id: number; amount: string; wallet_address: string | null }[] }>(
    'GET',
    '/admin/withdrawal?status=pending&sort_by=id&sort_type=desc&per_page=50',
    { token: superToken() },
  );
  const target = listed.body.data!.data.find((w) => w.wallet_address)!;
  // Four-eyes from this withdrawal's amount up, for this test only.
  const setThreshold = (threshold: string | null) =>
    api.send('PUT', '/admin/settings/four-eyes', { token: superToken(), body: { threshold } });
  expect((await setThreshold(target.amount)).status).toBe(200);
  const main = runState().twoFactor.main;
  const second = runState().twoFactor.approver;
  const context = await browser.newContext({ storageState: storageStateFor(shellOrigin, second.session) });
  try {
    // The main admin gives the first approval.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/withdrawals/pending?id=${target.id}`);
    const line = rowOf(page, target.id);
    await line.getByRole('button', { name: `Update withdrawal ${target.id}` }).click(cold);
    const dialog = page.getByRole('dialog', { name: 'Update Withdrawal Status' });
    await chooseOption(page, 'Status', 'Approved', dialog);
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(toast(page, /a second admin must approve it too/)).toBeVisible();

    // In words, waiting for someone else, and not offered the decision again.
    await expect(line).toContainText('Awaiting second approval');
    await expect(line).not.toContainText('awaiting_approval');
    await expect(line).toContainText('Waiting for another admin');
    await expect(line.getByRole('button', { name: `Update withdrawal ${target.id}` })).toHaveCount(0);
    await expect(line.getByRole('checkbox')).toBeDisabled();
    // The screenshot without the toast over the row (it closes by itself after 4 s).
    await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(0, { timeout: 15_000 });
    await shots(page, 'waiting', true);

    // The finance admin, in a browser of its own: the dialog says whose approval it completes.
    const other = await context.newPage();
    await other.setViewportSize({ width: 1440, height: 900 });
    await other.goto(`/withdrawals/pending?id=${target.id}`);
    const theirLine = rowOf(other, target.id);
    await expect(theirLine).toContainText(`1st approval: ${main.email}`, cold);
    await theirLine.getByRole('button', { name: `Update withdrawal ${target.id}` }).click();
    const secondDialog = other.getByRole('dialog', { name: 'Second Approval of Withdrawal' });
    await expect(secondDialog).toContainText('This is the second approval (four-eyes)');
    await expect(secondDialog).toContainText(
      new RegExp(`First approved by ${main.email} on \\w{3} \\d+, \\d{4}`),
    );
    await chooseOption(other, 'Status', 'Approved', secondDialog);
    await shots(other, 'second-approval', false);
    await secondDialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(toast(other, 'Withdrawal status updated!')).toBeVisible();
    await expect(theirLine).toHaveCount(0);

    // Its history: the audit log shows both approvals, by both admins.
    await page.goto(`/audit?target_type=withdrawal&target_id=${target.id}`);
    const records = page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ hasText: 'withdrawal.update' });
    await expect(records).toHaveCount(2, cold);
    await expect(records.filter({ hasText: second.email })).toHaveCount(1);
    await expect(records.filter({ hasText: main.email })).toHaveCount(1);
  } finally {
    await context.close();
    await setThreshold(null);
  }
});
