import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { BrowserContextOptions } from '@playwright/test';
import { type LoadSample, measureFirstLoad, type ReadySpec } from '../lib/first-load.ts';
import { median, summary } from '../lib/stats.ts';
import type { BenchContext, Comparison, Suite, SuiteReport } from './types.ts';

/** A page of an app, loaded cold. */
export interface PageTarget {
  app: string;
  path: string;
  ready: ReadySpec;
  /** Context options, e.g. a signed-in storage state for console pages. */
  context?(bench: BenchContext): Promise<BrowserContextOptions>;
}

/** One line of the suite: a console page, optionally against a baseline page, with its targets. */
export interface PageBench {
  name: string;
  subject: PageTarget;
  baseline?: PageTarget & { label: string };
  targets: { gzipMaxRatio?: number; time4xMaxRatio?: number };
}

const signInForm: ReadySpec = {
  selectors: ['input[type="email"]', 'input[type="password"]'],
  buttons: ['Sign In'],
};

/**
 * The pages measured. Adding one is adding an entry here (signed-in pages will give `context` a
 * storage state and need the API and remotes served; see README in this folder).
 */
export const pages: PageBench[] = [
  {
    name: 'sign-in',
    subject: { app: 'shell', path: '/auth/signin', ready: signInForm },
    baseline: { label: 'floor', app: 'floor', path: '/auth/signin', ready: signInForm },
    targets: { gzipMaxRatio: 1.3, time4xMaxRatio: 1.2 },
  },
];

const CPU_RATES = [1, 4] as const;

/** Decoded bytes must equal the file served from dist: a check that the byte counting is right. */
function checkAgainstDist(sample: LoadSample, origin: string, dist: string): string[] {
  const problems: string[] = [];
  for (const resource of sample.resources) {
    if ((resource.kind !== 'js' && resource.kind !== 'css') || !resource.url.startsWith(origin)) continue;
    const pathname = decodeURIComponent(new URL(resource.url).pathname);
    const file = normalize(join(dist, pathname));
    // Deploy-time files replaced by serve.mjs (BACKOFFICE_CONFIG, REMOTES_REGISTRY) differ on purpose.
    if (pathname === '/config.js' || pathname === '/remotes.json') continue;
    if (!file.startsWith(dist) || !existsSync(file)) continue;
    const size = statSync(file).size;
    if (size !== resource.decodedBody) {
      problems.push(`${pathname}: decoded ${resource.decodedBody} B but the file has ${size} B`);
    }
  }
  return problems;
}

function bytesOf(
  samples: LoadSample[],
  pick: (sample: LoadSample) => number,
  what: string,
  warnings: string[],
) {
  const values = samples.map(pick);
  if (new Set(values).size > 1) warnings.push(`${what} varies between samples: ${values.join(', ')}`);
  return median(values);
}

async function measurePage(bench: BenchContext, page: PageBench): Promise<SuiteReport> {
  const browser = await bench.browser();
  const targets = [
    { role: 'subject' as const, target: page.subject },
    ...(page.baseline ? [{ role: 'baseline' as const, target: page.baseline }] : []),
  ];
  const prepared = await Promise.all(
    targets.map(async ({ role, target }) => ({
      role,
      target,
      origin: await bench.serve(target.app),
      context: target.context ? await target.context(bench) : {},
    })),
  );
  const samples: Record<'subject' | 'baseline', Record<number, LoadSample[]>> = { subject: {}, baseline: {} };
  const warnings = new Set<string>();

  for (const cpuRate of CPU_RATES) {
    // One uncounted warm-up load each: the server's gzip cache, Chromium's first renderer start.
    for (const { target, origin, context } of prepared) {
      await measureFirstLoad(browser, { url: origin + target.path, cpuRate, ready: target.ready, context });
    }
    // Interleaved, so that drift on the machine hits both sides alike.
    for (let n = 0; n < bench.samples; n++) {
      for (const { role, target, origin, context } of prepared) {
        const sample = await measureFirstLoad(browser, {
          url: origin + target.path,
          cpuRate,
          ready: target.ready,
          context,
        });
        for (const warning of sample.warnings) warnings.add(`${role}: ${warning}`);
        for (const problem of checkAgainstDist(sample, origin, bench.servedDir(target.app))) {
          warnings.add(`${role}: ${problem}`);
        }
        const bucket = samples[role][cpuRate] ?? [];
        bucket.push(sample);
        samples[role][cpuRate] = bucket;
        bench.log(
          `  ${role === 'subject' ? page.name : page.baseline?.label} ${cpuRate}x #${n + 1}: ` +
            `${sample.readyMs.toFixed(0)} ms, ${sample.jsCss.gzip} B gzip`,
        );
      }
    }
  }

  const list = [...warnings];
  const side = (role: 'subject' | 'baseline') => {
    const at1 = samples[role][1] ?? [];
    const at4 = samples[role][4] ?? [];
    const all = [...at1, ...at4];
    return {
      requests: bytesOf(all, (s) => s.jsCss.requests, `${role} JS+CSS requests`, list),
      raw: bytesOf(all, (s) => s.jsCss.raw, `${role} JS+CSS raw bytes`, list),
      gzip: bytesOf(all, (s) => s.jsCss.gzip, `${role} JS+CSS gzip bytes`, list),
      htmlGzip: bytesOf(all, (s) => s.html.gzip, `${role} HTML gzip bytes`, list),
      inline: bytesOf(all, (s) => s.html.inlineJsCss, `${role} inline JS+CSS bytes`, list),
      // Informative only: a favicon request may or may not happen within a sample.
      allGzip: median(all.map((s) => s.all.gzip)),
      allRequests: median(all.map((s) => s.all.requests)),
      ready1: summary(at1.map((s) => s.readyMs)),
      ready4: summary(at4.map((s) => s.readyMs)),
      // Chromium does not always report a paint entry in time; the median is over the samples that have one.
      fcp4: summary(
        at4.flatMap((s) => (s.firstContentfulPaintMs === null ? [] : [s.firstContentfulPaintMs])),
      ),
      resources: at1[0]?.resources ?? [],
    };
  };
  const subject = side('subject');
  const baseline = page.baseline ? side('baseline') : null;
  const row = (
    metric: string,
    unit: Comparison['unit'],
    pick: (s: ReturnType<typeof side>) => number,
    maxRatio?: number,
  ): Comparison => ({
    metric,
    unit,
    baseline: baseline ? pick(baseline) : null,
    subject: pick(subject),
    ...(maxRatio === undefined ? {} : { maxRatio }),
  });

  return {
    suite: 'first-load',
    title: `First load of ${page.subject.path} (${page.name}), cold cache, median of ${bench.samples}`,
    baselineLabel: page.baseline?.label ?? '-',
    subjectLabel: page.name,
    comparisons: [
      row('JS+CSS requests', 'count', (s) => s.requests),
      row('JS+CSS bytes (raw)', 'bytes', (s) => s.raw),
      row('JS+CSS bytes (gzip)', 'bytes', (s) => s.gzip, page.targets.gzipMaxRatio),
      row('inline JS+CSS in the HTML (raw)', 'bytes', (s) => s.inline),
      row('HTML document (gzip)', 'bytes', (s) => s.htmlGzip),
      row('all responses (gzip)', 'bytes', (s) => s.allGzip),
      row('all requests', 'count', (s) => s.allRequests),
      row('form visible, CPU 1x', 'ms', (s) => s.ready1.median),
      row('form visible, CPU 4x', 'ms', (s) => s.ready4.median, page.targets.time4xMaxRatio),
      row('first contentful paint, CPU 4x', 'ms', (s) => s.fcp4.median),
    ],
    details: { subject, baseline },
    warnings: list,
  };
}

export const firstLoadSuite: Suite = {
  name: 'first-load',
  description: 'Cold first load of console pages against the floor (bytes and time until usable)',
  async run(bench) {
    const reports: SuiteReport[] = [];
    for (const page of pages) reports.push(await measurePage(bench, page));
    return reports;
  },
};
