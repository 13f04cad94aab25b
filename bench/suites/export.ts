import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { transactionsExportQuery } from '@backoffice/shared/contract';
import pg from 'pg';
import { migrate } from '../../api/src/db/migrate.ts';
import { createPgDb } from '../../api/src/db/pg.ts';
import { transactionsExport } from '../../api/src/modules/transactions/export.ts';
import { spawnApi } from '../lib/console.ts';
import { snapshotsDir } from '../lib/paths.ts';
import { portAnswers, waitForHttp } from '../lib/processes.ts';
import type { BenchContext, Comparison, Suite, SuiteReport } from './types.ts';

/**
 * The CSV export at 1M rows (issue 13): a database of its own with BENCH_EXPORT_ROWS (1,000,000)
 * transactions made by generate_series, the API (`pnpm -C api start`) on it, and GET
 * /api/admin/transactions/export.csv read over HTTP in full (bytes counted, nothing kept). Figures:
 * rows/s and the API process's resident memory (VmRSS sampled every 50 ms, and VmHWM, the kernel's
 * peak, reset through /proc/<pid>/clear_refs before the download) against the same process idle.
 *
 * Twice: the API as deployed, then with its V8 heap capped (--max-old-space-size, BENCH_EXPORT_HEAP_MB,
 * default 128) below the size of the file. With the default heap V8 lets garbage pile up between major
 * collections (the RSS saw-tooths), so the peak says more about V8's sizing than about the export.
 * Targets: no growth over the download (the peak of its 2nd half <= 1.25x that of its 1st half), and
 * with the heap capped, a peak less than 100 MB over idle. Baseline for the speed (no target): psql's
 * `\copy (<the export's SQL>) TO ... CSV`, the same rows written as CSV by PostgreSQL itself.
 */

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const USERS = 10_000;
const MAX_GROWTH_MB = 100;
/** The V8 heap cap (--max-old-space-size) of the second run: below the CSV's size (~150 MB at 1M rows). */
const HEAP_CAP_MB = Number(process.env.BENCH_EXPORT_HEAP_MB ?? 128);
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
    // Secondary indexes dropped during the insert and built again after it: one sort each instead of
    // a million inserts into each (the same definitions, read from the catalogue).
    const indexes = (
      await client.query<{ name: string; definition: string }>(
        `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
          WHERE tablename = 'transactions' AND indexname NOT LIKE '%pkey'`,
      )
    ).rows;
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    await client.query(
      `INSERT INTO transactions (user_id, amount, currency, payment_id, pay_currency, pay_address, status,
                                 created_at, updated_at)
       SELECT u.id, round((1 + (i::bigint * 7919 % 100000) / 100.0)::numeric, 2) + 0.00000001 * (i % 7), 'usd',
              'pay_' || i, 'usdtbsc', '0x' || md5(i::text), (ARRAY['completed', 'waiting', 'failed'])[1 + i % 3],
              timestamptz '2025-06-01' + i * interval '10 seconds', timestamptz '2025-06-01' + i * interval '10 seconds'
         FROM generate_series(1, $1::int) i
         JOIN users u ON u.id = 1 + i % $2::int`,
      [ROWS, USERS],
    );
    await client.query('SET maintenance_work_mem = "256MB"');
    for (const index of indexes) await client.query(index.definition);
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

interface Measurement {
  download: Download;
  idle: number;
  peak: number;
  firstHalfPeak: number;
  secondHalfPeak: number;
  peakReset: boolean;
}

/**
 * One API process (`pnpm -C api start`, `env` added) on the database: signs in, warms up (JIT, the pool,
 * the route), takes the idle RSS, resets the kernel's peak, downloads the whole export, stops.
 */
async function measure(context: BenchContext, url: string, env: NodeJS.ProcessEnv): Promise<Measurement> {
  const port = context.freePort();
  const api = spawnApi({
    ...process.env,
    ...env,
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
  try {
    await waitForHttp(`${api.origin}/api/health`, 120_000, api.child);
    const pid = listenerPid(port);
    const xsrf = randomBytes(8).toString('hex');
    const login = await fetch(`${api.origin}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const exportUrl = `${api.origin}/api/admin/transactions/export.csv`;

    await download(`${exportUrl}?date_end=2025-06-03`, token, pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = Math.max(...[0, 1, 2, 3, 4].map(() => memoryOf(pid).rss));
    const peakReset = resetPeak(pid);

    context.log(`exporting ${ROWS.toLocaleString('en-US')} rows (${env.NODE_OPTIONS ?? 'default heap'}) ...`);
    const run = await download(exportUrl, token, pid);
    const after = memoryOf(pid);
    const sampledPeak = Math.max(idle, ...run.samples.map((s) => s.rss));
    const half = run.ms / 2;
    const peakOf = (samples: { rss: number }[]) => Math.max(idle, ...samples.map((s) => s.rss));
    return {
      download: run,
      idle,
      peak: peakReset ? Math.max(after.hwm, sampledPeak) : sampledPeak,
      firstHalfPeak: peakOf(run.samples.filter((s) => s.at < half)),
      secondHalfPeak: peakOf(run.samples.filter((s) => s.at >= half)),
      peakReset,
    };
  } finally {
    await api.stop();
  }
}

export const exportSuite: Suite = {
  name: 'export',
  description: `CSV export of ${ROWS.toLocaleString('en-US')} transactions over HTTP: rows/s and the API's peak RSS`,
  async run(context): Promise<SuiteReport[]> {
    if (!(await portAnswers(5432)) && !process.env.BENCH_PG_ADMIN_URL)
      throw new Error('needs PostgreSQL on 127.0.0.1:5432 (or BENCH_PG_ADMIN_URL)');
    // BENCH_EXPORT_KEEP=1 keeps the seeded database for the next run (when iterating on the export).
    const keep = process.env.BENCH_EXPORT_KEEP === '1';
    const name = keep ? `bench_export_keep_${ROWS}` : `bench_export_${randomBytes(4).toString('hex')}`;
    const exists = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      await client.end();
      return found.rowCount === 1;
    };
    const reuse = keep && (await exists());
    if (!reuse) await onAdmin(`CREATE DATABASE ${name}`);
    if (!keep) context.onCleanup(() => onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = databaseUrl(name);
    if (!reuse) {
      const db = createPgDb(url);
      await migrate(db).finally(() => db.close());
      await seed(url, context.log);
    }

    // The API as deployed, then the same API with its V8 heap capped below the file's size.
    const free = await measure(context, url, {});
    const capped = await measure(context, url, { NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB}` });
    const sql = transactionsExport(transactionsExportQuery.parse({})).query.text;
    const copyMs = await psqlCopy(url, sql);
    const copyRowsPerSecond = ROWS / (copyMs / 1000);
    const run = free.download;
    const rowsPerSecond = run.rows / (run.ms / 1000);

    const warnings: string[] = [];
    for (const [label, m] of [
      ['default', free],
      ['capped', capped],
    ] as const) {
      if (m.download.rows !== ROWS)
        warnings.push(`${label}: the export had ${m.download.rows} rows, expected ${ROWS}`);
      if (m.download.totalHeader !== String(ROWS))
        warnings.push(`${label}: X-Total-Count was ${m.download.totalHeader}`);
      if (!m.peakReset)
        warnings.push(`${label}: could not reset VmHWM, the peak is the highest 50 ms sample`);
    }
    const mb = (bytes: number) => bytes / MB;
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
      { metric: 'API RSS idle (MB)', unit: 'count', baseline: null, subject: mb(free.idle) },
      {
        metric: 'API peak RSS during the export (MB)',
        unit: 'count',
        baseline: null,
        subject: mb(free.peak),
      },
      {
        // No leak: the second half of the download peaks no higher than the first (a buffered file would).
        metric: 'API peak RSS growth, 2nd half of the download (MB; 1st half as baseline)',
        unit: 'count',
        baseline: mb(free.firstHalfPeak - free.idle),
        subject: mb(free.secondHalfPeak - free.idle),
        maxRatio: 1.25,
      },
      {
        metric: `API peak RSS growth over idle, default heap (MB; the ${MAX_GROWTH_MB} MB limit as baseline)`,
        unit: 'count',
        baseline: MAX_GROWTH_MB,
        subject: mb(free.peak - free.idle),
      },
      {
        metric: `the same, API heap capped at ${HEAP_CAP_MB} MB (MB; the ${MAX_GROWTH_MB} MB limit as baseline)`,
        unit: 'count',
        baseline: MAX_GROWTH_MB,
        subject: mb(capped.peak - capped.idle),
        maxRatio: 1,
      },
      {
        metric: `rows/s, API heap capped at ${HEAP_CAP_MB} MB`,
        unit: 'req/s',
        baseline: copyRowsPerSecond,
        subject: capped.download.rows / (capped.download.ms / 1000),
      },
    ];
    context.log(
      `export: ${run.rows} rows, ${(run.bytes / MB).toFixed(0)} MB in ${(run.ms / 1000).toFixed(1)} s ` +
        `(${Math.round(rowsPerSecond)} rows/s); RSS idle ${mb(free.idle).toFixed(0)} MB, peak ${mb(free.peak).toFixed(0)} MB; ` +
        `heap capped: idle ${mb(capped.idle).toFixed(0)} MB, peak ${mb(capped.peak).toFixed(0)} MB`,
    );
    const detailsOf = (m: Measurement) => ({
      rows: m.download.rows,
      bytes: m.download.bytes,
      ms: m.download.ms,
      firstByteMs: m.download.firstByteMs,
      idleRss: m.idle,
      peakRss: m.peak,
      firstHalfPeak: m.firstHalfPeak,
      secondHalfPeak: m.secondHalfPeak,
      peakReset: m.peakReset,
      // One sample a second is enough to show the curve.
      rssSamples: m.download.samples.filter((_, i) => i % 20 === 0),
    });
    return [
      {
        suite: 'export',
        title: `CSV export: GET /admin/transactions/export.csv, ${ROWS.toLocaleString('en-US')} rows`,
        baselineLabel: 'baseline',
        subjectLabel: 'API over HTTP',
        comparisons,
        details: { psqlCopyMs: copyMs, default: detailsOf(free), capped: detailsOf(capped) },
        warnings,
      },
    ];
  },
};
