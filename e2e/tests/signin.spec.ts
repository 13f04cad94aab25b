import { expect, signedOutTest as test, toast } from '../support/fixtures.ts';

// docs/screens.md#sign-in and shared/src/rules (login form), #access (access rules), the server's message in
// an error toast.

test.describe('sign-in form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/auth/signin');
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    await expect(page.getByText('Please sign in to your admin account to continue')).toBeVisible();
    // Page scroll is locked while the sign-in page is shown (docs/screens.md#sign-in).
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  });

  test('shows the field errors of the login form', async ({ page }) => {
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await email.fill('not-an-email');
    await password.fill('12345');
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByText('Email is required')).toHaveCount(0);

    await email.fill('someone@example.com');
    await password.fill('123456');
    await expect(page.getByText('Invalid email format')).toHaveCount(0);
    await expect(page.getByText('Password must be at least 6 characters')).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });

  test('wrong credentials show the server message in an error toast', async ({ page }) => {
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const error = toast(page, 'Invalid email or password');
    await expect(error).toBeVisible();
    // Top right (docs/screens.md#access).
    const box = (await error.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 60);
    expect(box.y).toBeLessThan(120);
    await expect(page).toHaveURL(/\/auth\/signin$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    // Still the credentials step.
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('the password can be shown and hidden', async ({ page }) => {
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret1');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });
});

test('a protected path sends a signed-out visitor to /auth/signin, remembering the page', async ({
  page,
}) => {
  const asked: [string, string][] = [
    ['/', ''],
    ['/mines/dashboard', '?redirect=%2Fmines%2Fdashboard'],
    ['/maintenance', '?redirect=%2Fmaintenance'],
    ['/users?status=blocked', '?redirect=%2Fusers%3Fstatus%3Dblocked'],
  ];
  for (const [path, redirect] of asked) {
    await page.goto(path);
    await expect
      .poll(() => {
        const url = new URL(page.url());
        return url.pathname + url.search;
      })
      .toBe(`/auth/signin${redirect}`);
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  }
  // No console chrome without a token (docs/screens.md#access).
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
});
