import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { saveScreenshot } from '../support/screenshot.ts';

// PNGs of every lottery screen (docs/screens.md#lotteries) for a human review, at desktop and phone sizes, in
// e2e/screenshots/lottery-*.png (gitignored). Demo data only: nothing is published.

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

for (const viewport of viewports) {
  test.describe(`lottery screenshots ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`lottery screens at ${viewport.width}x${viewport.height}`, async ({ page }) => {
      test.setTimeout(120_000);
      const shot = (name: string, target: Page = page) =>
        saveScreenshot(target, `lottery-${name}-${viewport.name}`);
      const heading = (name: string) => page.getByRole('heading', { name, level: 1 });

      // Create Lottery: empty, then with field messages and a wrong total.
      await page.goto('/lottery/create-lottery');
      await expect(heading('Create Lottery')).toBeVisible();
      await shot('create');
      await page.getByLabel('Lottery Name').fill('ab');
      await page.getByLabel('Ticket Price ($)').fill('0');
      await page.getByLabel('Number of Winners').fill('4');
      await page.getByLabel('Rank 1 (%)').fill('10');
      await page.getByLabel('Lottery Name').focus();
      await expect(page.getByText(/Total percentage must equal 80%/)).toBeVisible();
      await shot('create-errors');

      // Open, with the update modal.
      await page.goto('/lottery/open');
      await expect(heading('Open Lotteries')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Update' }).first()).toBeVisible();
      await shot('open');
      await page.getByRole('button', { name: 'Update' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Update Lottery' })).toBeVisible();
      await shot('update-modal');
      await page
        .getByRole('dialog', { name: 'Update Lottery' })
        .getByRole('button', { name: 'Cancel' })
        .click();

      // Details of the first open lottery.
      await page.getByRole('link', { name: 'View' }).first().click();
      await expect(heading('Lottery Details')).toBeVisible();
      await expect(page.getByText(/Showing \d+ to \d+ of \d+ results/)).toBeVisible();
      await shot('details');

      // Upcoming, with the delete confirmation.
      await page.goto('/lottery/upcoming');
      await expect(heading('Upcoming Lotteries')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete' }).first()).toBeVisible();
      await shot('upcoming');
      await page.getByRole('button', { name: 'Delete' }).first().click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Lottery' });
      await expect(confirm).toHaveAccessibleDescription('Are you sure you want to delete this lottery?');
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await shot('upcoming-delete');
      // Esc is the Cancel of an alert dialog.
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();

      // Closed, then Announce Results of the first one not distributed: drawn winners, an edit with an error.
      await page.goto('/lottery/closed');
      await expect(heading('Closed Lottery Results')).toBeVisible();
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await shot('closed');
      const announce = page.getByRole('link', { name: 'Announce Result' }).first();
      if (await announce.count()) {
        await announce.click();
        await expect(heading('Announce Results')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Generate' })).toBeEnabled();
        await shot('publish');
        await page.getByRole('button', { name: 'Generate' }).click();
        await expect(page.getByRole('article', { name: '1st Place' })).toBeVisible();
        await shot('publish-winners');
        const first = page.getByRole('article', { name: '1st Place' });
        await first.getByRole('button', { name: 'Edit 1st Place ticket number' }).click();
        await first.getByLabel('New ticket number').fill('ab12');
        await first.getByRole('button', { name: 'Replace' }).click();
        await expect(first.getByText(/Invalid ticket number format/)).toBeVisible();
        await shot('publish-edit');
      }

      // Completed, with the winners dialog.
      await page.goto('/lottery/completed');
      await expect(heading('Completed Lotteries')).toBeVisible();
      await expect(page.getByRole('button', { name: 'View Winners' }).first()).toBeVisible();
      await shot('completed');
      await page.getByRole('button', { name: 'View Winners' }).first().click();
      await expect(
        page
          .getByRole('dialog')
          .getByText(/Prize Distributed|No winners data available/)
          .first(),
      ).toBeVisible();
      await shot('completed-winners');
      await page.keyboard.press('Escape');

      // Ticket history with its filters open.
      await page.goto('/lottery/ticket-history');
      await expect(heading('Ticket History')).toBeVisible();
      await page.getByRole('button', { name: 'Show Filters' }).click();
      // The visible option (antd also renders a hidden list for screen readers).
      await page.getByLabel('Status', { exact: true }).click();
      const popup = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
      await popup.locator('.ant-select-item-option[title="Active"]').click();
      await page.getByRole('button', { name: 'Apply Filters' }).click();
      await expect(page).toHaveURL(/status=active/);
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await shot('ticket-history');

      // The static mock-up.
      await page.goto('/lottery/publish-ticket');
      await expect(heading('Publish Page')).toBeVisible();
      await shot('publish-ticket');
    });
  });
}
