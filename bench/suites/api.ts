import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchConsole } from '../lib/console.ts';
import { benchDir } from '../lib/paths.ts';
import { startNodeServer } from '../lib/processes.ts';
import { percentile } from '../lib/stats.ts';
import { areas, runStatements } from './api/areas.ts';
import type { ActionCase, ActionContext, ListCase } from './api/types.ts';
import type { BenchContext, Suite, SuiteReport } from './types.ts';

/** Issues 3-5: a list answers with p99 <= 1.5x the same SQL run directly through the driver. */
const LIST_MAX_RATIO = 1.5;

function queryString(query: ListCase['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

// A lean client, as the pg driver is on the SQL side: node:http with a kept-alive connection (fetch
// adds about 0.6 ms per call of its own).
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, token = ''): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      // As a browser sends them: the token, and the XSRF cookie it was given (else the API would mint
      // and set a new cookie on every call).
      {
        agent,
        headers: { accept: 'application/json', authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=bench' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve()
            : reject(new Error(`${url}: HTTP ${response.statusCode} ${Buffer.concat(chunks).toString()}`)),
        );
      },
    );
    request.on('error', reject);
  });
}

const WARM_UP = 10;

/**
 * `max(100, 40 x samples)` rounds of calls, and more for cheap calls (up to 5 times as many, within about
 * 10 s): the p99 of 200 calls is their third slowest, which a single hiccup of the machine moves.
 */
function iterationsFor(samples: number, roundMs: number): number {
  const base = Math.max(100, samples * 40);
  return Math.max(base, Math.min(5 * base, Math.floor(10_000 / roundMs)));
}

/** The floor server (suites/api/floor-server.ts) in its own process, as the API is. */
async function startFloor(bench: BenchContext, api: BenchConsole): Promise<string> {
  const port = bench.freePort();
  const [firstArea = ''] = Object.keys(areas);
  const server = await startNodeServer({
    nodeArgs: ['--import', 'tsx'],
    script: join(benchDir, 'suites/api/floor-server.ts'),
    cwd: benchDir,
    port,
    host: '127.0.0.1',
    env: { DATABASE_URL: api.databaseUrl, FLOOR_PORT: String(port) },
    readyPath: `/${firstArea}/0`,
  });
  bench.onCleanup(server.stop);
  return server.origin;
}

/**
 * The endpoint over HTTP (auth, validation, serialisation included) against its own SQL through the
 * driver, interleaved so drift hits both alike, after a warm-up of each. The floor server's answer to
 * the same SQL is interleaved too: it is reported, without a target, as what the HTTP hop alone costs.
 */
async function measureList(
  bench: BenchContext,
  api: BenchConsole,
  floorUrl: string,
  area: string,
  item: ListCase,
): Promise<SuiteReport> {
  const url = `/api${item.path}${queryString(item.query)}`;
  const call = () => get(api.apiOrigin + url, api.token);
  const floor = () => get(floorUrl);
  const sql = () =>
    runStatements(item.sql(new Date()), item.parallel ?? false, (s) => api.pool.query(s.text, s.values));
  const warmUpMs = await timed(async () => {
    for (let n = 0; n < WARM_UP; n++) {
      await call();
      await sql();
      await floor();
    }
  });
  const iterations = iterationsFor(bench.samples, warmUpMs / WARM_UP);
  const httpMs: number[] = [];
  const sqlMs: number[] = [];
  const floorMs: number[] = [];
  for (let n = 0; n < iterations; n++) {
    httpMs.push(await timed(call));
    sqlMs.push(await timed(sql));
    floorMs.push(await timed(floor));
  }
  const p = (values: number[], q: number) => Number(percentile(values, q * 100).toFixed(2));
  bench.log(
    `  ${item.name}: p99 API ${p(httpMs, 0.99)} ms, SQL ${p(sqlMs, 0.99)} ms, floor ${p(floorMs, 0.99)} ms`,
  );
  return {
    suite: 'api',
    title: `${area}: ${item.name} (${iterations} calls each)`,
    baselineLabel: 'raw SQL',
    subjectLabel: 'API',
    comparisons: [
      { metric: 'p50 latency', unit: 'ms', baseline: p(sqlMs, 0.5), subject: p(httpMs, 0.5) },
      {
        metric: 'p99 latency',
        unit: 'ms',
        baseline: p(sqlMs, 0.99),
        subject: p(httpMs, 0.99),
        maxRatio: LIST_MAX_RATIO,
      },
      {
        metric: 'p50: bare node:http + pg (floor)',
        unit: 'ms',
        baseline: p(sqlMs, 0.5),
        subject: p(floorMs, 0.5),
      },
      {
        metric: 'p99: bare node:http + pg (floor)',
        unit: 'ms',
        baseline: p(sqlMs, 0.99),
        subject: p(floorMs, 0.99),
      },
    ],
  };
}

/**
 * What one HTTP round trip costs on this machine before any work: a constant answer from the floor
 * server. Reported without a target, so each run shows the machine's own noise: a list whose SQL
 * takes about 1 ms cannot be within 1.5x at p99 when this hop alone has a p99 of 1-2 ms.
 */
async function measureHop(bench: BenchContext, floorOrigin: string): Promise<SuiteReport> {
  const ping = () => get(`${floorOrigin}/ping`);
  for (let n = 0; n < WARM_UP; n++) await ping();
  const ms: number[] = [];
  for (let n = 0; n < 2000; n++) ms.push(await timed(ping));
  const p = (q: number) => Number(percentile(ms, q).toFixed(2));
  bench.log(`  HTTP round trip, constant answer: p50 ${p(50)} ms, p99 ${p(99)} ms, p99.9 ${p(99.9)} ms`);
  return {
    suite: 'api',
    title: 'HTTP round trip of a constant answer (bare node:http, no SQL; 2000 calls)',
    baselineLabel: '',
    subjectLabel: 'node:http',
    comparisons: [
      { metric: 'p50 latency', unit: 'ms', baseline: null, subject: p(50) },
      { metric: 'p99 latency', unit: 'ms', baseline: null, subject: p(99) },
      { metric: 'p99.9 latency', unit: 'ms', baseline: null, subject: p(99.9) },
    ],
  };
}

/** An action timed end to end over HTTP, on fresh data prepared (untimed) before each sample. */
async function measureAction(
  bench: BenchContext,
  api: BenchConsole,
  area: string,
  action: ActionCase,
): Promise<SuiteReport> {
  const ctx: ActionContext = {
    sql: async (text, values = []) => (await api.pool.query(text, values)).rows,
    call: api.call,
  };
  const times: number[] = [];
  const warnings: string[] = [];
  for (let n = 0; n < bench.samples; n++) {
    const request = await action.prepare(ctx);
    let response: unknown;
    const ms = await timed(async () => {
      response = await api.call(request.method, request.path, request.body);
    });
    await action
      .verify?.(ctx, response)
      .catch((error: unknown) => warnings.push(`sample ${n + 1}: ${String(error)}`));
    times.push(ms);
    bench.log(`  ${action.name} #${n + 1}: ${ms.toFixed(0)} ms`);
  }
  const round = (value: number) => Number(value.toFixed(1));
  return {
    suite: 'api',
    title: `${area}: ${action.name} (${bench.samples} runs)`,
    baselineLabel: 'target',
    subjectLabel: 'API',
    comparisons: [
      { metric: 'median time', unit: 'ms', baseline: null, subject: round(percentile(times, 50)) },
      // Every run must make it, so the slowest one is held against the target.
      {
        metric: 'slowest run vs target',
        unit: 'ms',
        baseline: action.targetMs,
        subject: round(Math.max(...times)),
        maxRatio: 1,
      },
    ],
    warnings,
  };
}

export const apiSuite: Suite = {
  name: 'api',
  description:
    'List endpoints against their own SQL through the driver (p99), and money actions against their targets',
  async run(bench) {
    const api = await bench.console();
    bench.onCleanup(() => agent.destroy());
    const floorOrigin = await startFloor(bench, api);
    const reports: SuiteReport[] = [await measureHop(bench, floorOrigin)];
    const wanted = (name: string) => bench.only?.test(name) ?? true;
    for (const [area, cases] of Object.entries(areas)) {
      for (const [index, item] of cases.lists.entries())
        if (wanted(item.name))
          reports.push(await measureList(bench, api, `${floorOrigin}/${area}/${index}`, area, item));
      for (const action of cases.actions ?? [])
        if (wanted(action.name)) reports.push(await measureAction(bench, api, area, action));
    }
    return reports;
  },
};
