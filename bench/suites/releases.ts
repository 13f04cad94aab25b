import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { snapshotsDir } from '../lib/paths.ts';
import { run } from '../lib/processes.ts';
import { liveRegistry, mustRelease, serveConsole, signedInState } from '../lib/releases.ts';
import { median } from '../lib/stats.ts';
import type { BenchContext, Comparison, Suite } from './types.ts';

/**
 * Real builds of mf-mines, each under a version of its own: each round deploys a new B (`-b1`, `-b2`...: a
 * version published once is live again without a new smoke load), then rolls back to A.
 */
const A = '1.0.0-bench-a';
const B = '1.0.0-bench-b';
const bOfRound = (n: number) => `${B}${n}`;

/**
 * Targets on this 2-core machine (bench/README.md): an operator waits on the first two, admins on the third.
 * A gated deploy includes the smoke load the API runs: every route of the area, with real data.
 */
const DEPLOY_MS = 20_000;
const ROLLBACK_MS = 2_000;
const PICKUP_MS = 2_000;

declare global {
  interface Window {
    __benchNoReload?: boolean;
  }
}

/** `pnpm -C mf-mines exec rsbuild build` under MF_BUILD_VERSION, into a folder of the snapshots. */
async function buildMines(bench: BenchContext, version: string): Promise<string> {
  const dist = join(snapshotsDir, `mf-mines-${version}`);
  const info = join(dist, 'release.json');
  if (!bench.build && existsSync(info) && JSON.parse(readFileSync(info, 'utf8')).version === version)
    return dist;
  bench.log(`building mf-mines ${version} ...`);
  // Rsbuild empties only a dist folder inside the project: a folder elsewhere is emptied here.
  rmSync(dist, { recursive: true, force: true });
  await run('pnpm', ['-C', 'mf-mines', 'exec', 'rsbuild', 'build', '--dist-path', dist], {
    env: { MF_BUILD_VERSION: version },
  });
  return dist;
}

/** Through the sidebar (its group opened first when closed): a navigation inside the open console. */
async function openFromSidebar(page: Page, group: string, href: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.locator(`a[href="${href}"]`);
  // The group's name may go on with its queue badge ('Lottery, 3 waiting').
  if (!(await link.isVisible())) await nav.getByRole('button', { name: new RegExp(`^${group}\\b`) }).click();
  await link.click();
}

/** Date.now() in the page at the first frame where the area's version line (`mf_mines 1.2.0`) starts with `text`. */
async function shownAt(page: Page, text: string): Promise<number> {
  const seen = await page.waitForFunction(
    (expected) =>
      (document.querySelector('.shell-area-release')?.textContent?.trim().startsWith(expected) ?? false) &&
      Date.now(),
    text,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await seen.jsonValue()) as number;
}

interface Sample {
  deployMs: number;
  rollbackMs: number;
  pickupMs: number;
  reloaded: boolean;
}

/**
 * One round: deploy B (the gate and its smoke load in Chromium included); a signed-in page on
 * /mines/dashboard shows B; it opens another area through the sidebar; mines is rolled back to A; the
 * page comes back to mines through the sidebar, without a reload, and shows A.
 */
async function round(bench: BenchContext, origin: string, builtB: string, n: number): Promise<Sample> {
  const api = await bench.console();
  const b = bOfRound(n);
  const deploy = await mustRelease(api, 'deploy', ['mines', '--from', builtB, '--reason', `bench #${n}`]);
  const context = await (await bench.browser()).newContext({
    viewport: { width: 1440, height: 900 },
    ...(await signedInState(bench, origin)),
  });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/mines/dashboard`);
    await shownAt(page, `mf_mines ${b}`);
    await openFromSidebar(page, 'Lottery', '/lottery/create-lottery');
    await shownAt(page, 'mf_lottery ');
    await page.evaluate(() => {
      window.__benchNoReload = true;
    });
    const rollback = await mustRelease(api, 'rollback', ['mines', '--reason', `bench #${n}`]);
    if (!rollback.output.includes(`mf-mines: ${b} -> ${A}`))
      throw new Error(`the rollback did not go from ${b} to ${A}:\n${rollback.output}`);
    await openFromSidebar(page, 'Mines', '/mines/dashboard');
    const pickupMs = (await shownAt(page, `mf_mines ${A}`)) - rollback.endedAt;
    const reloaded = !(await page.evaluate(() => window.__benchNoReload === true));
    bench.log(
      `  #${n}: deploy ${deploy.ms.toFixed(0)} ms, rollback ${rollback.ms.toFixed(0)} ms, ` +
        `picked up ${pickupMs} ms after it`,
    );
    return { deployMs: deploy.ms, rollbackMs: rollback.ms, pickupMs, reloaded };
  } finally {
    await context.close();
  }
}

export const releasesSuite: Suite = {
  name: 'releases',
  description:
    'A gated deploy and a rollback of mf-mines with the release CLI, and an open console picking up the rollback',
  async run(bench) {
    const api = await bench.console();
    const { origin, publishMs } = await serveConsole(bench);
    const original = (await liveRegistry(api)).remotes.find((remote) => remote.area === 'mines')?.version;
    if (!original) throw new Error('mines is not live');
    // Two at a time: 2 cores.
    const versions = [A, ...Array.from({ length: bench.samples }, (_, i) => bOfRound(i + 1))];
    const built: string[] = [];
    for (let i = 0; i < versions.length; i += 2)
      built.push(...(await Promise.all(versions.slice(i, i + 2).map((v) => buildMines(bench, v)))));
    const [builtA, ...builtBs] = built;
    // A goes live first (untimed): the version each rollback goes back to.
    await mustRelease(api, 'deploy', ['mines', '--from', builtA!, '--reason', 'bench']);
    const samples: Sample[] = [];
    try {
      for (let n = 1; n <= bench.samples; n++) samples.push(await round(bench, origin, builtBs[n - 1]!, n));
    } finally {
      // What was live before, for the suites that follow.
      await mustRelease(api, 'deploy', ['mines', original, '--reason', 'bench: back to the start']);
    }

    const pick = (key: 'deployMs' | 'rollbackMs' | 'pickupMs') => samples.map((sample) => sample[key]);
    const rows = (metric: string, values: number[], targetMs: number): Comparison[] => [
      { metric, unit: 'ms', baseline: targetMs, subject: Math.round(median(values)), maxRatio: 1 },
      { metric: '  slowest', unit: 'ms', baseline: null, subject: Math.round(Math.max(...values)) },
    ];
    const reloads = samples.filter((sample) => sample.reloaded).length;
    // Each area's first publish through the gate (under the live shell): its smoke load renders every route.
    const firstPublish: Comparison[] = Object.entries(publishMs)
      .filter(([part]) => part !== 'shell')
      .map(([part, ms]) => ({
        metric: `gated publish of ${part} (every route rendered), wall time`,
        unit: 'ms',
        baseline: DEPLOY_MS,
        subject: Math.round(ms),
        maxRatio: 1,
      }));
    return [
      {
        suite: 'releases',
        title: `releases: mf-mines ${A} / ${B}<n> on this machine, median of ${bench.samples}`,
        baselineLabel: 'target',
        subjectLabel: 'measured',
        comparisons: [
          ...rows('gated deploy (gate, smoke load), command wall time', pick('deployMs'), DEPLOY_MS),
          ...firstPublish,
          ...rows('rollback, command wall time', pick('rollbackMs'), ROLLBACK_MS),
          ...rows('open console shows the rolled-back version', pick('pickupMs'), PICKUP_MS),
        ],
        details: { samples, versions: { A, B: versions.slice(1), original } },
        warnings: reloads ? [`${reloads} page(s) reloaded to pick the rollback up`] : [],
      },
    ];
  },
};
