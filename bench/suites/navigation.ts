import type { Page } from '@playwright/test';
import {
  armNavigation,
  header,
  type NetworkEntry,
  navigationMs,
  openPage,
  type ReadySpec,
  type WatchedNetwork,
  whenReady,
} from '../lib/first-load.ts';
import { serveConsole, signedInState } from '../lib/releases.ts';
import { median } from '../lib/stats.ts';
import { listPage } from './first-load.ts';
import type { BenchContext, Comparison, Suite, SuiteReport } from './types.ts';

/**
 * docs/performance.md: an admin moving around a console that is already open, signed in. Each sample is one
 * new browser context with its HTTP cache on (empty at first):
 *
 * 1. /lottery/open, loaded cold;
 * 2. reloaded (the warm reload: what a second visit asks the server for);
 * 3. to /lottery/upcoming through the sidebar: within the area, its remote loaded;
 * 4. to /withdrawals/pending through the sidebar (Withdrawals opened first, untimed): another area whose
 *    remote is not loaded yet, nor in the HTTP cache;
 * 5. /lottery/open loaded again, then the same click: another area whose files are in the HTTP cache
 *    since step 4 (no target);
 * 6. the same once more with the console's background loading of the other areas on (off elsewhere in
 *    the bench, shell/src/federation/preload.ts): the page left open until they loaded, then the click.
 *
 * A navigation's time runs from the click (its event time in the page) until the new page is usable
 * (its h1 and rows, lib/first-load.ts's probe).
 */

const START = { path: '/lottery/open', ready: listPage('Open Lotteries') };

interface SidebarLink {
  path: string;
  /** The sidebar group holding the link, opened (untimed) when closed. */
  group: string;
  ready: ReadySpec;
}
const WITHIN: SidebarLink = {
  path: '/lottery/upcoming',
  group: 'Lottery',
  ready: listPage('Upcoming Lotteries'),
};
const OTHER_AREA: SidebarLink = {
  path: '/withdrawals/pending',
  group: 'Withdrawals',
  ready: listPage('Pending Withdrawals'),
};

/** The targets at CPU 1x, on the median (docs/performance.md). */
const OTHER_AREA_MS = 400;
const WITHIN_MS = 150;

const CPU_RATES = [1, 4] as const;

const pathOf = (entry: NetworkEntry) => new URL(entry.url).pathname;
/** Content-hashed build output: the shell's /static/... and each release's /remotes/<area>/<version>/static/... */
const isHashed = (entry: NetworkEntry) => /^\/(remotes\/[^/]+\/[^/]+\/)?static\//.test(pathOf(entry));
const isManifest = (entry: NetworkEntry) => pathOf(entry).endsWith('/mf-manifest.json');
const isApi = (entry: NetworkEntry) => pathOf(entry).startsWith('/api/');
/** A request the server saw (not answered by the browser's cache). */
const reachedServer = (entry: NetworkEntry) => !entry.fromCache && !entry.url.startsWith('data:');
const cacheControl = (entry: NetworkEntry) => header(entry.headers, 'cache-control') ?? '';
const cachedForGood = (entry: NetworkEntry) =>
  /max-age=31536000/.test(cacheControl(entry)) && /immutable/.test(cacheControl(entry));
const count = (entries: NetworkEntry[], keep: (entry: NetworkEntry) => boolean) =>
  entries.filter(keep).length;

/** A click on a sidebar link of the open page: ms until the new page is usable, and its requests. */
async function navigate(page: Page, network: WatchedNetwork, to: SidebarLink) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.locator(`a[href="${to.path}"]`);
  // The group's name may go on with its queue badge ('Withdrawals, 12 waiting').
  if (!(await link.isVisible()))
    await nav.getByRole('button', { name: new RegExp(`^${to.group}\\b`) }).click();
  await link.waitFor();
  await armNavigation(page, to.ready);
  const before = new Set(network.requests.keys());
  await link.click();
  const ms = await navigationMs(page);
  await network.idle(to.path);
  return { ms, requests: network.since(before) };
}

interface Sample {
  cold: { ms: number; requests: NetworkEntry[] };
  warm: { ms: number; requests: NetworkEntry[] };
  within: { ms: number; requests: NetworkEntry[] };
  otherArea: { ms: number; requests: NetworkEntry[] };
  otherAreaCached: { ms: number; requests: NetworkEntry[] };
  otherAreaPreloaded: { ms: number; requests: NetworkEntry[] };
}

/** The console's /config.js with background loading of the other areas on, soon after a page opens. */
async function preloadedAreas(page: Page, origin: string) {
  await page.route(`${origin}/config.js`, async (route) => {
    const response = await route.fetch();
    const body = `${await response.text()}\nwindow.__BACKOFFICE_CONFIG__ = { ...window.__BACKOFFICE_CONFIG__, preloadAreasMs: 300 };\n`;
    await route.fulfill({ response, body });
  });
}

async function sample(bench: BenchContext, origin: string, cpuRate: number): Promise<Sample> {
  const { context, page, network, pageErrors } = await openPage(await bench.browser(), {
    cpuRate,
    ready: START.ready,
    context: await signedInState(bench, origin),
    cacheDisabled: false,
  });
  const url = origin + START.path;
  const load = async (go: () => Promise<unknown>) => {
    const before = new Set(network.requests.keys());
    await go();
    const ms = await whenReady(page, url, pageErrors);
    await network.idle(url);
    return { ms, requests: network.since(before) };
  };
  try {
    const cold = await load(() => page.goto(url, { waitUntil: 'commit' }));
    const warm = await load(() => page.reload({ waitUntil: 'commit' }));
    const within = await navigate(page, network, WITHIN);
    const otherArea = await navigate(page, network, OTHER_AREA);
    await load(() => page.goto(url, { waitUntil: 'commit' }));
    const otherAreaCached = await navigate(page, network, OTHER_AREA);
    await preloadedAreas(page, origin);
    await load(() => page.goto(url, { waitUntil: 'commit' }));
    // The areas load one after the other (finance, support and users, mines): finance is in once the
    // next one has started.
    await untilRequested(network, '/remotes/mf-support-users/');
    await network.idle(url);
    const otherAreaPreloaded = await navigate(page, network, OTHER_AREA);
    return { cold, warm, within, otherArea, otherAreaCached, otherAreaPreloaded };
  } finally {
    await context.close();
  }
}

/** Waits until the current page has asked for a file under `prefix`. */
async function untilRequested(network: WatchedNetwork, prefix: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!network.since(new Set()).some((entry) => pathOf(entry).startsWith(prefix))) {
    if (Date.now() > deadline) throw new Error(`the console never asked for ${prefix} in the background`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function navigationReport(bench: BenchContext, samples: Record<number, Sample[]>): SuiteReport {
  const rows: Comparison[] = [];
  const timed = (
    metric: string,
    pick: (sample: Sample) => { ms: number; requests: NetworkEntry[] },
    targetMs?: number,
  ) => {
    for (const cpuRate of CPU_RATES) {
      const values = samples[cpuRate]!.map((s) => pick(s).ms);
      const target = cpuRate === 1 ? targetMs : undefined;
      rows.push({
        metric: `${metric}, CPU ${cpuRate}x`,
        unit: 'ms',
        baseline: target ?? null,
        // Whole ms, as the releases suite gives its figures.
        subject: Math.round(median(values)),
        ...(target ? { maxRatio: 1 } : {}),
      });
    }
    const at1 = samples[1]!.map((s) => pick(s).requests);
    rows.push(
      {
        metric: '  its requests to the server (CPU 1x)',
        unit: 'count',
        baseline: null,
        subject: median(at1.map((requests) => count(requests, reachedServer))),
      },
      {
        metric: '  its slowest API call (CPU 1x)',
        unit: 'ms',
        baseline: null,
        subject: median(
          at1.map((requests) => Math.max(0, ...requests.filter(isApi).map((e) => e.durationMs ?? 0))),
        ),
      },
    );
  };
  timed(`within the area: ${START.path} -> ${WITHIN.path}`, (s) => s.within, WITHIN_MS);
  timed(`another area, not loaded: ${WITHIN.path} -> ${OTHER_AREA.path}`, (s) => s.otherArea, OTHER_AREA_MS);
  timed(`the same, its files in the HTTP cache`, (s) => s.otherAreaCached);
  timed(`the same, loaded in the background while the page was open`, (s) => s.otherAreaPreloaded);
  const warnings = samples[1]!.some(
    (s) => !s.otherArea.requests.some((e) => pathOf(e).startsWith('/remotes/')),
  )
    ? [`no request under /remotes/ when opening ${OTHER_AREA.path}: its remote was loaded already`]
    : [];
  return {
    suite: 'navigation',
    title: `Navigation through the sidebar, signed in, click to usable, median of ${bench.samples}`,
    baselineLabel: 'target',
    subjectLabel: 'console',
    comparisons: rows,
    details: Object.fromEntries(
      CPU_RATES.map((rate) => [
        `${rate}x`,
        samples[rate]!.map((s) => ({
          within: s.within.ms,
          otherArea: s.otherArea.ms,
          cached: s.otherAreaCached.ms,
          preloaded: s.otherAreaPreloaded.ms,
        })),
      ]),
    ),
    warnings,
  };
}

function warmReloadReport(bench: BenchContext, samples: Record<number, Sample[]>): SuiteReport {
  const at1 = samples[1]!;
  const row = (
    metric: string,
    unit: Comparison['unit'],
    pick: (load: Sample['cold']) => number,
    target: { maxRatio?: number } = {},
  ): Comparison => ({
    metric,
    unit,
    baseline: median(at1.map((s) => pick(s.cold))),
    subject: median(at1.map((s) => pick(s.warm))),
    ...target,
  });
  const server = (load: Sample['cold']) => load.requests.filter(reachedServer);
  // Headers as the cold loads received them, once per file: what the browser was told it may keep.
  const cold = [
    ...new Map(at1.flatMap((s) => server(s.cold)).map((entry) => [pathOf(entry), entry])).values(),
  ];
  const hashed = cold.filter(isHashed);
  const manifests = cold.filter(isManifest);
  const warnings = [
    ...hashed
      .filter((entry) => !cachedForGood(entry))
      .map((entry) => `${pathOf(entry)}: Cache-Control '${cacheControl(entry)}', not a year and immutable`),
    ...manifests
      .filter((entry) => !/no-cache/.test(cacheControl(entry)))
      .map((entry) => `${pathOf(entry)}: Cache-Control '${cacheControl(entry)}', not no-cache`),
    ...at1
      .flatMap((s) => server(s.warm).filter(isHashed))
      .map((entry) => `warm reload asked the server for ${pathOf(entry)} (HTTP ${entry.wireStatus})`),
  ];
  return {
    suite: 'navigation',
    title: `Warm reload of ${START.path} (the same browser after a cold load), CPU 1x, median of ${bench.samples}`,
    baselineLabel: 'cold load',
    subjectLabel: 'warm reload',
    comparisons: [
      row('requests', 'count', (load) => load.requests.length),
      row('  answered by the browser cache', 'count', (load) => count(load.requests, (e) => e.fromCache)),
      row('  to the server', 'count', (load) => server(load).length),
      // The target: none of them (a ratio of 0 to the cold load's).
      row(
        '  hashed files (shell and remotes) from the server',
        'count',
        (load) => count(server(load), isHashed),
        {
          maxRatio: 0,
        },
      ),
      row('  mf-manifest.json from the server', 'count', (load) => count(server(load), isManifest)),
      row('  revalidated (304 Not Modified)', 'count', (load) =>
        count(server(load), (e) => e.wireStatus === 304),
      ),
      row('  API calls', 'count', (load) => count(server(load), isApi)),
      row('page usable', 'ms', (load) => load.ms),
      {
        metric: 'page usable, CPU 4x',
        unit: 'ms',
        baseline: median(samples[4]!.map((s) => s.cold.ms)),
        subject: median(samples[4]!.map((s) => s.warm.ms)),
      },
      // Every hashed file the cold loads received, against those sent as cacheable for good.
      {
        metric: 'hashed files sent max-age=31536000, immutable',
        unit: 'count',
        baseline: hashed.length,
        subject: count(hashed, cachedForGood),
        minRatio: 1,
      },
      {
        metric: 'mf-manifest.json sent no-cache (revalidated)',
        unit: 'count',
        baseline: manifests.length,
        subject: count(manifests, (e) => /no-cache/.test(cacheControl(e))),
        minRatio: 1,
      },
    ],
    details: {
      warmRequestsToServer: at1.map((s) => server(s.warm).map((e) => `${e.wireStatus} ${pathOf(e)}`)),
    },
    warnings: [...new Set(warnings)],
  };
}

export const navigationSuite: Suite = {
  name: 'navigation',
  description: 'An open console: a warm reload, and the sidebar within an area and to another area',
  async run(bench) {
    const { origin } = await serveConsole(bench);
    // One uncounted sample: the server's compressed cache, the API's first queries.
    await sample(bench, origin, 1);
    const samples: Record<number, Sample[]> = {};
    for (const cpuRate of CPU_RATES) {
      samples[cpuRate] = [];
      for (let n = 0; n < bench.samples; n++) {
        const s = await sample(bench, origin, cpuRate);
        samples[cpuRate].push(s);
        bench.log(
          `  ${cpuRate}x #${n + 1}: cold ${s.cold.ms.toFixed(0)} ms, warm reload ${s.warm.ms.toFixed(0)} ms ` +
            `(${count(s.warm.requests, reachedServer)} requests to the server), within ${s.within.ms.toFixed(0)} ms, ` +
            `other area ${s.otherArea.ms.toFixed(0)} ms (cached ${s.otherAreaCached.ms.toFixed(0)} ms)`,
        );
      }
    }
    return [navigationReport(bench, samples), warmReloadReport(bench, samples)];
  },
};
