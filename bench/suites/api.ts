import http from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchConsole } from '../lib/console.ts';
import { addCpu, type CpuUse, groupPids, measureCpu } from '../lib/cpu.ts';
import {
  combine,
  type LoadGenerator,
  type LoadResult,
  type LoadSpec,
  startLoadGenerator,
} from '../lib/load.ts';
import { benchDir } from '../lib/paths.ts';
import { startNodeServer } from '../lib/processes.ts';
import { percentile } from '../lib/stats.ts';
import { areas } from './api/areas.ts';
import type { ActionCase, ActionContext, ListCase } from './api/types.ts';
import type { BenchContext, Suite, SuiteReport } from './types.ts';

/**
 * docs/operations.md: under load (32 concurrent kept-alive connections, closed loop), each list answers with
 * at least 0.7x the requests per second of the bare node:http + pg floor answering the same SQL, and a
 * p99 at most 1.5x the floor's, both measured in the same run.
 */
const CONNECTIONS = 32;
const MIN_THROUGHPUT_RATIO = 0.7;
const MAX_P99_RATIO = 1.5;
/** Two API replicas on the heaviest list give at least this times the requests per second of one. */
const MIN_REPLICA_SCALING = 1.6;
const WARM_UP_MS = 500;
/**
 * Each side's measured time is cut in short slices, alternated between the sides, so the load of other
 * jobs on the machine hits both alike. A slice lasts at least the slower side's p50 (a shorter one
 * would measure little but its ramp), and there are at least 3 of them.
 */
const SLICE_MS = 300;

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

// The one-call-at-a-time round trip: node:http with a kept-alive connection, in the bench process.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode === 200 ? resolve() : reject(new Error(`${url}: HTTP ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
  });
}

const WARM_UP = 10;

/** The floor server (suites/api/floor-server.ts) in its own process, as the API is. */
async function startFloor(bench: BenchContext, api: BenchConsole) {
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
  return server;
}

/** What the suite measures with: the console, the floor, the load generator, and their processes. */
interface Rig {
  api: BenchConsole;
  floor: { origin: string; pid: number };
  load: LoadGenerator;
  /** PostgreSQL backends of the bench database (the API's, the floor's and the bench's own). */
  postgresPids: () => Promise<number[]>;
  /** The second API process, started for the replica cases. */
  replica?: Promise<{ origin: string; pid: number }>;
}

/** One side of a comparison: where the load goes, and whose CPU time is counted meanwhile. */
interface Side {
  origins: string[];
  path: string;
  headers: Record<string, string>;
  cpu: Record<string, () => number[] | Promise<number[]>>;
}

/**
 * Closed-loop load on each side in turn: a warm-up each, then slices of each side, alternating the
 * order, so the sides share the machine's drift.
 */
async function interleave(
  rig: Rig,
  sides: Side[],
  measuredMs: number,
  warnings: string[],
  warmUpMs = WARM_UP_MS,
) {
  const runs = sides.map(() => [] as LoadResult[]);
  const cpus = sides.map(() => [] as CpuUse[]);
  const spec = (side: Side, durationMs: number): LoadSpec => ({
    origins: side.origins,
    path: side.path,
    headers: side.headers,
    connections: CONNECTIONS,
    durationMs,
  });
  let slowestP50 = 0;
  for (const side of sides) {
    const warm = await rig.load.run(spec(side, warmUpMs));
    if (warm.errors) throw new Error(`${side.origins[0]}${side.path}: ${warm.firstError}`);
    slowestP50 = Math.max(slowestP50, percentile(Array.from(warm.latencies), 50));
  }
  const slices = Math.max(3, Math.round(measuredMs / Math.max(SLICE_MS, slowestP50)));
  const sliceMs = Math.max(SLICE_MS, slowestP50, measuredMs / slices);
  for (let slice = 0; slice < slices; slice++) {
    const order = sides.map((_, i) => i);
    if (slice % 2) order.reverse();
    for (const i of order) {
      const { result, cpu } = await measureCpu(sides[i]!.cpu, () => rig.load.run(spec(sides[i]!, sliceMs)));
      runs[i]!.push(result);
      cpus[i]!.push(cpu);
    }
  }
  return sides.map((side, i) => {
    const stats = combine(runs[i]!, sliceMs);
    if (stats.errors)
      warnings.push(
        `${side.origins.join(' + ')}${side.path}: ${stats.errors} errors, first: ${stats.firstError}`,
      );
    return { ...stats, cpu: addCpu(cpus[i]!) };
  });
}

type Measured = Awaited<ReturnType<typeof interleave>>[number];

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
/** CPU ms of a group per answer. */
const perCall = (side: Measured, group: string) => round((side.cpu.groups[group] ?? 0) / side.requests, 3);
/** CPU of a group as a share of one core (%). */
const share = (side: Measured, group: string) =>
  round((100 * (side.cpu.groups[group] ?? 0)) / side.cpu.wallMs, 0);

/** The whole machine during a side's slices, as shares of one core (%): busy, stolen, and not ours. */
function machineShares(side: Measured) {
  const m = side.cpu.machine;
  if (!m) return { busy: Number.NaN, steal: Number.NaN, other: Number.NaN };
  const known = Object.values(side.cpu.groups).reduce((sum, ms) => sum + ms, 0);
  return {
    busy: round((100 * m.busyMs) / side.cpu.wallMs, 1),
    steal: round((100 * m.stealMs) / side.cpu.wallMs, 1),
    other: round((100 * (m.busyMs - known)) / side.cpu.wallMs, 1),
  };
}

function apiSide(rig: Rig, item: ListCase, origins: string[], cpu: Side['cpu']): Side {
  return {
    origins,
    path: `/api${item.path}${queryString(item.query)}`,
    // As a browser sends them: the token, and the XSRF cookie it was given (else the API would mint
    // and set a new cookie on every call).
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${rig.api.token}`,
      cookie: 'XSRF-TOKEN=bench',
    },
    cpu,
  };
}

/**
 * A list endpoint against the floor (the same SQL from bare node:http + pg), both under the same
 * closed-loop load, interleaved. Also the CPU time per answer of the serving process and of PostgreSQL.
 */
async function measureList(
  bench: BenchContext,
  rig: Rig,
  area: string,
  index: number,
  item: ListCase,
  warmUpMs: number,
): Promise<{ report: SuiteReport; api: Measured }> {
  const common = { postgres: rig.postgresPids, generator: () => [rig.load.pid] };
  const warnings: string[] = [];
  const [api, floor] = await interleave(
    rig,
    [
      apiSide(rig, item, [rig.api.apiOrigin], { server: () => groupPids(rig.api.apiPid), ...common }),
      {
        origins: [rig.floor.origin],
        path: `/${area}/${index}`,
        headers: { accept: 'application/json' },
        cpu: { server: () => [rig.floor.pid], ...common },
      },
    ],
    bench.loadSeconds * 1000,
    warnings,
    warmUpMs,
  );
  bench.log(
    `  ${item.name}: API ${Math.round(api!.perSecond)}/s p99 ${round(api!.p99)} ms, floor ` +
      `${Math.round(floor!.perSecond)}/s p99 ${round(floor!.p99)} ms ` +
      `(${round(api!.perSecond / floor!.perSecond)}x, ${round(api!.p99 / floor!.p99)}x); ` +
      `generator ${round(100 * api!.generatorShare, 0)}% of a core`,
  );
  return {
    api: api!,
    report: {
      suite: 'api',
      title: `${area}: ${item.name} (${CONNECTIONS} connections; ${api!.requests} and ${floor!.requests} answers)`,
      baselineLabel: 'node:http + pg (floor)',
      subjectLabel: 'API',
      comparisons: [
        {
          metric: 'throughput',
          unit: 'req/s',
          baseline: round(floor!.perSecond, 1),
          subject: round(api!.perSecond, 1),
          minRatio: MIN_THROUGHPUT_RATIO,
        },
        { metric: 'p50 latency', unit: 'ms', baseline: round(floor!.p50), subject: round(api!.p50) },
        {
          metric: 'p99 latency',
          unit: 'ms',
          baseline: round(floor!.p99),
          subject: round(api!.p99),
          maxRatio: MAX_P99_RATIO,
        },
        {
          metric: 'server CPU per answer',
          unit: 'ms',
          baseline: perCall(floor!, 'server'),
          subject: perCall(api!, 'server'),
        },
        {
          metric: 'PostgreSQL CPU per answer',
          unit: 'ms',
          baseline: perCall(floor!, 'postgres'),
          subject: perCall(api!, 'postgres'),
        },
        // Other processes on the machine (other jobs): when they differ a lot, so do the figures.
        {
          metric: 'CPU of other processes (% of one core)',
          unit: '%',
          baseline: machineShares(floor!).other,
          subject: machineShares(api!).other,
        },
      ],
      details: {
        floor: { ...floor, cpu: floor!.cpu },
        api: { ...api, cpu: api!.cpu },
      },
      warnings,
    },
  };
}

/**
 * Two API processes on the same database (same JWT secret) against one, on the heaviest list: the
 * generator spreads its 32 connections over both itself, with no proxy in the path. Beside it, where
 * the CPU went: each replica, PostgreSQL, the generator, and the rest of the machine.
 */
async function measureReplicas(
  bench: BenchContext,
  rig: Rig,
  area: string,
  item: ListCase,
  /** Why this list: the heaviest (held against the target), or the one most bound by the API's CPU. */
  pick: 'heaviest' | 'API-bound',
): Promise<SuiteReport> {
  rig.replica ??= rig.api.startReplica(bench.freePort());
  const second = await rig.replica;
  const cpu = {
    'API replica 1': () => groupPids(rig.api.apiPid),
    'API replica 2': () => groupPids(second.pid),
    PostgreSQL: rig.postgresPids,
    'load generator': () => [rig.load.pid],
    'bench runner': () => [process.pid],
  };
  const warnings: string[] = [];
  bench.log(`  2 replicas on ${item.name} (${pick}) ...`);
  // The new replica's JIT and session cache are warmed by the interleave's warm-up.
  const [one, two] = await interleave(
    rig,
    [
      apiSide(rig, item, [rig.api.apiOrigin], cpu),
      apiSide(rig, item, [rig.api.apiOrigin, second.origin], cpu),
    ],
    // Twice the list cases' time: the heaviest list answers the fewest calls.
    2 * bench.loadSeconds * 1000,
    warnings,
  );
  const cores = cpus().length;
  const [m1, m2] = [machineShares(one!), machineShares(two!)];
  // What the CPU left idle by one replica allows at most (same CPU per answer, capped at 2x): on a
  // machine the single replica already saturates, no second process can add throughput.
  const headroom = (cores * 100 - m1.other) / (m1.busy - m1.other);
  const attainable = Math.min(2, headroom);
  bench.log(
    `  1 replica ${Math.round(one!.perSecond)}/s, 2 replicas ${Math.round(two!.perSecond)}/s ` +
      `(${round(two!.perSecond / one!.perSecond)}x) on ${cores} cores; machine busy ${m1.busy}% / ${m2.busy}% of one core`,
  );
  const cpuRow = (name: string) => ({
    metric: `CPU: ${name} (% of one core)`,
    unit: '%' as const,
    baseline: share(one!, name),
    subject: share(two!, name),
  });
  return {
    suite: 'api',
    title:
      `${area}: ${item.name}, 1 vs 2 API replicas, ${pick === 'heaviest' ? 'heaviest list' : 'the list most bound by the API (no target)'} ` +
      `(${CONNECTIONS} connections; ${cores} cores)`,
    baselineLabel: '1 replica',
    subjectLabel: '2 replicas',
    comparisons: [
      {
        metric: 'throughput',
        unit: 'req/s',
        baseline: round(one!.perSecond, 1),
        subject: round(two!.perSecond, 1),
        ...(pick === 'heaviest' ? { minRatio: MIN_REPLICA_SCALING } : {}),
      },
      { metric: 'p50 latency', unit: 'ms', baseline: round(one!.p50), subject: round(two!.p50) },
      { metric: 'p99 latency', unit: 'ms', baseline: round(one!.p99), subject: round(two!.p99) },
      {
        metric: 'throughput the idle CPU allows at most (no target)',
        unit: 'req/s',
        baseline: round(one!.perSecond, 1),
        subject: round(one!.perSecond * attainable, 1),
      },
      { metric: 'cores (os.cpus().length)', unit: 'count', baseline: cores, subject: cores },
      ...Object.keys(cpu).map(cpuRow),
      { metric: 'CPU: other processes (% of one core)', unit: '%', baseline: m1.other, subject: m2.other },
      { metric: 'CPU: whole machine busy (% of one core)', unit: '%', baseline: m1.busy, subject: m2.busy },
      { metric: 'CPU: stolen by the host (% of one core)', unit: '%', baseline: m1.steal, subject: m2.steal },
    ],
    details: { one, two, perOrigin: two!.perOrigin, attainable },
    warnings,
  };
}

/**
 * What one HTTP round trip costs on this machine before any work: a constant answer from the floor
 * server. Reported without a target, so each run shows the machine's own noise: a list whose SQL
 * takes about 1 ms cannot be within 1.5x at p99 when this hop alone has a p99 of 1-2 ms.
 */
async function measureHop(bench: BenchContext, rig: Rig): Promise<SuiteReport> {
  const floorOrigin = rig.floor.origin;
  const ping = () => get(`${floorOrigin}/ping`);
  for (let n = 0; n < WARM_UP; n++) await ping();
  const ms: number[] = [];
  for (let n = 0; n < 2000; n++) ms.push(await timed(ping));
  const p = (q: number) => Number(percentile(ms, q).toFixed(2));
  // The most answers a second this machine gives with this generator, whatever the server does.
  const [loaded] = await interleave(
    rig,
    [{ origins: [floorOrigin], path: '/ping', headers: {}, cpu: { server: () => [rig.floor.pid] } }],
    2000,
    [],
  );
  bench.log(
    `  HTTP round trip, constant answer: p50 ${p(50)} ms, p99 ${p(99)} ms, p99.9 ${p(99.9)} ms; ` +
      `${CONNECTIONS} connections: ${Math.round(loaded!.perSecond)}/s, p99 ${round(loaded!.p99)} ms, ` +
      `generator ${round(100 * loaded!.generatorShare, 0)}% of a core`,
  );
  return {
    suite: 'api',
    title: 'HTTP round trip of a constant answer (bare node:http, no SQL; 2000 calls, then 32 connections)',
    baselineLabel: '',
    subjectLabel: 'node:http',
    comparisons: [
      { metric: 'p50 latency, one call at a time', unit: 'ms', baseline: null, subject: p(50) },
      { metric: 'p99 latency, one call at a time', unit: 'ms', baseline: null, subject: p(99) },
      { metric: 'p99.9 latency, one call at a time', unit: 'ms', baseline: null, subject: p(99.9) },
      {
        metric: `throughput, ${CONNECTIONS} connections`,
        unit: 'req/s',
        baseline: null,
        subject: round(loaded!.perSecond, 1),
      },
      {
        metric: `p99 latency, ${CONNECTIONS} connections`,
        unit: 'ms',
        baseline: null,
        subject: round(loaded!.p99),
      },
      {
        metric: 'load generator CPU (% of one core)',
        unit: '%',
        baseline: null,
        subject: round(100 * loaded!.generatorShare, 1),
      },
    ],
    details: { loaded },
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
  description: `List endpoints under ${CONNECTIONS} connections against a bare node:http + pg floor, 1 vs 2 API replicas, and money actions against their targets`,
  async run(bench) {
    const api = await bench.console();
    bench.onCleanup(() => agent.destroy());
    const floor = await startFloor(bench, api);
    const load = startLoadGenerator();
    bench.onCleanup(load.stop);
    const rig: Rig = {
      api,
      floor,
      load,
      postgresPids: async () =>
        (
          await api.pool.query<{ pid: number }>(
            'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          )
        ).rows.map((row) => row.pid),
    };
    const reports: SuiteReport[] = [await measureHop(bench, rig)];
    const wanted = (name: string) => bench.only?.test(name) ?? true;
    let heaviest: { area: string; item: ListCase; p50: number } | undefined;
    // The list where the API's own CPU is the largest part of an answer's CPU (API + PostgreSQL).
    let apiBound: { area: string; item: ListCase; share: number } | undefined;
    for (const [area, cases] of Object.entries(areas)) {
      for (const [index, item] of cases.lists.entries()) {
        if (!wanted(item.name)) continue;
        // The first list also warms the API process itself up (JIT, pools).
        const measured = await measureList(bench, rig, area, index, item, heaviest ? WARM_UP_MS : 3000);
        reports.push(measured.report);
        if (!heaviest || measured.api.p50 > heaviest.p50) heaviest = { area, item, p50: measured.api.p50 };
        const server = perCall(measured.api, 'server');
        const apiShare = server / (server + perCall(measured.api, 'postgres'));
        if (!apiBound || apiShare > apiBound.share) apiBound = { area, item, share: apiShare };
      }
      for (const action of cases.actions ?? [])
        if (wanted(action.name)) reports.push(await measureAction(bench, api, area, action));
    }
    // The heaviest list measured (by its p50 on one replica) shows what a second replica buys.
    if (heaviest) reports.push(await measureReplicas(bench, rig, heaviest.area, heaviest.item, 'heaviest'));
    // Where a second process can help at all: the figure behind the fair target in bench/README.md.
    if (apiBound && apiBound.item !== heaviest?.item)
      reports.push(await measureReplicas(bench, rig, apiBound.area, apiBound.item, 'API-bound'));
    return reports;
  },
};
