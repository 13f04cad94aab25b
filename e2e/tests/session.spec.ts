import { ApiClient, signInWithCode } from '../support/api.ts';
import { shellOrigin } from '../support/config.ts';
import { expect, sidebar, signedOutTest as test, toast } from '../support/fixtures.ts';
import { type RunState, storageStateFor } from '../support/state.ts';

// docs/screens.md#shell: the sign-out dialog; a 401 clears the token and leads to sign-in.

/** A live session of one of the set-up admins; on a retry (the first one was spent) a new one. */
async function sessionOf(state: RunState, who: 'signout' | 'revoked', retry: number) {
  const admin = state.twoFactor[who];
  return retry === 0 ? admin.session : signInWithCode(new ApiClient(), admin);
}

test('sign-out goes through the "Sign Out?" dialog and revokes the session', async ({
  browser,
  state,
}, testInfo) => {
  const session = await sessionOf(state, 'signout', testInfo.retry);
  const context = await browser.newContext({ storageState: storageStateFor(shellOrigin, session) });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const openDialog = async () => {
    await sidebar(page).getByRole('button', { name: 'Sign Out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign Out?' });
    await expect(dialog).toBeVisible();
    // Opened: antd's zoom-in has ended (a click in its first frames could be lost with it).
    await expect(dialog).not.toHaveClass(/ant-zoom-appear/);
    return dialog;
  };
  // Cancel keeps the admin signed in.
  let dialog = await openDialog();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  dialog = await openDialog();
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('user')]),
  ).toEqual([null, null]);
  // The server forgot the session too.
  const answer = await new ApiClient().send('GET', '/admin/dashboard/stats', { token: session.token });
  expect(answer.status).toBe(401);
  expect(answer.body.message).toBe('Invalid or expired token');
  await context.close();
});

test('a garbage token sends the admin to /auth/signin on the first call', async ({ browser }) => {
  const context = await browser.newContext({
    storageState: storageStateFor(shellOrigin, {
      token: 'garbage.not-a.jwt',
      user: { id: 1, email: 'x@example.com', name: 'X', roles: ['superadmin'], twoFactorEnabled: true },
    }),
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  await context.close();
});

test('a session revoked on the server sends the admin to /auth/signin on the next call', async ({
  browser,
  state,
}, testInfo) => {
  const session = await sessionOf(state, 'revoked', testInfo.retry);
  const context = await browser.newContext({ storageState: storageStateFor(shellOrigin, session) });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // Revoked behind the console's back (another tab signing out, an operator ...).
  const logout = await new ApiClient().logout(session.token);
  expect(logout.status).toBe(200);

  // The next call finds the session gone: this Refresh, or the live stream's reconnection (the API ends a
  // signed-out session's stream), whichever comes first; the page may already be leaving when it is clicked.
  await page
    .getByRole('button', { name: 'Refresh' })
    .click({ timeout: 5_000 })
    .catch(() => {});
  await expect(page).toHaveURL(/\/auth\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  await expect(sidebar(page)).toHaveCount(0);
  await context.close();
});
