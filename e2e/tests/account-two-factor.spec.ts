import { ApiClient } from '../support/api.ts';
import { shellOrigin } from '../support/config.ts';
import { expect, sidebar, signedOutTest as test, toast } from '../support/fixtures.ts';
import { saveScreenshot } from '../support/screenshot.ts';
import { storageStateFor } from '../support/state.ts';
import { freshCode, totp } from '../support/totp.ts';

// The signed-in admin's two-factor page (docs/architecture.md#console-behaviour: optional 2FA is set up from
// the console). The e2e API runs with TWO_FACTOR=required, so the admin has 2FA on: 'Replace authenticator'
// needs the current password and a current code, then the new QR code with its first code and a NEW current
// code (the API accepts a code once, so this waits for the next 30 s step).

test('replace the authenticator from the two-factor page', async ({ browser, state }) => {
  test.setTimeout(150_000);
  const admin = state.twoFactor.replace;
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    storageState: storageStateFor(shellOrigin, admin.session),
  });
  const page = await context.newPage();
  await page.goto('/');
  await sidebar(page).getByRole('link', { name: 'Two-factor authentication' }).click();
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Two-factor authentication | Back Office');
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'account-two-factor-on-desktop');

  await page.getByRole('button', { name: 'Replace authenticator' }).click();
  const proceed = page.getByRole('button', { name: 'Continue' });
  const { code: currentCode, step: proofStep } = await freshCode(admin.secret, admin.lastStep);
  admin.lastStep = proofStep;
  await page.getByLabel('Current code').fill(currentCode);
  await proceed.click();
  await expect(page.getByText('Password is required')).toBeVisible();

  // A wrong password: the API's message, and the admin stays signed in on the page.
  await page.getByLabel('Current password').fill('not-the-password');
  await proceed.click();
  await expect(toast(page, 'Invalid password')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await saveScreenshot(page, 'account-two-factor-proof-desktop');

  await page.getByLabel('Current password').fill(admin.password);
  await proceed.click();
  const qr = page.getByRole('img', { name: /QR code/i });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const newSecret = ((await page.locator('.shell-signin__secret code').textContent()) ?? '').replace(
    /\s+/g,
    '',
  );
  expect(newSecret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(newSecret).not.toBe(admin.secret);
  await expect(toast(page, 'Invalid password')).toBeHidden();
  await saveScreenshot(page, 'account-two-factor-scan-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'account-two-factor-scan-mobile');
  await page.setViewportSize({ width: 1440, height: 900 });

  const enable = page.getByRole('button', { name: 'Enable' });
  await expect(enable).toBeDisabled();
  // The current app's next code (the one above was spent), and the new app's code of the same moment.
  const { code: nextCurrent } = await freshCode(admin.secret, proofStep);
  await page.getByLabel('Authentication code').fill(totp(newSecret));
  await page.getByLabel('New code from your current app').fill(nextCurrent);
  await enable.click();
  await expect(toast(page, '2FA set up successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace authenticator' })).toBeVisible();
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  // The console holds the new session; the old one is revoked.
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(token).toBeTruthy();
  expect(token).not.toBe(admin.session.token);
  const api = new ApiClient();
  expect((await api.send('GET', '/admin/dashboard/stats', { token: token! })).status).toBe(200);
  expect((await api.send('GET', '/admin/dashboard/stats', { token: admin.session.token })).status).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication', level: 1 })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'account-two-factor-on-mobile');
  await context.close();
});
