import { performance } from 'node:perf_hooks';
import { startLoadGenerator } from '../lib/load.ts';
import { memoryOf, ownDatabase, startOwnApi } from '../lib/own-api.ts';
import { median, percentile } from '../lib/stats.ts';
import type { Comparison, Suite, SuiteReport } from './types.ts';

/**
 * The API's memory under list load for BENCH_MEMORY_SECONDS (600) (docs/performance.md): the API of the
 * export suite (lib/own-api.ts: `pnpm -C api start`, default heap, 1M transactions, 10k users, 100k
 * withdrawals), the load generator's 32 closed-loop connections on a mix of list calls, and the API's
 * RSS (/proc) and V8 heap (lib/heap-probe.mjs) every second. Target: flat, i.e. the median RSS of the
 * last minute at most 1.1x that of the first minute (both windows are a quarter of the run when it is
 * shorter than 4 minutes).
 */

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 600);
const CONNECTIONS = 32;

/** Pages, filters and sorts of the three biggest lists, one picked at random for each call. */
const LISTS = [
  ...[
    '',
    '?page=2',
    '?per_page=100&page=20',
    '?status=waiting',
    '?username=export_user_1234',
    '?id=123456',
    '?date_start=2025-07-01&date_end=2025-07-02',
    '?status=completed&date_start=2025-08-01&date_end=2025-08-03',
    '?sort_by=createdAt&sort_type=asc',
    '?sort_by=id&sort_type=asc',
    '?sort_by=amount&sort_type=desc',
    '?sort_by=status&sort_type=asc',
  ].map((q) => `/api/admin/transactions${q}`),
  ...[
    '',
    '?page=5',
    '?per_page=100&page=10',
    '?username=export_user_77',
    '?email=export12',
    '?status=active',
    '?sort_by=username&sort_type=asc',
    '?sort_by=createdAt&sort_type=desc',
    '?sort_by=email&sort_type=desc',
  ].map((q) => `/api/admin/user${q}`),
  ...[
    '',
    '?page=3',
    '?status=pending',
    '?status_in=pending,waiting',
    '?user_name=export_user_12',
    '?from=2025-06-10&to=2025-06-20',
    '?sort_by=amount&sort_type=asc',
    '?sort_by=createdAt&sort_type=asc',
  ].map((q) => `/api/admin/withdrawal${q}`),
];

interface Sample {
  /** Seconds since the load began. */
  at: number;
  rss: number;
  heapUsed?: number;
  heapTotal?: number;
}

export const memorySuite: Suite = {
  name: 'memory',
  description: `the API's RSS and heap over ${SECONDS} s of list load`,
  async run(context): Promise<SuiteReport[]> {
    const url = await ownDatabase(context);
    const api = await startOwnApi(context, url, { heapProbe: true });
    const generator = startLoadGenerator();
    context.onCleanup(generator.stop);
    const samples: Sample[] = [];
    let idle: number;
    let load: Awaited<ReturnType<typeof generator.run>>;
    try {
      // Idle: signed in, no list called yet, the heap probe's first figures in.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      idle = median([0, 1, 2, 3, 4].map(() => memoryOf(api.pid).rss));
      context.log(`list load for ${SECONDS} s on ${LISTS.length} lists ...`);
      const started = performance.now();
      const sample = () => {
        const heap = api.heap();
        samples.push({
          at: (performance.now() - started) / 1000,
          rss: memoryOf(api.pid).rss,
          heapUsed: heap?.used,
          heapTotal: heap?.total,
        });
      };
      const sampler = setInterval(sample, 1000);
      try {
        load = await generator.run({
          origins: [api.origin],
          path: LISTS[0]!,
          paths: LISTS,
          headers: api.headers,
          connections: CONNECTIONS,
          durationMs: SECONDS * 1000,
        });
      } finally {
        clearInterval(sampler);
      }
      sample();
    } finally {
      await generator.stop();
      await api.stop();
    }

    // The first and last minute (a quarter of a shorter run each), and the first 10 s of load.
    const window = Math.min(60, SECONDS / 4);
    const within = (from: number, to: number) => samples.filter((s) => s.at >= from && s.at < to);
    const first = within(0, window);
    const last = within(SECONDS - window, Number.POSITIVE_INFINITY);
    const medianOf = (list: Sample[], key: 'rss' | 'heapUsed') =>
      median(list.map((s) => s[key]).filter((v): v is number => v !== undefined));
    const peak = Math.max(...samples.map((s) => s.rss));
    const end = samples.at(-1)!.rss;
    const warnings: string[] = [];
    if (load.errors) warnings.push(`${load.errors} calls failed, the first: ${load.firstError}`);
    if (!samples.some((s) => s.heapUsed !== undefined)) warnings.push('no heap figures (lib/heap-probe.mjs)');

    const comparisons: Comparison[] = [
      { metric: 'API RSS idle, before the load (MB)', unit: 'count', baseline: null, subject: idle },
      {
        metric: 'API RSS, first 10 s of load (median, MB)',
        unit: 'count',
        baseline: null,
        subject: medianOf(within(0, 10), 'rss'),
      },
      { metric: 'API peak RSS (MB)', unit: 'count', baseline: null, subject: peak },
      { metric: 'API RSS at the end of the load (MB)', unit: 'count', baseline: null, subject: end },
      {
        metric: `API RSS, median of the last ${window} s (MB; the first ${window} s as baseline)`,
        unit: 'count',
        baseline: medianOf(first, 'rss'),
        subject: medianOf(last, 'rss'),
        maxRatio: 1.1,
      },
      {
        metric: `V8 heap used, median of the last ${window} s (MB; the first ${window} s as baseline)`,
        unit: 'count',
        baseline: medianOf(first, 'heapUsed'),
        subject: medianOf(last, 'heapUsed'),
      },
      { metric: 'answers (count)', unit: 'count', baseline: null, subject: load.requests },
      { metric: 'answers/s', unit: 'req/s', baseline: null, subject: load.inWindow / SECONDS },
      { metric: 'p50 (ms)', unit: 'ms', baseline: null, subject: percentile([...load.latencies], 50) },
      { metric: 'p99 (ms)', unit: 'ms', baseline: null, subject: percentile([...load.latencies], 99) },
    ];
    context.log(
      `memory: RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, end ${end.toFixed(0)} MB; ` +
        `${load.requests} answers, ${load.errors} errors`,
    );
    return [
      {
        suite: 'memory',
        title: `API memory under ${SECONDS} s of list load (${CONNECTIONS} connections, ${LISTS.length} lists)`,
        baselineLabel: 'baseline',
        subjectLabel: 'API',
        comparisons,
        details: { seconds: SECONDS, connections: CONNECTIONS, lists: LISTS, idleRss: idle, samples },
        warnings,
      },
    ];
  },
};
