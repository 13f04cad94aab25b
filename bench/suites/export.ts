import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { transactionsExportQuery } from '@backoffice/shared/contract';
import pg from 'pg';
import { transactionsExport } from '../../api/src/modules/transactions/export.ts';
import { spawnApi } from '../lib/console.ts';
import { snapshotsDir } from '../lib/paths.ts';
import { portAnswers, waitForHttp } from '../lib/processes.ts';
import type { Comparison, Suite, SuiteReport } from './types.ts';

/**
 * The CSV export at 1M rows (issue 13): a database of its own with BENCH_EXPORT_ROWS (1,000,000)
 * transactions made by generate_series, the API (`pnpm -C api start`) on it, and GET
 * /api/admin/transactions/export.csv read over HTTP in full. Figures: rows/s and bytes/s of the
 * download; the API process's resident memory (VmRSS sampled every 50 ms, and VmHWM, the kernel's
 * peak, reset through /proc/<pid>/clear_refs before the download) against the same process idle.
 * Target: the peak grows by less than 100 MB over idle (flat memory: a batch at a time, not the file).
 * Baseline for the speed (no target): psql's `\copy (<the export's SQL>) TO ... CSV`, the same rows
 * written as CSV by PostgreSQL itself with no HTTP and no JavaScript.
 */

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const USERS = 10_000;
const MAX_GROWTH_MB = 100;
const ADMIN = { email: 'bench.export@example.com', password: 'bench-export-1' };
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MB = 1024 * 1024;

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The pid of the process listening on the port (the node process itself, not pnpm or tsx). */
function listenerPid(port: number): number {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const match = /pid=(\d+)/.exec(out);
  if (!match) throw new Error(`no process listens on ${port}`);
  return Number(match[1]);
}

/** VmRSS and VmHWM (peak RSS) of a process, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) =>
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Resets the kernel's peak RSS of the process (Linux: clear_refs 5); false when not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function seed(url: string, log: (line: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(
      `INSERT INTO users (name, username, email, created_at)
       SELECT 'Export User ' || i, 'export_user_' || i, 'export' || i || '@example.com',
              timestamptz '2025-01-01' + i * interval '1 minute'
         FROM generate_series(1, $1::int) i`,
      [USERS],
    );
    await client.query(
      `INSERT INTO transactions (user_id, amount, currency, payment_id, pay_currency, pay_address, status,
                                 created_at, updated_at)
       SELECT u.id, round((1 + (i * 7919 % 100000) / 100.0)::numeric, 2) + 0.00000001 * (i % 7), 'usd',
              'pay_' || i, 'usdtbsc', '0x' || md5(i::text), (ARRAY['completed', 'waiting', 'failed'])[1 + i % 3],
              timestamptz '2025-06-01' + i * interval '10 seconds', timestamptz '2025-06-01' + i * interval '10 seconds'
         FROM generate_series(1, $1::int) i
         JOIN users u ON u.id = 1 + i % $2::int`,
      [ROWS, USERS],
    );
    await client.query('VACUUM ANALYZE');
    log(
      `seeded ${ROWS.toLocaleString('en-US')} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}

interface Download {
  rows: number;
  bytes: number;
  ms: number;
  firstByteMs: number;
  totalHeader: string | null;
  samples: { at: number; rss: number }[];
}

/** Reads the whole export, counting lines and bytes (nothing kept), sampling the API's RSS meanwhile. */
async function download(url: string, token: string, pid: number): Promise<Download> {
  const samples: { at: number; rss: number }[] = [];
  const started = performance.now();
  const sampler = setInterval(
    () => samples.push({ at: performance.now() - started, rss: memoryOf(pid).rss }),
    50,
  );
  try {
    const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!answer.ok || !answer.body) throw new Error(`export: HTTP ${answer.status} ${await answer.text()}`);
    const firstByteMs = performance.now() - started;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of answer.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    return {
      rows: lines - 1,
      bytes,
      ms: performance.now() - started,
      firstByteMs,
      totalHeader: answer.headers.get('x-total-count'),
      samples,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** psql writing the same query as CSV to /dev/null: the database's own speed for these rows. */
async function psqlCopy(url: string, sql: string): Promise<number> {
  const started = performance.now();
  await promisify(execFile)('psql', [
    url,
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `\\copy (${sql}) TO '/dev/null' CSV HEADER`,
  ]);
  return performance.now() - started;
}

export const exportSuite: Suite = {
  name: 'export',
  description: `CSV export of ${ROWS.toLocaleString('en-US')} transactions over HTTP: rows/s and the API's peak RSS`,
  async run(context): Promise<SuiteReport[]> {
    if (!(await portAnswers(5432)) && !process.env.BENCH_PG_ADMIN_URL)
      throw new Error('needs PostgreSQL on 127.0.0.1:5432 (or BENCH_PG_ADMIN_URL)');
    const name = `bench_export_${randomBytes(4).toString('hex')}`;
    await onAdmin(`CREATE DATABASE ${name}`);
    context.onCleanup(() => onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = databaseUrl(name);

    const port = context.freePort();
    const api = spawnApi({
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: join(snapshotsDir, 'api-export-data'),
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO: '0',
      TWO_FACTOR: 'optional',
      PAYOUT_INTERVAL_MS: '0',
      LOG_LEVEL: 'warn',
      MAINTENANCE: '0',
    });
    context.onCleanup(api.stop);
    // The API applies the migrations at start: the tables exist once it answers.
    await waitForHttp(`${api.origin}/api/health`, 120_000, api.child);
    await seed(url, context.log);
    const pid = listenerPid(port);

    const xsrf = randomBytes(8).toString('hex');
    const login = await fetch(`${api.origin}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const exportUrl = `${api.origin}/api/admin/transactions/export.csv`;

    // Warm-up (JIT, the pool, the route), then the idle figure: the process as it is between calls.
    await download(`${exportUrl}?date_end=2025-06-03`, token, pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = Math.max(...[0, 1, 2, 3, 4].map(() => memoryOf(pid).rss));
    const peakReset = resetPeak(pid);

    context.log(`exporting ${ROWS.toLocaleString('en-US')} rows from ${exportUrl} ...`);
    const run = await download(exportUrl, token, pid);
    const after = memoryOf(pid);
    const sampledPeak = Math.max(idle, ...run.samples.map((s) => s.rss));
    const peak = peakReset ? Math.max(after.hwm, sampledPeak) : sampledPeak;
    const growthMb = (peak - idle) / MB;

    const sql = transactionsExport(transactionsExportQuery.parse({})).query.text;
    const copyMs = await psqlCopy(url, sql);
    const rowsPerSecond = run.rows / (run.ms / 1000);
    const copyRowsPerSecond = ROWS / (copyMs / 1000);

    const warnings: string[] = [];
    if (run.rows !== ROWS) warnings.push(`the export had ${run.rows} rows, expected ${ROWS}`);
    if (run.totalHeader !== String(ROWS)) warnings.push(`X-Total-Count was ${run.totalHeader}`);
    if (!peakReset) warnings.push('could not reset VmHWM: the peak is the highest 50 ms sample');

    const comparisons: Comparison[] = [
      {
        metric: 'rows/s (psql \\copy CSV as baseline)',
        unit: 'req/s',
        baseline: copyRowsPerSecond,
        subject: rowsPerSecond,
      },
      { metric: 'whole download (ms)', unit: 'ms', baseline: copyMs, subject: run.ms },
      { metric: 'time to first byte (ms)', unit: 'ms', baseline: null, subject: run.firstByteMs },
      { metric: 'CSV bytes', unit: 'bytes', baseline: null, subject: run.bytes },
      { metric: 'API RSS idle (MB)', unit: 'count', baseline: null, subject: idle / MB },
      { metric: 'API peak RSS during the export (MB)', unit: 'count', baseline: null, subject: peak / MB },
      {
        metric: `API peak RSS growth over idle (MB; baseline = the ${MAX_GROWTH_MB} MB limit)`,
        unit: 'count',
        baseline: MAX_GROWTH_MB,
        subject: growthMb,
        maxRatio: 1,
      },
    ];
    context.log(
      `export: ${run.rows} rows, ${(run.bytes / MB).toFixed(0)} MB in ${(run.ms / 1000).toFixed(1)} s ` +
        `(${Math.round(rowsPerSecond)} rows/s); RSS idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB`,
    );
    return [
      {
        suite: 'export',
        title: `CSV export: GET /admin/transactions/export.csv, ${ROWS.toLocaleString('en-US')} rows`,
        baselineLabel: 'psql \\copy / limit',
        subjectLabel: 'API over HTTP',
        comparisons,
        details: {
          rows: run.rows,
          bytes: run.bytes,
          ms: run.ms,
          firstByteMs: run.firstByteMs,
          idleRss: idle,
          peakRss: peak,
          hwmAfter: after.hwm,
          peakReset,
          // One sample a second is enough to show the curve.
          rssSamples: run.samples.filter((_, i) => i % 20 === 0),
        },
        warnings,
      },
    ];
  },
};
