import type { SupportListResponse, UsersListResponse } from '@backoffice/shared/contract';
import type { Page } from '@playwright/test';
import { ApiClient } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { saveScreenshot } from '../support/screenshot.ts';
import { runState } from '../support/state.ts';

// PNGs of the support & users screens for a human review, desktop and phone, in e2e/screenshots/su-*.png.
// Read-only: dialogs are opened and cancelled, nothing is changed.

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

const api = new ApiClient();
async function get<T>(path: string): Promise<T> {
  const answer = await api.send<T>('GET', path, { token: runState().twoFactor.main.session.token });
  return answer.body.data as T;
}

for (const viewport of viewports) {
  test(`support & users screenshots at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const shot = (p: Page, name: string, fullPage = true) =>
      saveScreenshot(p, `su-${name}-${viewport.name}`, { fullPage });

    // Support Tickets, its dialogs and the empty state.
    await page.goto('/support');
    const table = page.getByRole('table', { name: 'Support tickets' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await shot(page, 'support');
    await table
      .getByRole('button', { name: /^View More/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, 'support-view-more', false);
    await page.keyboard.press('Escape');
    const open = (await get<SupportListResponse['data']>('/admin/support?status=open&per_page=1')).data[0]!;
    await page.goto(`/support?id=${open.id}`);
    await page.getByRole('button', { name: `Update ticket #${open.id}` }).click();
    await expect(page.getByRole('dialog', { name: 'Update Support Ticket' })).toBeVisible();
    await shot(page, 'support-update', false);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Close ticket #${open.id}` }).click();
    await expect(page.getByRole('alertdialog', { name: 'Close Support Ticket' })).toBeVisible();
    await shot(page, 'support-close', false);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/support?username=nobody-has-this-name');
    await expect(page.getByText('No support messages found matching your search criteria')).toBeVisible();
    await shot(page, 'support-empty');

    // Users, the block dialog, the empty state.
    await page.goto('/users');
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(11);
    await shot(page, 'users');
    await page
      .getByRole('button', { name: /^Block / })
      .first()
      .click();
    const block = page.getByRole('dialog', { name: 'Block User' });
    await block.getByRole('button', { name: 'Block' }).click();
    await expect(block.getByText('Reason is required')).toBeVisible();
    await shot(page, 'users-block', false);
    await block.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/users?email=nobody-has-this-address');
    await expect(page.getByText('No users found')).toBeVisible();
    await shot(page, 'users-empty');

    // The user page: a blocked user with history when the demo has one, else the first user.
    const blocked = (await get<UsersListResponse['data']>('/admin/user?status=blocked&per_page=1')).data[0];
    const anyone = (await get<UsersListResponse['data']>('/admin/user?per_page=1')).data[0]!;
    const user = blocked ?? anyone;
    await page.goto(`/users/${user.id}`);
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await shot(page, 'user');
    // A player with tickets, deposits and games fills every section.
    const tickets = await get<{ data: { user: { id: number } }[] }>('/admin/lottery/tickets?limit=1');
    const player = tickets?.data?.[0]?.user.id;
    if (player) {
      await page.goto(`/users/${player}`);
      await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
      await shot(page, 'user-player');
    }
    await page.goto('/users/999999999');
    await expect(page.getByText('There is no user #999999999: it may have been deleted.')).toBeVisible();
    await shot(page, 'user-not-found');
  });
}
