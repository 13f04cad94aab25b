import type { UserDetails, Withdrawal, WithdrawalsListResponse } from '@backoffice/shared/contract';
import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { chooseOption, selectedOption } from '../support/antd.ts';
import { ApiClient } from '../support/api.ts';
import { expect, test, toast } from '../support/fixtures.ts';
import { runState } from '../support/state.ts';

// docs/screens.md#withdrawals in the real console against the real API: approve one pending withdrawal,
// reject one with a reason (its amount goes back to the user's balance, once, through the ledger),
// bulk-approve three; see them under Approved & Rejected and, once the payout worker has paid them, under
// Completed with a hash.

const api = new ApiClient();
/**
 * The first wait after a page load: a cold load of the area (shell, remote, antd parts) can take well
 * over the default 10 s on the shared CI machine.
 */
const cold = { timeout: 30_000 };

// Each test loads the console several times from cold.
test.beforeEach(() => test.slow());
const token = () => runState().twoFactor.main.session.token;

async function get<T>(path: string): Promise<T> {
  const answer = await api.send<T>('GET', path, { token: token() });
  expect(answer.status, `GET ${path}: ${answer.body.message}`).toBe(200);
  return answer.body.data as T;
}

/**
 * The oldest pending withdrawals with a wallet address (the payout worker cannot pay one without), for
 * tests that each take their own.
 */
async function pending(count: number): Promise<Withdrawal[]> {
  const list = await get<WithdrawalsListResponse['data']>(
    '/admin/withdrawal?status=pending&sort_by=id&sort_type=asc&per_page=50',
  );
  const payable = list.data.filter((w) => w.wallet_address);
  if (payable.length < count)
    throw new Error(`the demo data needs ${count} pending withdrawals with an address`);
  return payable.slice(0, count);
}

async function withdrawal(id: number): Promise<Withdrawal> {
  const list = await get<WithdrawalsListResponse['data']>(`/admin/withdrawal?id=${id}`);
  const found = list.data[0];
  if (!found) throw new Error(`withdrawal ${id} not found`);
  return found;
}

/** SQL on the run's database (PostgreSQL only: PGlite allows one process, the API's). */
async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const { database } = runState();
  if (database.mode !== 'postgres') throw new Error('needs the PostgreSQL database');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const table = (page: Page, name: string) => page.getByRole('table', { name });
const row = (box: Locator, id: number) =>
  box.getByRole('row').filter({ has: box.page().getByRole('cell', { name: String(id), exact: true }) });

async function decide(page: Page, status: 'Approved' | 'Rejected', reason?: string) {
  const dialog = page.getByRole('dialog');
  await chooseOption(page, 'Status', status, dialog);
  if (reason !== undefined) await dialog.getByLabel('Reason for Rejection', { exact: true }).fill(reason);
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The Completed view, reloaded until the payout worker has paid `id`: its row with the explorer link. */
async function expectCompleted(page: Page, id: number) {
  await expect(async () => {
    await page.goto(`/withdrawals/completed?id=${id}`);
    await expect(row(table(page, 'Withdrawals Completed'), id)).toContainText('completed', cold);
  }).toPass({ timeout: 90_000 });
  const line = row(table(page, 'Withdrawals Completed'), id);
  const paid = await withdrawal(id);
  expect(paid.status).toBe('completed');
  expect(paid.hash).toBeTruthy();
  await expect(
    line.getByRole('link', { name: `${paid.hash!.slice(0, 5)}...${paid.hash!.slice(-5)}` }),
  ).toHaveAttribute('href', `https://bscscan.com/tx/${paid.hash}`);
  await expect(page.getByRole('textbox', { name: 'ID', exact: true })).toHaveValue(String(id));
}

test('withdrawals: approve one from the pending list, then it is paid out', async ({ page }) => {
  const [target] = await pending(1);
  await page.goto(`/withdrawals/pending?id=${target!.id}`);
  await expect(page.getByRole('heading', { name: 'Pending Withdrawals', level: 1 })).toBeVisible(cold);
  await expect(page.getByRole('textbox', { name: 'ID', exact: true })).toHaveValue(String(target!.id));
  const pendingTable = table(page, 'Pending withdrawals');
  const line = row(pendingTable, target!.id);
  await expect(line).toContainText('pending');
  await expect(pendingTable.getByRole('row')).toHaveCount(2);

  await line.getByRole('button', { name: `Update withdrawal ${target!.id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Withdrawal Status' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Reason for Rejection', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(dialog.getByText('Status is required')).toBeVisible();
  await decide(page, 'Approved');
  await expect(toast(page, 'Withdrawal status updated!')).toBeVisible();
  await expect(page.getByText('No pending withdrawals found')).toBeVisible();

  // Approved now (or already paid: the e2e payout worker runs every 500 ms), never pending again.
  expect(['approved', 'completed']).toContain((await withdrawal(target!.id)).status);
  await expectCompleted(page, target!.id);
});

/** Exact decimal strings as units of 1e-8 (NUMERIC(20,8)). */
const units = (decimal: string) => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 100_000_000n + BigInt(fraction.padEnd(8, '0')));
};

test('withdrawals: reject one with a reason; the amount returns to the balance once', async ({ page }) => {
  const [, target] = await pending(2);
  const id = target!.id;
  const userId = target!.User.id;
  const balance = async () => (await get<UserDetails>(`/admin/user/${userId}`)).user.balance;
  const before = await balance();
  const reason = `e2e: wallet flagged ${Date.now()}`;

  await page.goto(`/withdrawals/pending?id=${id}`);
  await row(table(page, 'Pending withdrawals'), id)
    .getByRole('button', { name: `Update withdrawal ${id}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Update Withdrawal Status' });
  await chooseOption(page, 'Status', 'Rejected', dialog);
  await expect(dialog.getByLabel('Reason for Rejection', { exact: true })).toHaveAttribute(
    'placeholder',
    'Please provide a reason for rejection',
  );
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(dialog.getByText('Reason is required for rejection')).toBeVisible();
  await decide(page, 'Rejected', reason);
  await expect(toast(page, 'Withdrawal status updated!')).toBeVisible();

  // The refund: the balance (through the API) raised by exactly the amount, and, where the test can
  // read the database beside the API (PostgreSQL), one ledger entry of it.
  const after = await balance();
  expect(units(after), `balance ${before} + ${target!.amount} = ${after}`).toBe(
    units(before) + units(String(target!.amount)),
  );
  if (runState().database.mode === 'postgres') {
    const refunds = await sql<{ amount: string }>(
      "SELECT amount::text AS amount FROM ledger WHERE reason = 'withdrawal_refund' AND reference = $1",
      [`withdrawal:${id}`],
    );
    expect(refunds.map((r) => units(r.amount))).toEqual([units(String(target!.amount))]);
  }

  // Under Approved & Rejected, found by the username, with the reason as its comment.
  await page.goto(`/withdrawals/approved?username=${encodeURIComponent(target!.User.username!)}`);
  await expect(page.getByRole('heading', { name: 'Withdrawals Approved', level: 1 })).toBeVisible(cold);
  await expect(page.getByRole('textbox', { name: 'Username', exact: true })).toHaveValue(
    target!.User.username!,
  );
  const line = row(table(page, 'Withdrawals Approved'), id);
  await expect(line).toContainText('rejected');
  await expect(line).toContainText(reason);

  // A second decision on it is refused: it is no longer in the pending list.
  await page.goto(`/withdrawals/pending?id=${id}`);
  await expect(page.getByText('No pending withdrawals found')).toBeVisible(cold);
});

test('withdrawals: bulk-approve three, listed as approved, then completed', async ({ page }) => {
  const three = (await pending(5)).slice(2, 5);
  const ids = three.map((w) => w.id);
  await page.goto('/withdrawals/pending?sort_by=id&sort_type=asc&per_page=50');
  const pendingTable = table(page, 'Pending withdrawals');
  await expect(row(pendingTable, ids[0]!)).toBeVisible(cold);

  // Nothing ticked: the rule in shared/src/rules.
  await page.getByRole('button', { name: 'Update Selected' }).click();
  await expect(toast(page, 'Please select withdrawals to update')).toBeVisible();

  for (const id of ids) await row(pendingTable, id).getByRole('checkbox').check();
  await expect(page.getByText('3 selected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Update Selected (3)' }).click();
  await expect(page.getByRole('dialog', { name: 'Update Status (3 withdrawals)' })).toBeVisible();
  await decide(page, 'Approved');
  await expect(toast(page, 'Withdrawal statuses updated successfully')).toBeVisible();
  for (const id of ids) await expect(row(pendingTable, id)).toHaveCount(0);

  // Approved & Rejected lists them until the worker pays them; then Completed has them with a hash.
  const first = three[0]!;
  await page.goto(`/withdrawals/approved?username=${encodeURIComponent(first.User.username!)}`);
  await expect(page.getByRole('textbox', { name: 'Username', exact: true })).toHaveValue(
    first.User.username!,
  );
  // The user's list, or its empty text when the worker has already paid everything of theirs.
  await expect(
    // antd shows the empty text inside the table, so both can match: either one will do.
    table(page, 'Withdrawals Approved').or(page.getByText('No approved withdrawals found')).first(),
  ).toBeVisible(cold);
  const stillApproved = row(table(page, 'Withdrawals Approved'), first.id);
  if (await stillApproved.count()) await expect(stillApproved).toContainText('approved');
  for (const id of ids) await expectCompleted(page, id);

  // Reset goes back to the plain path and lists every completed withdrawal.
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/withdrawals\/completed$/);
  await expect(page.getByRole('textbox', { name: 'ID', exact: true })).toHaveValue('');
});

test('withdrawals: filters, sort and page survive a reload', async ({ page }) => {
  await page.goto('/withdrawals/approved');
  const box = table(page, 'Withdrawals Approved');
  await expect(box.getByRole('row').nth(1)).toBeVisible(cold);
  await chooseOption(page, 'Items per page', '25');
  const amount = box.getByRole('columnheader', { name: 'Amount' });
  // A column's first click sorts it ascending (ListPage: the server always sorts by something).
  await amount.click();
  await expect(page).toHaveURL(/per_page=25/);
  await expect(page).toHaveURL(/sort_by=amount&sort_type=asc/);
  await page.reload();
  await expect(selectedOption(page, 'Items per page')).toHaveText('25', cold);
  await expect(box.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');
});

/** Opens the single-update dialog of `id` on the pending list and chooses Approved, not submitting yet. */
async function openDecision(page: Page, id: number) {
  await page.goto(`/withdrawals/pending?id=${id}`);
  await row(table(page, 'Pending withdrawals'), id)
    .getByRole('button', { name: `Update withdrawal ${id}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Update Withdrawal Status' });
  await chooseOption(page, 'Status', 'Approved', dialog);
  return dialog;
}

test('withdrawals: decided by someone else while the dialog is open: the 409 message, then the list refreshes', async ({
  page,
}) => {
  const [target] = await pending(1);
  const id = target!.id;
  const dialog = await openDecision(page, id);

  // Another console (the API directly) rejects it first.
  const other = await api.send('POST', '/admin/withdrawal/update', {
    token: token(),
    body: { withdrawal_id: String(id), status: 'rejected', comment: 'e2e: decided elsewhere' },
  });
  expect(other.status, other.body.message).toBe(200);

  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(toast(page, 'Withdrawal is no longer pending: it is already rejected')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The list was loaded again: the withdrawal is gone from it, and the other decision stands.
  await expect(page.getByText('No pending withdrawals found')).toBeVisible();
  expect((await withdrawal(id)).status).toBe('rejected');
});

test('withdrawals: an update of a withdrawal that no longer exists shows the 404 message', async ({
  page,
}) => {
  const [target] = await pending(1);
  const id = target!.id;
  // An id past every withdrawal: what the API sees when the one on screen was removed meanwhile.
  const newest = await get<WithdrawalsListResponse['data']>(
    '/admin/withdrawal?sort_by=id&sort_type=desc&per_page=1',
  );
  const gone = (newest.data[0]?.id ?? 0) + 1_000_000;
  expect((await get<WithdrawalsListResponse['data']>(`/admin/withdrawal?id=${gone}`)).total).toBe(0);

  const dialog = await openDecision(page, id);
  await page.route('**/api/admin/withdrawal/update', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, withdrawal_id: String(gone) }) });
  });
  const answer = page.waitForResponse('**/api/admin/withdrawal/update');
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  expect((await answer).status()).toBe(404);
  await expect(toast(page, 'Withdrawal not found')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Withdrawal status updated!')).toHaveCount(0);
  // Nothing else changed: the withdrawal on screen is still pending and still listed.
  expect((await withdrawal(id)).status).toBe('pending');
  await expect(row(table(page, 'Pending withdrawals'), id)).toBeVisible();
});
