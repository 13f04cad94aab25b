import type { UserDetailsResponse, UsersListResponse } from '@backoffice/shared/contract';
import type { Page } from '@playwright/test';
import { ApiClient } from '../support/api.ts';
import { expect, test, toast } from '../support/fixtures.ts';
import { runState } from '../support/state.ts';

// docs/screens.md#users and the user page /users/{id}: find a user by email from the URL, block with a
// reason, see the status and button change, unblock; open a user page from a transaction.

const api = new ApiClient();
const token = () => runState().twoFactor.main.session.token;

async function get<T>(path: string): Promise<T> {
  const answer = await api.send<T>('GET', path, { token: token() });
  expect(answer.status, `GET ${path}: ${answer.body.message}`).toBe(200);
  return answer.body.data as T;
}

/** An active user of the demo data no other test touches (the n-th active one by id). */
async function activeUser(n: number) {
  const list = await get<UsersListResponse['data']>(
    '/admin/user?status=active&sort_by=id&sort_type=asc&per_page=20',
  );
  const user = list.data[n];
  if (!user) throw new Error('the demo data needs more active users');
  return user;
}

/** A field of the users search form (the table's sortable headers carry the same names). */
const searchField = (page: Page, label: string) =>
  page.getByRole('form', { name: 'Search users' }).getByLabel(label, { exact: true });

const row = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

/** Users a test blocks: unblocked again afterwards even when the test failed half-way. */
const toUnblock: number[] = [];
test.afterEach(async () => {
  for (const id of toUnblock.splice(0)) {
    const details = await get<UserDetailsResponse['data']>(`/admin/user/${id}`);
    if (details.user.status === 'blocked')
      await api.send('PUT', `/admin/user/${id}/unblock`, { token: token() });
  }
});

test('users: find a user by email from the URL, block with a reason, then unblock', async ({ page }) => {
  const user = await activeUser(3);
  toUnblock.push(user.id);
  const reason = `e2e: chargeback on deposit ${Date.now()}`;
  await page.goto(`/users?email=${encodeURIComponent(user.email)}`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(searchField(page, 'Email')).toHaveValue(user.email);
  const line = row(page, user.username);
  await expect(line).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await expect(line).toContainText(user.email);
  await expect(line).toContainText(user.role);
  await expect(line).toContainText('active');

  // Block with a reason: the status and the button change.
  await line.getByRole('button', { name: `Block ${user.username}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Block User' });
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(toast(page, 'User blocked successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(line).toContainText('blocked');
  await expect(line.getByRole('button', { name: `Unblock ${user.username}` })).toHaveText('Unblock');
  await expect(line.getByRole('button', { name: `Block ${user.username}`, exact: true })).toHaveCount(0);

  // Who, when and why are kept: the API and the user page show them.
  const details = await get<UserDetailsResponse['data']>(`/admin/user/${user.id}`);
  expect(details.user.status).toBe('blocked');
  expect(details.blockHistory[0]).toMatchObject({
    action: 'blocked',
    reason,
    admin: { email: runState().twoFactor.main.email },
  });
  await line.getByRole('link', { name: user.name || user.username }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}$`));
  const history = page.getByRole('table', { name: 'Block history' });
  await expect(history.getByRole('row').nth(1)).toContainText(reason);
  await expect(history.getByRole('row').nth(1)).toContainText(runState().twoFactor.main.email);
  await page.goBack();
  await expect(searchField(page, 'Email')).toHaveValue(user.email);

  // Unblock: back to active, the button reads Block again.
  await row(page, user.username)
    .getByRole('button', { name: `Unblock ${user.username}` })
    .click();
  await expect(toast(page, 'User unblocked successfully')).toBeVisible();
  await expect(row(page, user.username)).toContainText('active');
  await expect(
    row(page, user.username).getByRole('button', { name: `Block ${user.username}`, exact: true }),
  ).toHaveText('Block');
  expect((await get<UserDetailsResponse['data']>(`/admin/user/${user.id}`)).user.status).toBe('active');
});

test('users: sort, page size and filters live in the URL and survive a reload', async ({ page }) => {
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Users' });
  const header = (name: RegExp) => table.getByRole('columnheader', { name });
  await expect(header(/Joined/)).toHaveAttribute('aria-sort', 'descending');
  await header(/Username/).click();
  await expect(page).toHaveURL(/sort_by=username/);
  await expect(page).toHaveURL(/sort_type=asc/);
  await expect(header(/Username/)).toHaveAttribute('aria-sort', 'ascending');
  await page.locator('.ant-pagination-options .ant-select').click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByText('25 / page', { exact: true })
    .click();
  await expect(page).toHaveURL(/per_page=25/);
  await expect(table.getByRole('row')).toHaveCount(26);
  const names = await table.getByRole('row').locator('td:nth-child(3)').allInnerTexts();
  expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  await page.reload();
  await expect(header(/Username/)).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.locator('.ant-pagination-options')).toContainText('25 / page');
  await expect(table.getByRole('row')).toHaveCount(26);
  // (antd's accessible option list holds only the options next to the active one: pick from the popup.)
  await searchField(page, 'Status').click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Blocked"]')
    .click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=blocked/);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Active0on this page');
  await expect(table.getByRole('row').nth(1)).toContainText('blocked');
  for (const status of await table.getByRole('row').locator('td:nth-child(6)').allInnerTexts())
    expect(status).toBe('blocked');
});

test('user page: opened from a transaction, with links to the finance screens', async ({ page }) => {
  const transactions = await get<{
    data: { id: number; User: { id: number; username: string; name: string | null } }[];
  }>('/admin/transactions?per_page=1&sort_by=createdAt&sort_type=desc');
  const tx = transactions.data[0];
  if (!tx) throw new Error('the demo data needs transactions');
  await page.goto(`/transactions?id=${tx.id}`);
  await page
    .getByRole('link', { name: tx.User.name || tx.User.username })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/users/${tx.User.id}$`));
  await expect(page.getByRole('heading', { name: tx.User.name || tx.User.username, level: 1 })).toBeVisible();
  const details = await get<UserDetailsResponse['data']>(`/admin/user/${tx.User.id}`);
  await expect(page.getByRole('region', { name: 'Money' })).toContainText('Balance');
  await expect(page.getByText(details.user.email, { exact: true })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Recent transactions' }).getByRole('link', { name: `#${tx.id}` }),
  ).toBeVisible();

  // The full list of the user's deposits is one click away, filtered by username.
  await page.getByRole('link', { name: 'All transactions' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/transactions\\?username=${encodeURIComponent(tx.User.username)}`),
  );
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
});

test('user page: an action on a user changed meanwhile shows the API 409 and then what is', async ({
  page,
}) => {
  const user = await activeUser(5);
  toUnblock.push(user.id);
  await page.goto(`/users/${user.id}`);
  await expect(page.getByRole('heading', { name: user.name || user.username, level: 1 })).toBeVisible();
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile).toContainText('active');

  // Another admin blocks the user through the API while the page is open: Block is refused (409).
  const blocked = await api.send('PUT', `/admin/user/${user.id}/block`, {
    token: token(),
    body: { reason: 'e2e: blocked by another admin' },
  });
  expect(blocked.status, blocked.body.message).toBe(200);
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Block User' });
  await dialog.getByLabel('Reason').fill('e2e: blocked twice');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(toast(page, 'User is already blocked')).toBeVisible();
  // Nothing left to do in the dialog: the page shows the block the other admin made.
  await expect(dialog).toBeHidden();
  await expect(profile).toContainText('blocked');
  await expect(profile).toContainText('e2e: blocked by another admin');
  await expect(page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();

  // ... and unblocks them again: Unblock is refused (409) and the page offers Block again.
  const unblocked = await api.send('PUT', `/admin/user/${user.id}/unblock`, { token: token() });
  expect(unblocked.status, unblocked.body.message).toBe(200);
  await page.getByRole('button', { name: 'Unblock', exact: true }).click();
  await expect(toast(page, 'User is not blocked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
  await expect(profile).toContainText('active');
});

test('user page: a user deleted meanwhile, and a missing user, show the API 404 as not found', async ({
  page,
}) => {
  // A user without money records (deleting one keeps them anyway) and not used by the other tests.
  const list = await get<UsersListResponse['data']>(
    '/admin/user?status=active&sort_by=id&sort_type=desc&per_page=20',
  );
  let user: UsersListResponse['data']['data'][number] | undefined;
  for (const candidate of list.data) {
    const details = await get<UserDetailsResponse['data']>(`/admin/user/${candidate.id}`);
    if (details.transactions.total + details.withdrawals.total + details.lotteryTickets.total === 0) {
      user = candidate;
      break;
    }
  }
  if (!user) throw new Error('the demo data needs an active user without money records');
  await page.goto(`/users/${user.id}`);
  await expect(page.getByRole('heading', { name: user.name || user.username, level: 1 })).toBeVisible();

  // Another admin deletes the user through the API while the page is open.
  const deleted = await api.send('DELETE', `/admin/user/${user.id}`, { token: token() });
  expect(deleted.status, deleted.body.message).toBe(200);
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Block User' });
  await dialog.getByLabel('Reason').fill('e2e: too late');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(toast(page, 'User not found')).toHaveCount(1);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('User not found', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`There is no user #${user.id}: it may have been deleted.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  // A link to a user that never existed: the same state, and the way back to the list.
  await page.goto('/users/999999999');
  await expect(page.getByText('There is no user #999999999: it may have been deleted.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
});
