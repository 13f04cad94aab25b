import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Locator, Page } from '@playwright/test';
import type * as axe from 'axe-core';
import { shellOrigin } from '../support/config.ts';
import { expect, sidebar, signedOutTest, test } from '../support/fixtures.ts';
import { animationsEnded, saveScreenshot } from '../support/screenshot.ts';
import { runState, storageStateFor } from '../support/state.ts';
import { freshCode } from '../support/totp.ts';

// Every screen of the console, signed in as the superadmin, at desktop and phone widths: axe-core finds
// no serious or critical violation (WCAG 2.1 A/AA rules and axe's best practices). One browser context
// per width, one session, so the whole walk costs page loads only.

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The shell's pages and every remote's routes (shell/src/app/router.tsx, mf-*\/area.json). */
const screens = [
  '/',
  '/maintenance',
  '/account/two-factor',
  '/account/security',
  '/audit',
  '/admins',
  '/settings',
  '/releases',
  '/transactions',
  '/withdrawals/pending',
  '/withdrawals/approved',
  '/withdrawals/completed',
  '/lottery/create-lottery',
  '/lottery/open',
  '/lottery/upcoming',
  '/lottery/closed',
  '/lottery/completed',
  '/lottery/ticket-history',
  '/lottery/publish-ticket',
  '/mines/dashboard',
  '/users',
  '/support',
] as const;

/** A screen is checked once it has drawn its data: its heading is up and nothing is loading. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  // Colours are measured as drawn: a control just enabled (Export, once the list loaded) fades in.
  await animationsEnded(page);
}

/** axe-core's own script, run in the page once per document (each in-app screen reuses it). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe checks: WCAG 2.1 A/AA rules and axe's best practices. */
const axeOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  // Experimental in axe, so off by default: a visible label that is part of the accessible name
  // (WCAG 2.5.3), which speech-input users say to press a control.
  rules: { 'label-content-name-mismatch': { enabled: true } },
} satisfies axe.RunOptions;

/** The serious and critical violations on the page, one readable line per rule and element. */
async function violations(page: Page): Promise<string[]> {
  // axe-core directly, not @axe-core/playwright's builder: that one evaluates axe's 500 KB again and opens
  // a page of its own for every check, seconds each on this machine's two cores. (Evaluated, not a script
  // tag: the console's Content-Security-Policy allows no inline script.)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    axeOptions,
  );
  return found.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id} (${violation.help}): ${node.target.join(' ')}\n      ${
            node.failureSummary?.replace(/\n\s*/g, ' ') ?? ''
          }`,
      ),
    );
}

/**
 * Opens `path`: the first one loads the console, each next one is a navigation inside it (as an admin moves
 * from screen to screen), which costs the screen alone, not the console's start again.
 */
async function open(page: Page, path: string) {
  if (!page.url().startsWith(shellOrigin)) return void (await page.goto(path));
  const before = await page.evaluate(() => document.querySelector('h1')?.textContent ?? null);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new URL(path, shellOrigin).href);
  // The screen before stays until the next one's code is in (a transition): checks wait for it to go
  // (two screens of one title: after a while all the same).
  await page
    .waitForFunction((old) => document.querySelector('h1')?.textContent !== old, before, { timeout: 5000 })
    .catch(() => {});
}

/** Opens each path and collects what axe finds, keyed by path. */
async function audit(page: Page, paths: readonly string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await open(page, path);
    await settled(page);
    const lines = await violations(page);
    if (lines.length) found[path] = lines;
  }
  return found;
}

const report = (found: Record<string, string[]>) =>
  Object.entries(found)
    .map(([path, lines]) => `${path}\n    ${lines.join('\n    ')}`)
    .join('\n');

async function signedIn(browser: Browser, size: { width: number; height: number }) {
  const context = await browser.newContext({
    viewport: size,
    storageState: storageStateFor(shellOrigin, runState().twoFactor.main.session),
  });
  return context.newPage();
}

for (const viewport of viewports) {
  test(`no serious or critical axe violation on any screen at ${viewport.name} width`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const size = { width: viewport.width, height: viewport.height };

    const out = await browser.newContext({ viewport: size, storageState: { cookies: [], origins: [] } });
    const signin = await out.newPage();
    const found = await audit(signin, ['/auth/signin']);
    await out.close();

    const page = await signedIn(browser, size);
    Object.assign(found, await audit(page, screens));
    // The pages of one object: the first lottery, the first closed one's announcement, the first user.
    await open(page, '/lottery/open');
    await settled(page);
    const details = await page.locator('a[href^="/lottery/details/"]').first().getAttribute('href');
    await open(page, '/lottery/closed');
    await settled(page);
    const publish = await page.locator('a[href^="/lottery/publish/"]').first().getAttribute('href');
    await open(page, '/users');
    await settled(page);
    const user = await page.locator('a[href^="/users/"]').first().getAttribute('href');
    Object.assign(
      found,
      await audit(
        page,
        [details, publish, user].filter((path) => path !== null),
      ),
    );
    await page.context().close();

    expect(report(found), 'serious or critical axe violations').toBe('');
  });
}

for (const viewport of viewports) {
  test(`dark mode and compact density pass axe and are remembered at ${viewport.name} width`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await signedIn(browser, { width: viewport.width, height: viewport.height });
    await page.goto('/');
    await settled(page);
    if (viewport.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar(page).getByRole('switch', { name: 'Dark mode' }).click();
    await sidebar(page).getByRole('switch', { name: 'Compact' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-density', 'compact');
    if (viewport.name === 'phone') await page.getByRole('button', { name: 'Close menu' }).click();
    await saveScreenshot(page, `dark-dashboard-${viewport.name}`);

    // Remembered across loads, and applied inside the areas (remotes render in the shell's antd theme).
    const found = await audit(page, ['/', '/users', '/withdrawals/pending', '/lottery/open']);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const panel = page.locator('.ant-table').first();
    expect(await panel.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgb(255, 255, 255)');
    await saveScreenshot(page, `dark-lottery-open-${viewport.name}`);
    await page.goto('/users');
    await settled(page);
    await saveScreenshot(page, `dark-users-${viewport.name}`);

    // Back to the default look for the other tests of the run.
    if (viewport.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar(page).getByRole('switch', { name: 'Dark mode' }).click();
    await sidebar(page).getByRole('switch', { name: 'Compact' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.context().close();

    expect(report(found), 'serious or critical axe violations in dark mode').toBe('');
  });
}

/** Presses Tab until `target` has the focus (or holds it): fails when the keyboard cannot reach it. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 250 } = {}) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el.contains(document.activeElement)).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

signedOutTest(
  'keyboard only: sign in, the sidebar, a list sorted and paged, a dialog',
  async ({ page, state }) => {
    test.setTimeout(120_000);
    const admin = state.twoFactor.main;
    await page.goto('/auth/signin');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(admin.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');
    // The API refuses a code it accepted before: another sign-in of this admin may have spent this step.
    let step = admin.lastStep;
    for (let attempt = 0; ; attempt++) {
      const code = page.getByLabel('Authentication code');
      await tabTo(page, code);
      const fresh = await freshCode(admin.secret, step);
      step = fresh.step;
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(fresh.code);
      await page.keyboard.press('Enter');
      const signedIn = await sidebar(page)
        .waitFor({ timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (signedIn) break;
      if (attempt === 1) throw new Error('the authentication code was refused twice');
    }

    // The sidebar: a link, then a group opened with Enter and one of its pages.
    await tabTo(page, sidebar(page).getByRole('link', { name: 'Users', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/users/);
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    // Sort by a column header (Enter), then the next page.
    const username = table.getByRole('columnheader', { name: /Username/ });
    await tabTo(page, username);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort_by=username/);
    await expect(username).toHaveAttribute('aria-sort', 'ascending');
    await tabTo(page, page.locator('li.ant-pagination-next'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/page=2/);

    // A dialog: opened with Enter, closed with Escape, the focus back on its opener.
    const block = table.getByRole('button', { name: /^Block / }).first();
    await tabTo(page, block, { backwards: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Block User' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Reason');
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(block).toBeFocused();

    // A sidebar group: opened with Enter, then one of its pages.
    await tabTo(page, sidebar(page).getByRole('button', { name: 'Withdrawals' }), { backwards: true });
    await page.keyboard.press('Enter');
    // Its name carries the queue's badge when something waits: 'Pending, 34 waiting'.
    await tabTo(page, sidebar(page).getByRole('link', { name: /^Pending(,\s*[\d,]+ waiting)?$/ }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/withdrawals\/pending/);
    await expect(page.getByRole('heading', { name: 'Pending Withdrawals', level: 1 })).toBeVisible();
  },
);
