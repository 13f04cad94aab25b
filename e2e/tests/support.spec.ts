import type { SupportListResponse, SupportTicket } from '@backoffice/shared/contract';
import type { Page } from '@playwright/test';
import { chooseOption, selectedOption } from '../support/antd.ts';
import { ApiClient } from '../support/api.ts';
import { expect, test, toast } from '../support/fixtures.ts';
import { runState } from '../support/state.ts';

// docs/screens.md#support-tickets: open a long support message, update status and remarks, close a ticket.

const api = new ApiClient();
const token = () => runState().twoFactor.main.session.token;

async function tickets(query: string): Promise<SupportTicket[]> {
  const answer = await api.send<SupportListResponse['data']>('GET', `/admin/support?${query}`, {
    token: token(),
  });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data!.data;
}

/** Open tickets of the demo data, oldest first, so each test takes its own. */
async function openTickets(predicate: (t: SupportTicket) => boolean): Promise<SupportTicket[]> {
  const found = (await tickets('status=open&per_page=100&sort_by=id&sort_type=asc')).filter(predicate);
  if (found.length < 2) throw new Error('the demo data needs more open support tickets');
  return found;
}

/** A field of the support search form (the table's sortable headers carry the same names). */
const searchForm = (page: Page) => page.getByRole('form', { name: 'Search support tickets' });

const ticketRow = (page: Page, id: number) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: `#${id}`, exact: true }) });

test('support: a long message is cut at 100 characters; View More shows all of it', async ({ page }) => {
  const [long] = await openTickets((t) => t.message.length > 100);
  await page.goto(`/support?id=${long!.id}`);
  await expect(page.getByRole('heading', { name: 'Support Tickets', level: 1 })).toBeVisible();
  await expect(searchForm(page).getByLabel('Ticket ID')).toHaveValue(String(long!.id));
  const line = ticketRow(page, long!.id);
  await expect(line).toContainText(`${long!.message.slice(0, 100)}...`);
  await expect(line).not.toContainText(long!.message);
  await line.getByRole('button', { name: `View More of ticket #${long!.id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Support Message #${long!.id}` });
  await expect(dialog.getByText(long!.message, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

/** Puts a ticket back as the demo data had it, so the dashboard's open/closed counts stay as set-up computed. */
async function restore(ticket: SupportTicket) {
  const answer = await api.send('PUT', `/admin/support/${ticket.id}`, {
    token: token(),
    body: { status: ticket.status, remarks: ticket.remarks },
  });
  expect(answer.status, answer.body.message).toBe(200);
}

const toRestore: SupportTicket[] = [];
test.afterEach(async () => {
  for (const ticket of toRestore.splice(0)) await restore(ticket);
});

test('support: update status and remarks, then close another ticket', async ({ page }) => {
  const [, first, second] = await openTickets(() => true);
  const remarks = `e2e: refunded by hand ${Date.now()}`;
  toRestore.push(first!, second!);

  // Update: status closed with remarks.
  await page.goto(`/support?id=${first!.id}`);
  let line = ticketRow(page, first!.id);
  await line.getByRole('button', { name: `Update ticket #${first!.id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Support Ticket' });
  await expect(selectedOption(page, 'Status', dialog)).toHaveText('Open');
  await chooseOption(page, 'Status', 'Closed', dialog);
  await dialog.getByLabel('Remarks').fill(remarks);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Support updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(line).toContainText('closed');
  await expect(line).toContainText(remarks);
  const [updated] = await tickets(`id=${first!.id}`);
  expect(updated).toMatchObject({ status: 'closed', remarks });

  // Reopen it through the same dialog (the remarks stay). The first toast is gone first, so the one
  // seen next is the reopening's (two at once depended on the first one's timing).
  await expect(toast(page, 'Support updated successfully')).toHaveCount(0, { timeout: 15_000 });
  await line.getByRole('button', { name: `Update ticket #${first!.id}` }).click();
  await expect(dialog.getByLabel('Remarks')).toHaveValue(remarks);
  await chooseOption(page, 'Status', 'Open', dialog);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Support updated successfully')).toBeVisible();
  await expect(line).toContainText('open');

  // Close: the delete action closes the ticket after a confirmation.
  await searchForm(page).getByLabel('Ticket ID').fill(String(second!.id));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`id=${second!.id}`));
  line = ticketRow(page, second!.id);
  await line.getByRole('button', { name: `Close ticket #${second!.id}` }).click();
  // An alert dialog: the question read out, Cancel focused, Esc cancels.
  const confirm = page.getByRole('alertdialog', { name: 'Close Support Ticket' });
  await expect(confirm).toHaveAccessibleDescription(/^Close ticket #\d+ from /);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await line.getByRole('button', { name: `Close ticket #${second!.id}` }).click();
  await confirm.getByRole('button', { name: 'Close Ticket' }).click();
  await expect(toast(page, 'Support ticket closed successfully')).toBeVisible();
  await expect(line).toContainText('closed');
  await expect(line.getByRole('button', { name: `Close ticket #${second!.id}` })).toBeDisabled();
  const [closed] = await tickets(`id=${second!.id}`);
  expect(closed?.status).toBe('closed');
});

test('support: filters in the URL; the empty text when nothing matches', async ({ page }) => {
  await page.goto('/support?status=closed&per_page=25');
  await expect(selectedOption(page, 'Status', searchForm(page))).toHaveText('Closed');
  await expect(page.locator('.ant-pagination-options')).toContainText('25 / page');
  const statuses = page
    .getByRole('table', { name: 'Support tickets' })
    .getByRole('row')
    .locator('td:nth-child(5)');
  await expect(statuses.first()).toHaveText('closed');
  for (const status of await statuses.allInnerTexts()) expect(status).toBe('closed');
  await searchForm(page).getByLabel('Username').fill('nobody-has-this-name');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No support messages found matching your search criteria')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/support$/);
});
