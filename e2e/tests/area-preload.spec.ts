import type { Page } from '@playwright/test';
import { shellOrigin } from '../support/config.ts';
import { expect, sidebar, test } from '../support/fixtures.ts';
import { runState, storageStateFor } from '../support/state.ts';

// shell/src/federation/preload.ts: once a signed-in page has been open a few seconds, the other areas the
// admin may open load in the background, so that entering one does not wait for its first load.

/** Every file the page asks of a release folder (/remotes/mf-<area>/<version>/...), from now on. */
function remoteRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/remotes\/mf-[a-z-]+\//.test(request.url())) urls.push(request.url());
  });
  return urls;
}
const areasOf = (urls: string[]) => new Set(urls.map((url) => /\/remotes\/(mf-[a-z-]+)\//.exec(url)![1]));
/** A release's manifest or its remote entry (static/js/mf_<name>.<hash>.js). */
const isEntry = (url: string) => /\/(mf-manifest\.json|static\/js\/mf_\w+\.[0-9a-f]+\.js)$/.test(url);

test('the other areas load in the background; entering one fetches neither its manifest nor its entry', async ({
  page,
}) => {
  const requested = remoteRequests(page);
  await page.goto('/lottery/open');
  await expect(page.getByRole('heading', { name: 'Open Lotteries', level: 1 })).toBeVisible();
  await expect
    .poll(() => areasOf(requested), { timeout: 30_000 })
    .toEqual(new Set(['mf-lottery', 'mf-finance', 'mf-support-users', 'mf-mines']));
  const loaded = requested.length;

  await sidebar(page).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  expect(requested.slice(loaded).filter(isEntry)).toEqual([]);
});

test('only the areas the admin may open: a finance admin loads the finance area alone', async ({
  browser,
}) => {
  const context = await browser.newContext({
    storageState: storageStateFor(shellOrigin, runState().twoFactor.approver.session),
  });
  const page = await context.newPage();
  const requested = remoteRequests(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect.poll(() => requested.some(isEntry), { timeout: 30_000 }).toBe(true);
  // Its other files follow the entry: wait until the finance area's code is in.
  await expect.poll(() => requested.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(1);
  expect(areasOf(requested)).toEqual(new Set(['mf-finance']));
  await context.close();
});
