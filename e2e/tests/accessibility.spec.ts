import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { shellOrigin } from '../support/config.ts';
import { expect, test } from '../support/fixtures.ts';
import { runState, storageStateFor } from '../support/state.ts';

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
}

/** The serious and critical violations on the page, one readable line per rule and element. */
async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
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

/** Opens each path and collects what axe finds, keyed by path. */
async function audit(page: Page, paths: readonly string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
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
    await page.goto('/lottery/open');
    await settled(page);
    const details = await page.locator('a[href^="/lottery/details/"]').first().getAttribute('href');
    await page.goto('/lottery/closed');
    await settled(page);
    const publish = await page.locator('a[href^="/lottery/publish/"]').first().getAttribute('href');
    await page.goto('/users');
    await settled(page);
    const user = await page.locator('a[href^="/users/"]').first().getAttribute('href');
    Object.assign(found, await audit(page, [details, publish, user].filter((path) => path !== null)));
    await page.context().close();

    expect(report(found), 'serious or critical axe violations').toBe('');
  });
}
