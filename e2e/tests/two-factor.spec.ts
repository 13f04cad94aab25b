import type { Page } from '@playwright/test';
import { expect, sidebar, signedOutTest as test, toast } from '../support/fixtures.ts';
import { freshCode, timeStep, totp } from '../support/totp.ts';

// docs/screens.md#sign-in (three modes), shared/src/rules (6-digit code), toasts; the API refuses a code it
// already accepted.

async function submitCredentials(page: Page, email: string, password: string) {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page: Page) {
  await sidebar(page).getByRole('button', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Out?' });
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
}

test('2FA setup, then sign-in with a code; a replayed code is refused', async ({ page, state }, testInfo) => {
  test.setTimeout(120_000);
  // A retry needs an admin that has not set up 2FA yet.
  const admin = testInfo.retry === 0 ? state.noTwoFactor.fresh1 : state.noTwoFactor.fresh2;

  await submitCredentials(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Set Up Google Authenticator' })).toBeVisible();
  const qr = page.getByRole('img', { name: /QR code/i });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The key is shown in groups of 4 for reading; authenticator apps take it with or without spaces.
  const secret = ((await page.locator('code').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  const code = page.getByLabel('Authentication code');
  const complete = page.getByRole('button', { name: 'Complete Setup & Sign In' });
  await expect(complete).toBeDisabled();
  await code.fill('12a45');
  await expect(code).toHaveValue('1245');
  await expect(complete).toBeDisabled();
  await code.fill('1234567');
  await expect(code).toHaveValue('123456');
  await expect(complete).toBeEnabled();

  const setupStep = timeStep();
  const setupCode = totp(secret, setupStep);
  await code.fill(setupCode);
  await complete.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, '2FA set up successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    user: localStorage.getItem('user'),
  }));
  expect(stored.token).toBeTruthy();
  expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email: admin.email });

  await signOut(page);

  // Second sign-in: 2FA is enabled now, so the verification step.
  await submitCredentials(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Two-Factor Verification' })).toBeVisible();
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();

  // The code the setup used, again: refused as a replay.
  await page.getByLabel('Authentication code').fill(setupCode);
  await verify.click();
  await expect(toast(page, 'Invalid two-factor code')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole('heading', { name: 'Two-Factor Verification' })).toBeVisible();

  // A code of a later time step is accepted.
  const { code: nextCode } = await freshCode(secret, setupStep);
  await page.getByLabel('Authentication code').fill(nextCode);
  await verify.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
});
