import { ApiClient, signInWithCode } from '../support/api.ts';
import { shellOrigin } from '../support/config.ts';
import { expect, sidebar, signedOutTest as test, toast } from '../support/fixtures.ts';
import { storageStateFor } from '../support/state.ts';

// The session-expiry warning (shell/src/auth/SessionExpiryWarning.tsx). The API's sessions last hours:
// the browser's clock is moved forward instead (Playwright's clock), the API's stays real.

const MINUTE = 60_000;
const expiryOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;

test('a session about to expire warns; Stay signed in renews it; left alone it ends on the sign-in page that returns to the page', async ({
  browser,
  state,
}) => {
  test.setTimeout(120_000);
  // A session of its own: renewing ends the token it replaces, which other tests must keep.
  const session = await signInWithCode(new ApiClient(), state.twoFactor.main);
  const context = await browser.newContext({ storageState: storageStateFor(shellOrigin, session) });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto('/withdrawals/pending?page=1');
  await expect(page.getByRole('heading', { name: 'Pending Withdrawals', level: 1 })).toBeVisible();

  // The admin was somewhere on the page: the focus goes into the dialog and comes back there.
  const wasFocused = sidebar(page).getByRole('link', { name: 'Users' });
  await wasFocused.focus();

  // 1:59 before the end.
  await page.clock.fastForward(expiryOf(session.token) - Date.now() - 2 * MINUTE + 1000);
  const dialog = page.getByRole('alertdialog', { name: 'Session about to expire' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/Your session expires in 1:5\d/);
  await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();

  // Back to the real time (the API's), then stay: a new session of the full lifetime.
  await page.clock.setSystemTime(Date.now());
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  const renewed = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
  expect(renewed).not.toBe(session.token);
  expect(expiryOf(renewed)).toBeGreaterThan(expiryOf(session.token));
  const api = new ApiClient();
  expect((await api.send('GET', '/admin/dashboard/stats', { token: renewed })).status).toBe(200);
  expect((await api.send('GET', '/admin/dashboard/stats', { token: session.token })).status).toBe(401);
  await expect(wasFocused).toBeFocused();

  // Left alone: the warning again, then the sign-in page, which keeps the page for after.
  await page.clock.fastForward(expiryOf(renewed) - Date.now() - 2 * MINUTE + 1000);
  await expect(dialog).toBeVisible();
  await page.clock.fastForward(2 * MINUTE);
  await expect(page).toHaveURL(`/auth/signin?redirect=${encodeURIComponent('/withdrawals/pending?page=1')}`);
  await expect(toast(page, 'Your session has expired. Please sign in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  await context.close();
});
