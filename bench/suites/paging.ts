import { performance } from 'node:perf_hooks';
import { transactionsListQuery } from '@backoffice/shared/contract';
import {
  supportSortFields,
  transactionSortFields,
  userSortFields,
  withdrawalSortFields,
} from '@backoffice/shared/rules';
import {
  buildTransactionsCountQuery,
  buildTransactionsListQuery,
} from '../../api/src/modules/transactions/repository.ts';
import type { BenchConsole } from '../lib/console.ts';
import { type LoadResult, startLoadGenerator } from '../lib/load.ts';
import { median, percentile } from '../lib/stats.ts';
import type { Comparison, Suite, SuiteReport } from './types.ts';

/**
 * docs/performance.md: any page of any list, with its total, under CONNECTIONS concurrent admins at scale 1.
 * Each list runs its variants (sorts in both directions, a filter) and, for BENCH_PAGING_SECONDS (20) s,
 * CONNECTIONS closed-loop connections of the load generator ask for pages picked at random among every
 * page of every variant (page 1 to the last, uniformly: mostly deep pages). Before the load, the first
 * deep page of each variant is asked for once (what the first admin to go deep into a list, filter and
 * sort waits for: the API walks the list once). Target: p99 of every page of the load <= 150 ms.
 *
 * Then the transactions list again while BENCH_PAGING_WRITES_PER_S (5) deposits a second are written
 * (no target): every write changes the list, so what the API remembers of it must be computed again.
 */

const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_PAGING_SECONDS ?? 20);
const WRITES_PER_S = Number(process.env.BENCH_PAGING_WRITES_PER_S ?? 5);
const TARGET_P99_MS = 150;
/** Random pages handed to the generator per list (it picks among them for each request). */
const PATHS = 5000;

type Query = Record<string, string>;

interface ListCase {
  name: string;
  path: string;
  /** The query parameter of the page size and its value (the console's default). */
  size: [string, number];
  variants: Query[];
}

const sorted = (fields: readonly string[]): Query[] =>
  fields.flatMap((field) => ['desc', 'asc'].map((dir) => ({ sort_by: field, sort_type: dir })));

const lists: ListCase[] = [
  {
    name: 'transactions',
    path: '/admin/transactions',
    size: ['per_page', 10],
    variants: [
      ...sorted(transactionSortFields),
      { status: 'failed' },
      { status: 'completed', sort_by: 'amount' },
    ],
  },
  {
    name: 'users',
    path: '/admin/user',
    size: ['per_page', 10],
    variants: [...sorted(userSortFields), { status: 'blocked' }],
  },
  {
    name: 'withdrawals',
    path: '/admin/withdrawal',
    size: ['per_page', 10],
    variants: [...sorted(withdrawalSortFields), { status: 'pending' }],
  },
  {
    name: 'support tickets',
    path: '/admin/support',
    size: ['per_page', 10],
    variants: [...sorted(supportSortFields), { status: 'open' }],
  },
  {
    name: 'lottery tickets',
    path: '/admin/lottery/tickets',
    size: ['limit', 10],
    variants: [{}, { status: 'active' }, { lottery_id: '100' }],
  },
  { name: 'mine games', path: '/admin/mines', size: ['limit', 5], variants: [{}, { order: 'true' }] },
  {
    name: 'audit log',
    path: '/admin/audit',
    size: ['per_page', 20],
    variants: [{}, { action: 'withdrawal.' }],
  },
];

const url = (path: string, query: Query) => `/api${path}?${new URLSearchParams(query)}`;

interface Variant {
  query: Query;
  total: number;
  pages: number;
}

/** The total of each variant (page 1), then its middle page once: the walk a first deep page costs. */
async function prepareList(api: BenchConsole, list: ListCase) {
  const variants: Variant[] = [];
  const firstDeep: number[] = [];
  for (const variant of list.variants) {
    const query = { ...variant, [list.size[0]]: String(list.size[1]) };
    const first = (await api.call('GET', `${list.path}?${new URLSearchParams(query)}`)) as {
      data: { total: number };
    };
    const pages = Math.max(1, Math.ceil(first.data.total / list.size[1]));
    variants.push({ query, total: first.data.total, pages });
    const t = performance.now();
    await api.call(
      'GET',
      `${list.path}?${new URLSearchParams({ ...query, page: String(Math.ceil(pages / 2)) })}`,
    );
    firstDeep.push(performance.now() - t);
  }
  const paths = Array.from({ length: PATHS }, () => {
    const variant = variants[Math.floor(Math.random() * variants.length)]!;
    return url(list.path, { ...variant.query, page: String(1 + Math.floor(Math.random() * variant.pages)) });
  });
  return { variants, firstDeep, paths };
}

/** The deepest page of the transactions list as plain SQL (OFFSET and count(*)): what each page cost before. */
async function plainDeepPage(api: BenchConsole, total: number): Promise<number> {
  const q = transactionsListQuery.parse({ page: String(Math.ceil(total / 10)) });
  const page = buildTransactionsListQuery(q);
  const count = buildTransactionsCountQuery(q);
  const ms: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await Promise.all([api.pool.query(page.text, page.values), api.pool.query(count.text, count.values)]);
    ms.push(performance.now() - t);
  }
  return median(ms);
}

/** Deposits written steadily in SQL, as the platform writes them, until `untilMs`. */
async function depositSteadily(
  api: BenchConsole,
  untilMs: number,
): Promise<{ done: number; errors: number }> {
  const tally = { done: 0, errors: 0 };
  const every = 1000 / WRITES_PER_S;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; started + i * every < untilMs; i++) {
    const wait = started + i * every - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      api.pool
        .query(
          `INSERT INTO transactions (user_id, amount, currency, pay_currency, status)
           SELECT id, 100, 'usd', 'usdtbsc', 'waiting' FROM users WHERE deleted_at IS NULL ORDER BY id LIMIT 1`,
        )
        .then(
          () => void tally.done++,
          () => void tally.errors++,
        ),
    );
  }
  await Promise.all(pending);
  return tally;
}

function report(
  title: string,
  load: LoadResult,
  extra: Comparison[],
  target: boolean,
  details: unknown,
): SuiteReport {
  const latencies = Array.from(load.latencies);
  const p99 = percentile(latencies, 99);
  const ms = (metric: string, subject: number): Comparison => ({
    metric,
    unit: 'ms',
    baseline: null,
    subject,
  });
  return {
    suite: 'paging',
    title,
    baselineLabel: 'target',
    subjectLabel: 'measured',
    comparisons: [
      target
        ? { metric: 'p99 of every page', unit: 'ms', baseline: TARGET_P99_MS, subject: p99, maxRatio: 1 }
        : ms('p99 of every page', p99),
      ms('p50', percentile(latencies, 50)),
      ms('max', Math.max(...latencies)),
      { metric: 'pages answered', unit: 'req/s', baseline: null, subject: load.inWindow / (SECONDS || 1) },
      { metric: 'failed calls (must be 0)', unit: 'count', baseline: null, subject: load.errors },
      ...extra,
    ],
    details,
    warnings: load.errors ? [`${load.errors} calls failed, first: ${load.firstError}`] : [],
  };
}

export const pagingSuite: Suite = {
  name: 'paging',
  description: `random pages of every list, ${CONNECTIONS} admins at once (p99 <= ${TARGET_P99_MS} ms)`,
  async run(bench) {
    const api = await bench.console();
    const headers = {
      accept: 'application/json',
      authorization: `Bearer ${api.token}`,
      cookie: 'XSRF-TOKEN=bench',
    };
    const load = startLoadGenerator();
    bench.onCleanup(load.stop);
    const reports: SuiteReport[] = [];
    let transactions: { paths: string[]; total: number } | undefined;

    for (const list of lists) {
      if (bench.only && !bench.only.test(list.name)) continue;
      const { variants, firstDeep, paths } = await prepareList(api, list);
      const result = await load.run({
        origins: [api.apiOrigin],
        path: list.path,
        paths,
        headers,
        connections: CONNECTIONS,
        durationMs: SECONDS * 1000,
      });
      const p = (v: number) => percentile(Array.from(result.latencies), v).toFixed(0);
      bench.log(`  ${list.name}: ${result.requests} pages, p50 ${p(50)} ms, p99 ${p(99)} ms`);
      const extra: Comparison[] = [
        {
          metric: 'first deep page of a variant (the walk): median',
          unit: 'ms',
          baseline: null,
          subject: median(firstDeep),
        },
        { metric: '  slowest', unit: 'ms', baseline: null, subject: Math.max(...firstDeep) },
      ];
      if (list.name === 'transactions') {
        transactions = { paths, total: variants[0]!.total };
        extra.push({
          metric: 'the last page as plain SQL before (OFFSET + count(*), median of 3)',
          unit: 'ms',
          baseline: null,
          subject: await plainDeepPage(api, variants[0]!.total),
        });
      }
      reports.push(
        report(
          `paging: ${list.name} (${variants.length} sorts and filters, up to ${Math.max(...variants.map((v) => v.total))} rows), ${CONNECTIONS} connections, ${SECONDS} s`,
          result,
          extra,
          true,
          { variants: variants.map(({ query, total }) => ({ query, total })), firstDeep },
        ),
      );
    }

    if (transactions && WRITES_PER_S > 0) {
      const [result, writes] = await Promise.all([
        load.run({
          origins: [api.apiOrigin],
          path: '/api/admin/transactions',
          paths: transactions.paths,
          headers,
          connections: CONNECTIONS,
          durationMs: SECONDS * 1000,
        }),
        depositSteadily(api, performance.now() + SECONDS * 1000),
      ]);
      reports.push(
        report(
          `paging: transactions while ${WRITES_PER_S} deposits/s are written (no target)`,
          result,
          [
            { metric: 'deposits written', unit: 'count', baseline: null, subject: writes.done },
            { metric: 'failed writes', unit: 'count', baseline: null, subject: writes.errors },
          ],
          false,
          { writes },
        ),
      );
    }
    await load.stop();
    return reports;
  },
};
