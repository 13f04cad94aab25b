import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { shellOrigin } from '../support/config.ts';
import {
  buildPatched,
  chunkWith,
  cloneBuild,
  editBuild,
  exposedChunks,
  liveRegistry,
  liveVersionOf,
  mustRun,
  releaseCli,
  releasesOf,
  useOperatorToken,
} from '../support/releases.ts';
import { saveScreenshot } from '../support/screenshot.ts';
import { runState, storageStateFor } from '../support/state.ts';

// docs/operations.md#releases, as an operator and admins live it: releases of the mines area go through the
// release gate (the CLI, with the ops admin's own token, against the test API), whose smoke load renders every
// route with real data; consoles that stay open pick up a rollback; a live version that fails to load, or
// throws later, falls back to the previous one in that tab and is rolled back automatically once enough admins
// fail on it; changed bytes are never served; the Releases screen rolls back, promotes, previews and runs a
// cohort; the shell is released the same way. Serial: each test starts from what the previous one left live;
// the last one puts everything back.

// Versions of their own for each attempt: a retry (CI retries once) starts again from the first test, and a
// version is published once for good.
let V1 = '1.1.0-e2e-a';
let V2 = '1.2.0-e2e-b';
let BROKEN = '1.3.0-e2e-broken';
let REACT20 = '1.4.0-e2e-react20';
let CONTRACT = '1.5.0-e2e-contract';
let THROWS = '1.6.0-e2e-throws';
/** Throws once its figures have arrived: after its first render (a patched source). */
let LATE = '1.7.0-e2e-late';
let attempt = '';
let lotteryLate = '';
let operator = '';

let temp: string;
let original: string;
const build = (version: string) => join(temp, version);
const timings: Record<string, number> = {};

type Admin = 'main' | 'ops' | 'field1' | 'field2';
async function consoleAs(browser: Browser, admin: Admin = 'main'): Promise<Page> {
  const context = await browser.newContext({
    storageState: storageStateFor(shellOrigin, runState().twoFactor[admin].session),
  });
  return context.newPage();
}

/** Every mf-mines file the page asks for, by the release folder it comes from. */
function minesFolders(page: Page): Set<string> {
  const folders = new Set<string>();
  page.on('request', (request) => {
    const match = /\/remotes\/mf-mines\/([^/]+)\//.exec(request.url());
    if (match?.[1]) folders.add(match[1]);
  });
  return folders;
}

const release = (page: Page) => page.locator('.shell-area-release');
const minesHeading = (page: Page) => page.getByRole('heading', { name: 'Mines – All-Time Mines Activity' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Through the sidebar (opening the area's group first): a navigation inside the open console. */
async function openFromSidebar(page: Page, group: string, href: string) {
  const link = nav(page).locator(`a[href="${href}"]`);
  // The group's name may go on with its queue badge ('Lottery, 3 waiting').
  if (!(await link.isVisible()))
    await nav(page)
      .getByRole('button', { name: new RegExp(`^${group}\\b`) })
      .click();
  await link.click();
}

async function markNoReload(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const retry = test.info().retry;
  if (retry) {
    attempt = `.retry${retry}`;
    [V1, V2, BROKEN, REACT20, CONTRACT, THROWS, LATE] = [V1, V2, BROKEN, REACT20, CONTRACT, THROWS, LATE].map(
      (version) => `${version}${attempt}`,
    ) as [string, string, string, string, string, string, string];
  }
  temp = mkdtempSync(join(tmpdir(), 'backoffice-releases-'));
  original = (await liveVersionOf('mines'))!;
  // The ops admin deploys with a token of their own: the history names them.
  const token = await useOperatorToken('e2e laptop');
  operator = `${token.owner} (token "${token.name}")`;
  // Two releases of the build live now, each under its own version, and a real build of a bug shipped
  // from the sources.
  const live = join(runState().releasesDir, 'mf-mines', original);
  for (const version of [V1, V2]) cloneBuild(live, build(version), version);
  await buildPatched('mf-mines', LATE, build(LATE), [
    {
      file: 'src/features/dashboard/MinesDashboard.tsx',
      find: 'function Tiles({ stats }: { stats: MinesStats | undefined }) {',
      replace:
        "function Tiles({ stats }: { stats: MinesStats | undefined }) {\n  if (stats) throw new Error('boom once the figures arrived');",
    },
  ]);

  // What goes wrong in a release, each made the way it happens (from a copy of V1 under its own version).
  for (const version of [BROKEN, REACT20, CONTRACT, THROWS]) cloneBuild(build(V1), build(version), version);
  for (const chunk of exposedChunks(build(BROKEN))) unlinkSync(join(build(BROKEN), chunk));
  editBuild(build(REACT20), 'mf-manifest.json', (text) => {
    const manifest = JSON.parse(text);
    for (const shared of manifest.shared)
      if (shared.name.startsWith('react')) shared.requiredVersion = '^20.0.0';
      else if (shared.name.startsWith('antd')) shared.requiredVersion = '^7.0.0';
    return JSON.stringify(manifest);
  });
  const contractFile = join(build(CONTRACT), 'release.json');
  const info = JSON.parse(readFileSync(contractFile, 'utf8'));
  info.contract.routes.minesStats = 'changed00000';
  writeFileSync(contractFile, JSON.stringify(info));
  const [chunk] = exposedChunks(build(THROWS));
  editBuild(build(THROWS), chunk!, (text) => `throw new Error("boom at import");${text}`);
  // The lottery as it is live, but its Open Lotteries screen throws: a route the old smoke never rendered.
  const lottery = (await liveVersionOf('lottery'))!;
  lotteryLate = `${lottery}-e2e-late${attempt}`;
  cloneBuild(join(runState().releasesDir, 'mf-lottery', lottery), build(lotteryLate), lotteryLate);
  editBuild(
    build(lotteryLate),
    chunkWith(build(lotteryLate), '"Open Lotteries"'),
    (text) => `throw new Error("boom on the open lotteries");${text}`,
  );

  for (const version of [V1, V2]) {
    const deploy = await mustRun('deploy', ['mines', '--from', build(version)]);
    timings.gatedDeploy = deploy.ms;
  }
  expect(await liveVersionOf('mines')).toBe(V2);
});

test.afterAll(async () => {
  // Everything as it was for the specs that follow.
  if (original && (await liveVersionOf('mines')) !== original)
    await mustRun('deploy', ['mines', original, '--reason', 'e2e: back to the start']);
  if (temp) rmSync(temp, { recursive: true, force: true });
  console.log(
    `[release timings] gated deploy (gate and smoke load included) ${timings.gatedDeploy} ms; ` +
      `rollback ${timings.rollback} ms; an open console showing the rolled-back version ${timings.pickup} ms after it`,
  );
});

test('the gate refuses a broken release, names the check, records it and leaves what is live', async () => {
  const cases = [
    ['mines', BROKEN, 'files', 'is missing'],
    ['mines', REACT20, 'shared', 'react ^20.0.0 is required; the shell provides 19'],
    ['mines', CONTRACT, 'contract', 'this API does not serve minesStats (changed)'],
    ['mines', THROWS, 'smoke', 'boom at import'],
    // Late failures: after the first render, with real data, on any route the area declares.
    ['mines', LATE, 'smoke', /\/mines\/dashboard error boundary: Error: boom once the figures arrived/],
    ['lottery', lotteryLate, 'smoke', /\/lottery\/open [a-z ]+: Error: boom on the open lotteries/],
  ] as const;
  for (const [area, version, check, text] of cases) {
    const live = await liveVersionOf(area);
    const deploy = await releaseCli('deploy', [area, '--from', build(version)]);
    expect(deploy.code, deploy.output).not.toBe(0);
    expect(deploy.output).toContain(`mf-${area} ${version} was refused: ${check} check failed`);
    if (typeof text === 'string') expect(deploy.output).toContain(text);
    else expect(deploy.output).toMatch(text);
    expect(await liveVersionOf(area)).toBe(live);
    const [last] = (await releasesOf(area)).history;
    expect(last).toMatchObject({ action: 'release.refused', to: version, actor: operator });
    // A refusal to publish leaves nothing behind: the same version can come again once fixed. A version
    // published but refused going live (shared, contract) stays: a later shell or API may take it.
    const published = (await releasesOf(area)).versions.some((v) => v.version === version);
    expect(published).toBe(check === 'shared' || check === 'contract');
    expect(existsSync(join(runState().releasesDir, `mf-${area}`, version))).toBe(published);
  }
});

test('a console open during a rollback loads the rolled-back version on its next navigation into the area', async ({
  browser,
}) => {
  const page = await consoleAs(browser);
  const folders = minesFolders(page);
  await page.goto('/mines/dashboard');
  await expect(minesHeading(page)).toBeVisible({ timeout: 30_000 });
  await expect(release(page)).toHaveText(`mf_mines ${V2}`);
  await openFromSidebar(page, 'Lottery', '/lottery/create-lottery');
  await expect(page.getByRole('heading', { name: 'Create Lottery', level: 1 })).toBeVisible();
  const lottery = await release(page).textContent();
  await markNoReload(page);

  const rollback = await mustRun('rollback', ['mines', '--reason', 'e2e: v2 is wrong']);
  timings.rollback = rollback.ms;
  expect(rollback.output).toContain(`mf-mines: ${V2} -> ${V1}`);
  const rolledBackAt = Date.now();

  await openFromSidebar(page, 'Mines', '/mines/dashboard');
  await expect(release(page)).toHaveText(`mf_mines ${V1}`, { timeout: 30_000 });
  timings.pickup = Date.now() - rolledBackAt;
  await expect(minesHeading(page)).toBeVisible();
  expect([...folders].sort()).toEqual([V1, V2].sort());
  expect(await notReloaded(page)).toBe(true);

  // The other area is the same build as before.
  await openFromSidebar(page, 'Lottery', '/lottery/create-lottery');
  await expect(release(page)).toHaveText(lottery ?? '');

  const [last] = (await releasesOf('mines')).history;
  expect(last).toMatchObject({
    action: 'release.rollback',
    from: V2,
    to: V1,
    actor: operator,
    reason: 'e2e: v2 is wrong',
  });
  await page.context().close();
});

test('an area on screen during a deploy says it was updated, and one click loads the new version', async ({
  browser,
}) => {
  const page = await consoleAs(browser);
  await page.clock.install();
  await page.goto('/mines/dashboard');
  await expect(release(page)).toHaveText(`mf_mines ${V1}`, { timeout: 30_000 });
  await markNoReload(page);
  await mustRun('deploy', ['mines', V2, '--reason', 'e2e: v2 fixed']);
  // The console re-reads what is live every minute while it is visible.
  await page.clock.fastForward('01:05');
  const banner = page.getByRole('status').filter({ hasText: 'Mines was updated' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(release(page)).toHaveText(`mf_mines ${V1}`);
  await saveScreenshot(page, 'area-updated-desktop');
  await banner.getByRole('button', { name: 'Reload' }).click();
  await expect(release(page)).toHaveText(`mf_mines ${V2}`, { timeout: 30_000 });
  await expect(minesHeading(page)).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(await notReloaded(page)).toBe(true);
  await page.context().close();
});

test('a broken live version falls back to the previous one by itself, and is rolled back once sessions fail on it', async ({
  browser,
}) => {
  // An emergency: the operator forces a release the gate refuses.
  const forced = await mustRun('deploy', [
    'mines',
    '--from',
    build(BROKEN),
    '--force',
    '--reason',
    'e2e: hotfix, forced',
  ]);
  expect(forced.output).toContain('(FORCED)');
  const [deployRecord] = (await releasesOf('mines')).history;
  expect(deployRecord).toMatchObject({
    action: 'release.deploy',
    to: BROKEN,
    forced: true,
    reason: 'e2e: hotfix, forced',
  });

  for (const admin of ['main', 'field1', 'field2'] as const) {
    const page = await consoleAs(browser, admin);
    await page.goto('/mines/dashboard');
    // The third session's report makes the API roll the version back: its console may learn that before
    // the fallback has mounted, and then simply shows the live version, without the notice.
    if (admin !== 'field2') {
      const notice = page
        .getByRole('status')
        .filter({ hasText: `Mines ${BROKEN} failed to load; showing ${V2}` });
      await expect(notice).toBeVisible({ timeout: 30_000 });
    }
    await expect(minesHeading(page)).toBeVisible({ timeout: 30_000 });
    await expect(release(page)).toHaveText(`mf_mines ${V2}`);
    if (admin === 'main') await saveScreenshot(page, 'area-fallback-desktop');
    // Each session's report reaches the API.
    await expect
      .poll(async () => (await releasesOf('mines')).failures.filter((f) => f.version === BROKEN).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await page.context().close();
  }

  // Three sessions failed on a version live for a minute: the API put the previous one back.
  await expect.poll(() => liveVersionOf('mines'), { timeout: 15_000 }).toBe(V2);
  const [auto] = (await releasesOf('mines')).history;
  expect(auto).toMatchObject({ action: 'release.auto-rollback', from: BROKEN, to: V2, actor: 'system' });
  // Three distinct admins who may open the area: each one voice.
  expect(auto?.detail).toMatch(
    new RegExp(`^3 of 3 admins failed on mf-mines ${BROKEN.replaceAll('.', '\\.')} within \\d+ min: `),
  );
  for (const admin of ['main', 'field1', 'field2'] as const)
    expect(auto?.detail).toContain(runState().twoFactor[admin].email);
});

test('a version that throws after its first render falls back in that tab by itself, with the notice, and reports it', async ({
  browser,
}) => {
  await mustRun('deploy', [
    'mines',
    '--from',
    build(LATE),
    '--force',
    '--reason',
    'e2e: forced past the smoke',
  ]);
  expect(await liveVersionOf('mines')).toBe(LATE);
  const page = await consoleAs(browser);
  await page.goto('/mines/dashboard');
  const notice = page.getByRole('status').filter({ hasText: `Mines ${LATE} failed to load; showing ${V2}` });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(minesHeading(page)).toBeVisible();
  await expect(release(page)).toHaveText(`mf_mines ${V2}`);
  await expect(page.getByText('This area is unavailable')).toHaveCount(0);
  await expect
    .poll(async () => (await releasesOf('mines')).failures.find((f) => f.version === LATE)?.message, {
      timeout: 15_000,
    })
    .toBe('boom once the figures arrived');
  await page.context().close();
  await mustRun('rollback', ['mines', '--reason', 'e2e: throws once its figures arrive']);
  expect(await liveVersionOf('mines')).toBe(V2);
});

test('changed bytes are never run: a proxy that changes them, or a file changed on disk, and the previous version stays usable', async ({
  browser,
}) => {
  const [chunk] = exposedChunks(build(V2));
  const live = join(runState().releasesDir, 'mf-mines', V2, chunk!);
  const sameSize = (text: string) => text.replace('mines', 'MINES');

  // A CDN or proxy between changes the chunk: the browser refuses it (subresource integrity).
  const proxied = await consoleAs(browser);
  await proxied.route(`**/remotes/mf-mines/${V2}/${chunk}`, async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, body: sameSize(await answer.text()) });
  });
  await proxied.goto('/mines/dashboard');
  await expect(
    proxied.getByRole('status').filter({ hasText: `Mines ${V2} failed to load; showing ${V1}` }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(minesHeading(proxied)).toBeVisible();
  await proxied.context().close();

  // The file itself changed on disk, same size: the console's server refuses it and tells the API.
  const original = readFileSync(live, 'utf8');
  writeFileSync(live, sameSize(original));
  const manifestFile = join(runState().releasesDir, 'mf-mines', V1, 'mf-manifest.json');
  const manifest = readFileSync(manifestFile, 'utf8');
  try {
    const fresh = await consoleAs(browser);
    await fresh.goto('/mines/dashboard');
    await expect(
      fresh.getByRole('status').filter({ hasText: `Mines ${V2} failed to load; showing ${V1}` }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(release(fresh)).toHaveText(`mf_mines ${V1}`);
    await fresh.context().close();
    await expect
      .poll(async () => (await releasesOf('mines')).versions.find((v) => v.version === V2)?.tampered, {
        timeout: 15_000,
      })
      .toEqual([chunk]);
    const check = await releaseCli('deploy', ['mines', V2, '--check']);
    expect(check.output).toContain(`${chunk} has changed since it was published`);
    expect(check.output).toContain('would be refused');

    // A changed manifest of the previous version: going back to it is refused.
    writeFileSync(manifestFile, manifest.replace('"mf_mines"', '"MF_MINES"'));
    const back = await releaseCli('rollback', ['mines', '--reason', 'e2e: to a changed version']);
    expect(back.code).not.toBe(0);
    expect(back.output).toContain('files check failed: mf-manifest.json has changed since it was published');
  } finally {
    writeFileSync(live, original);
    writeFileSync(manifestFile, manifest);
  }
  const whole = await mustRun('deploy', ['mines', V2, '--check']);
  expect(whole.output).toContain('would pass the gate');
  expect(
    (await releasesOf('mines')).history.some((e) => e.action === 'release.tampered' && e.to === V2),
  ).toBe(true);
});

test('ops: the Releases screen rolls back and promotes with a reason, and previews a version for their session only', async ({
  browser,
}) => {
  const ops = await consoleAs(browser, 'ops');
  await ops.goto('/releases');
  const mines = ops.getByRole('region', { name: 'Mines' });
  await expect(mines.getByText(V2, { exact: true }).first()).toBeVisible({ timeout: 30_000 });

  await saveScreenshot(ops, 'releases-desktop');
  await mines.getByRole('button', { name: /^Roll back Mines/ }).click();
  const dialog = ops.getByRole('alertdialog', { name: 'Roll back Mines?' });
  await expect(dialog).toContainText(`Mines: ${V2} → `);
  await saveScreenshot(ops, 'releases-rollback-dialog-desktop');
  await dialog.getByRole('button', { name: 'Roll back' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('e2e: from the screen');
  await dialog.getByRole('button', { name: 'Roll back' }).click();
  await expect(dialog).toBeHidden();
  const back = await liveVersionOf('mines');
  expect(back).not.toBe(V2);
  await expect(ops.getByRole('alert').filter({ hasText: `Mines is now ${back}` })).toBeVisible();
  expect((await releasesOf('mines')).history[0]).toMatchObject({
    action: 'release.rollback',
    actor: runState().twoFactor.ops.email,
    reason: 'e2e: from the screen',
  });

  await mines.getByRole('button', { name: `Promote Mines ${V2}` }).click();
  const promote = ops.getByRole('alertdialog', { name: `Promote Mines ${V2}?` });
  await promote.getByLabel('Reason').fill('e2e: v2 again');
  await promote.getByRole('button', { name: 'Promote' }).click();
  await expect.poll(() => liveVersionOf('mines')).toBe(V2);

  // A preview of V1 in this tab: ops reads every area (with real data), changes nothing outside releases;
  // everyone else keeps the live version.
  await mines.getByRole('button', { name: `Preview Mines ${V1}` }).click();
  await expect(ops).toHaveURL(/\/mines\/dashboard$/);
  const banner = ops.getByRole('status').filter({ hasText: `Preview mines ${V1}` });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(release(ops)).toHaveText(`mf_mines ${V1}`);
  await expect(minesHeading(ops)).toBeVisible();
  await expect(ops.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(ops, 'area-preview-desktop');
  const other = await consoleAs(browser, 'field1');
  await other.goto('/mines/dashboard');
  await expect(release(other)).toHaveText(`mf_mines ${V2}`, { timeout: 30_000 });
  await banner.getByRole('button', { name: 'Exit preview' }).click();
  await expect(release(ops)).toHaveText(`mf_mines ${V2}`, { timeout: 30_000 });
  await expect(banner).toHaveCount(0);

  // A cohort: V1 live for the ops admins first, everyone else on V2.
  await mustRun('deploy', ['mines', V1, '--cohort', 'ops', '--reason', 'e2e: ops try it first']);
  await ops.goto('/mines/dashboard');
  await expect(release(ops)).toHaveText(`mf_mines ${V1}`, { timeout: 30_000 });
  await other.goto('/mines/dashboard');
  await expect(release(other)).toHaveText(`mf_mines ${V2}`, { timeout: 30_000 });
  await ops.goto('/releases');
  const cohort = mines.getByRole('region', { name: /Cohort: / });
  await expect(cohort).toContainText(`Cohort: ${V1}`, { timeout: 30_000 });
  await expect(cohort).toContainText('ops admins');
  await saveScreenshot(ops, 'releases-cohort-desktop');
  // Rolling back ends the cohort: its admins are back on the live version.
  await mustRun('rollback', ['mines', '--reason', 'e2e: cohort done']);
  expect((await liveRegistry()).remotes.find((r) => r.area === 'mines')?.version).toBe(V2);
  await ops.goto('/mines/dashboard');
  await expect(release(ops)).toHaveText(`mf_mines ${V2}`, { timeout: 30_000 });

  // A superadmin sees the operators' tokens (the ops admin's, made in set-up).
  const admin = await consoleAs(browser, 'main');
  await admin.goto('/releases');
  const tokens = admin.getByRole('region', { name: 'Operator tokens', exact: true });
  await expect(tokens.getByText('e2e laptop')).toBeVisible({ timeout: 30_000 });
  await tokens.scrollIntoViewIfNeeded();
  await saveScreenshot(admin, 'releases-operator-tokens-desktop');
  await ops.goto('/releases');
  // The screen at a phone's width.
  await ops.setViewportSize({ width: 390, height: 844 });
  await ops.reload();
  await expect(mines.getByText(V2, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(ops, 'releases-mobile');
  for (const page of [ops, admin, other]) await page.context().close();
});

test('the shell is released like an area: gated, announced to open consoles, rolled back', async ({
  browser,
}) => {
  const live = (await liveRegistry()).shell!.version;
  const next = `${live}-e2e-next${attempt}`;
  // The same build under a new version (its release.json says so; its files are untouched).
  const dir = join(temp, 'shell-next');
  cpSync(join(runState().releasesDir, 'shell', live), dir, { recursive: true });
  const infoFile = join(dir, 'release.json');
  writeFileSync(infoFile, JSON.stringify({ ...JSON.parse(readFileSync(infoFile, 'utf8')), version: next }));

  const page = await consoleAs(browser);
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });

  // Smoke-tested against the areas live at that moment: every route of each, with real data.
  const deploy = await mustRun('deploy', ['shell', '--from', dir]);
  expect(deploy.output).toMatch(/smoke +mf_lottery: 9 routes rendered with real data; mf_finance: 4 routes/);
  expect((await liveRegistry()).shell?.version).toBe(next);
  const html = await (await fetch(shellOrigin)).text();
  expect(html).toContain(`"shell":{"version":"${next}"`);

  await page.clock.fastForward('01:05');
  const banner = page.getByRole('status').filter({ hasText: 'The console was updated' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await saveScreenshot(page, 'console-updated-desktop');

  const back = await mustRun('rollback', ['shell', '--reason', 'e2e: back']);
  expect(back.output).toMatch(/smoke +mf_lottery: 9 routes rendered with real data/);
  expect((await liveRegistry()).shell?.version).toBe(live);
  await expect
    .poll(async () => (await (await fetch(shellOrigin)).text()).includes(`"shell":{"version":"${live}"`))
    .toBe(true);
  await page.context().close();
});
