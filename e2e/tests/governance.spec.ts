import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ApiClient, enableTwoFactor } from '../support/api.ts';
import { shellOrigin } from '../support/config.ts';
import { expect, sidebar, test, toast } from '../support/fixtures.ts';
import { threshold } from '../support/format.ts';
import { animationsEnded, saveScreenshot } from '../support/screenshot.ts';
import { runState, storageStateFor } from '../support/state.ts';

// docs/architecture.md#console-behaviour: roles per area in the console, and the superadmin's admin screen.

const api = new ApiClient();
const superToken = () => runState().twoFactor.main.session.token;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** An admin created by the superadmin through the API, through its first sign-in and 2FA set-up. */
async function adminWithRoles(roles: string[]) {
  const email = `gov-${unique()}@example.com`;
  const created = await api.send<{ oneTimePassword: string }>('POST', '/admin/admins', {
    token: superToken(),
    body: { email, name: `Gov ${roles.join(' ')}`, roles },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const oneTime = created.body.data!.oneTimePassword;
  const first = await api.login(email, oneTime);
  const passwordToken = (first.body.data as { token?: string }).token!;
  const password = `Own-${unique()}-pass`;
  const changed = await api.send('POST', '/admin/auth/password', {
    token: passwordToken,
    body: { currentPassword: oneTime, newPassword: password },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  return { email, password, ...(await enableTwoFactor(api, email, password)) };
}

test('a finance admin sees only finance in the sidebar and cannot open the lottery area', async ({
  browser,
}) => {
  const finance = await adminWithRoles(['finance']);
  const context = await browser.newContext({ storageState: storageStateFor(shellOrigin, finance.session) });
  const page = await context.newPage();

  await page.goto('/withdrawals/pending');
  // A cold area load can take well over 10 s on the shared machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Pending Withdrawals' })).toBeVisible({
    timeout: 30_000,
  });
  // The withdrawals are listed, without the History links of the audit log (not theirs to read).
  await expect(page.getByRole('button', { name: /^Update withdrawal \d+$/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^History of withdrawal/ })).toHaveCount(0);
  const nav = sidebar(page);
  await expect(nav.getByRole('button', { name: 'Withdrawals' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Transactions' })).toBeVisible();
  for (const hidden of ['Lottery', 'Mines'])
    await expect(nav.getByRole('button', { name: hidden })).toHaveCount(0);
  for (const hidden of ['Users', 'Support', 'Admins', 'Audit Log', 'Settings']) {
    await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
  }

  await page.goto('/lottery/open');
  await expect(page.getByRole('heading', { name: 'You do not have access to this area' })).toBeVisible();
  await page.goto('/admins');
  await expect(page.getByRole('heading', { name: 'You do not have access to this area' })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'You do not have access to this area' })).toBeVisible();

  // The API refuses it too, whatever the console shows.
  const refused = await api.send('GET', '/admin/lottery?status=open', { token: finance.session.token });
  expect(refused).toMatchObject({ status: 403, body: { message: 'Insufficient permissions' } });
  await context.close();
});

/** A table's first data row (row 0 is its header). */
const firstRow = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).getByRole('row').nth(1);

test('an auditor reads every area but sees none of the buttons that change things', async ({
  page,
  browser,
}) => {
  test.slow();
  const cold = { timeout: 30_000 };
  // The superadmin (the default session) has the write buttons this test then looks for in vain.
  await page.goto('/withdrawals/pending');
  await expect(firstRow(page, 'Pending withdrawals')).toBeVisible(cold);
  await expect(page.getByRole('button', { name: 'Update Selected' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Update withdrawal / }).first()).toBeVisible();

  const auditor = await adminWithRoles(['auditor']);
  const context = await browser.newContext({ storageState: storageStateFor(shellOrigin, auditor.session) });
  const view = await context.newPage();
  await view.setViewportSize({ width: 1280, height: 800 });
  const shot = (name: string) => saveScreenshot(view, `governance-auditor-${name}`);

  await view.goto('/withdrawals/pending');
  await expect(firstRow(view, 'Pending withdrawals')).toBeVisible(cold);
  await expect(view.getByRole('button', { name: /^Update/ })).toHaveCount(0);
  await expect(view.getByRole('table', { name: 'Pending withdrawals' }).getByRole('checkbox')).toHaveCount(0);
  await expect(view.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  // Every area in the sidebar (read access), the audit log, not the admin screen.
  const nav = sidebar(view);
  for (const area of ['Lottery', 'Mines', 'Withdrawals'])
    await expect(nav.getByRole('button', { name: area })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Audit Log' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admins' })).toHaveCount(0);
  await expect(view.locator('.ant-spin-spinning')).toHaveCount(0);
  await shot('pending-desktop');
  await view.setViewportSize({ width: 390, height: 844 });
  await shot('pending-phone');
  await view.setViewportSize({ width: 1280, height: 800 });

  await view.goto('/lottery/upcoming');
  await expect(firstRow(view, 'Upcoming lotteries')).toBeVisible(cold);
  await expect(view.getByRole('link', { name: /Create New Lottery/ })).toHaveCount(0);
  await expect(view.getByRole('button', { name: /^(Update|Delete)$/ })).toHaveCount(0);
  // The sidebar's Lottery group is open here: it lists the lists, not the page that only creates.
  await expect(nav.getByRole('link', { name: 'Upcoming' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Create Lottery' })).toHaveCount(0);
  await view.goto('/lottery/open');
  await expect(firstRow(view, 'Open lotteries').getByRole('link', { name: 'View' })).toBeVisible(cold);
  await expect(view.getByRole('button', { name: 'Update' })).toHaveCount(0);
  // A page that only changes things says so instead of showing a form the API would refuse.
  await view.goto('/lottery/create-lottery');
  await expect(view.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible(cold);
  await expect(view.getByRole('form', { name: 'Create Lottery' })).toHaveCount(0);
  await shot('create-lottery-desktop');

  await view.goto('/users');
  const user = firstRow(view, 'Users');
  await expect(user).toBeVisible(cold);
  await expect(view.getByRole('button', { name: /^(Block|Unblock) / })).toHaveCount(0);
  await user.getByRole('link').first().click();
  await expect(view.getByRole('region', { name: 'Profile' })).toBeVisible(cold);
  await expect(view.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expect(view.getByRole('button', { name: /^(Block|Unblock)$/ })).toHaveCount(0);

  await view.goto('/support');
  await expect(firstRow(view, 'Support tickets')).toBeVisible(cold);
  await expect(view.getByRole('button', { name: /^(Update|Close) ticket / })).toHaveCount(0);

  await view.goto('/mines/dashboard');
  await expect(view.getByRole('heading', { name: 'Mines – All-Time Mines Activity' })).toBeVisible(cold);
  await expect(view.getByRole('region', { name: 'All-time figures' })).toContainText('Total Games');

  // The API refuses its writes too, whatever the console shows.
  const refused = await api.send('DELETE', '/admin/support/1', { token: auditor.session.token });
  expect(refused).toMatchObject({ status: 403, body: { message: 'Insufficient permissions' } });
  await context.close();
});

test('a superadmin creates an admin, who signs in with the one-time password, then resets its 2FA', async ({
  page,
  browser,
}) => {
  const email = `new-${unique()}@example.com`;
  await page.goto('/admins');
  await expect(page.getByRole('heading', { level: 1, name: 'Admins' })).toBeVisible();
  await page.getByRole('button', { name: 'Create admin' }).click();
  const create = page.getByRole('dialog', { name: 'Create admin' });
  await create.getByLabel('Email').fill(email);
  await create.getByLabel('Name').fill('New Mines Admin');
  await create.getByRole('checkbox', { name: 'Mines' }).check();
  await create.getByRole('button', { name: 'Create admin' }).click();
  const shown = page.getByRole('dialog', { name: 'Admin created' });
  const oneTime = (await shown.locator('code').textContent())?.trim() ?? '';
  expect(oneTime.length).toBeGreaterThanOrEqual(12);
  await shown.getByRole('button', { name: 'Done' }).click();

  // The new admin's first sign-in, in the console: choose a password, then set up 2FA.
  const fresh = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const signIn = await fresh.newPage();
  await signIn.goto('/auth/signin');
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(oneTime);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  const own = `Mines-${unique()}-pass`;
  await signIn.getByLabel('New password', { exact: true }).fill(own);
  await signIn.getByLabel('Repeat new password').fill(own);
  await signIn.getByRole('button', { name: 'Change password & sign in' }).click();
  await expect(signIn.getByRole('heading', { name: 'Set Up Google Authenticator' })).toBeVisible();
  await fresh.close();
  const { session } = await enableTwoFactor(api, email, own);
  expect(session.user).toMatchObject({ email, roles: ['mines'] });

  // Reset its 2FA from the admin screen: the next sign-in sets it up again.
  await page.getByLabel('Name or email').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('On');
  await row.getByRole('button', { name: 'Reset 2FA' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reset two-factor authentication' });
  await expect(confirm).toContainText(email);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Reset 2FA' }).click();
  await expect(toast(page, 'must set up two-factor authentication at the next sign-in')).toBeVisible();
  await expect(row).toContainText('Setup required');

  const again = await api.login(email, own);
  expect(again.body.data).toMatchObject({ setupRequired: true });
  const old = await api.send('GET', '/admin/mines/stats', { token: session.token });
  expect(old.status).toBe(401);
});

test('a superadmin changes the four-eyes threshold on the Settings screen, then goes back to the API default', async ({
  page,
}) => {
  type Settings = { threshold: string | null; source: string; settingThreshold: string | null };
  const read = async () =>
    (await api.send<Settings>('GET', '/admin/settings/four-eyes', { token: superToken() })).body.data!;
  const before = await read();
  expect(before.source).toBe('env');
  // The four-eyes test (four-eyes.spec.ts) sets its own threshold and needs this one gone, whatever the order.
  try {
    await page.goto('/');
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const fact = (label: string) => page.getByRole('row').filter({ hasText: label });
    const envDefault = threshold(before.threshold!);
    await expect(fact('Threshold in force')).toContainText(envDefault);
    await expect(fact('Comes from')).toContainText('API default');

    // The API's rule, checked before anything is sent.
    const input = page.getByLabel('New threshold');
    await input.fill('1.123456789');
    await page.getByRole('button', { name: 'Save threshold' }).click();
    await expect(page.getByText('Threshold must be a positive amount with at most 8 decimals')).toBeVisible();

    await input.fill('12345.678');
    await page.getByRole('button', { name: 'Save threshold' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Change four-eyes threshold' });
    await expect(confirm).toContainText(`${envDefault} → 12,345.678 USDT`);
    // Clicked once the dialog has finished zooming in (a click during it can be lost).
    await animationsEnded(page);
    await confirm.getByRole('button', { name: 'Change threshold' }).click();
    await expect(toast(page, 'Four-eyes threshold is now 12,345.678 USDT')).toBeVisible();
    await expect(fact('Comes from')).toContainText('Superadmin setting');
    await expect(fact('Threshold in force')).toContainText('12,345.678 USDT');
    expect(await read()).toMatchObject({
      threshold: '12345.678',
      source: 'setting',
      settingThreshold: '12345.678',
    });

    await page.getByRole('button', { name: 'Reset to API default' }).click();
    await expect(confirm).toContainText(`12,345.678 USDT → ${envDefault}`);
    await animationsEnded(page);
    await confirm.getByRole('button', { name: 'Change threshold' }).click();
    await expect(fact('Comes from')).toContainText('API default');
    expect(await read()).toMatchObject({
      threshold: before.threshold,
      source: 'env',
      settingThreshold: null,
    });
    await expect(page.getByRole('button', { name: 'Reset to API default' })).toHaveCount(0);
  } finally {
    await api.send('PUT', '/admin/settings/four-eyes', {
      token: superToken(),
      body: { threshold: before.settingThreshold },
    });
  }
});

// The four-eyes flow in the console (two admins, the audit log of both approvals): four-eyes.spec.ts.

test("an auditor goes from a user's page to its history: the block is there", async ({ browser }) => {
  const users = await api.send<{ data: { id: number }[] }>(
    'GET',
    '/admin/user?status=active&sort_by=id&sort_type=asc&per_page=20',
    { token: superToken() },
  );
  // An active demo user no other test touches (users.spec.ts takes the 4th and the 6th).
  const user = users.body.data!.data[8]!;
  const blocked = await api.send('PUT', `/admin/user/${user.id}/block`, {
    token: superToken(),
    body: { reason: `e2e history ${unique()}` },
  });
  expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
  try {
    const auditor = await adminWithRoles(['auditor']);
    const context = await browser.newContext({ storageState: storageStateFor(shellOrigin, auditor.session) });
    const page = await context.newPage();
    await page.goto(`/users/${user.id}`);
    await page.getByRole('link', { name: `History of user ${user.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/audit\\?target_type=user&target_id=${user.id}$`));
    await expect(page.getByLabel('Target type')).toHaveValue('user');
    await expect(page.getByLabel('Target id')).toHaveValue(String(user.id));
    const rows = page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    const block = rows.filter({ hasText: 'user.block' });
    await expect(block).toHaveCount(1, { timeout: 30_000 });
    await expect(block).toContainText(runState().twoFactor.main.email);
    // Every record listed is this user's (the Target cell: the user's name, then 'user #<id>').
    const count = await rows.count();
    for (let row = 0; row < count; row++)
      await expect(rows.nth(row).getByRole('cell').nth(3)).toContainText(new RegExp(`user #${user.id}$`));
    await context.close();
  } finally {
    await api.send('PUT', `/admin/user/${user.id}/unblock`, { token: superToken() });
  }
});

test('Export CSV downloads the list with its filters, row for row', async ({ page }) => {
  const listed = await api.send<{ data: { id: number; amount: string; status: string }[]; total: number }>(
    'GET',
    '/admin/transactions?status=failed&sort_by=id&sort_type=asc&per_page=100',
    { token: superToken() },
  );
  const rows = listed.body.data!;
  expect(rows.total).toBeGreaterThan(0);
  expect(rows.total).toBeLessThanOrEqual(100);

  await page.goto('/transactions?status=failed&sort_by=id&sort_type=asc');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible({
    timeout: 30_000,
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  const [header, ...lines] = text.trim().split('\r\n');
  const columns = header!.split(',');
  const cell = (line: string, name: string) => line.split(',')[columns.indexOf(name)];
  expect(lines.map((line) => Number(cell(line, 'id')))).toEqual(rows.data.map((t) => t.id));
  expect(lines.map((line) => cell(line, 'amount'))).toEqual(rows.data.map((t) => t.amount));
  expect(new Set(lines.map((line) => cell(line, 'status')))).toEqual(new Set(['failed']));
});
