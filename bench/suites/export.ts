import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { transactionsExportQuery } from '@backoffice/shared/contract';
import { transactionsExport } from '../../api/src/modules/transactions/export.ts';
import { memoryOf, ownDatabase, ROWS, resetPeak, startOwnApi } from '../lib/own-api.ts';
import type { Comparison, Suite, SuiteReport } from './types.ts';

/**
 * The CSV export at 1M rows (issues 13 and 20): the API (`pnpm -C api start`, default V8 heap) on a
 * database of its own (lib/own-api.ts) with BENCH_EXPORT_ROWS (1,000,000) transactions, and GET
 * /api/admin/transactions/export.csv read over HTTP in full (bytes counted, nothing kept). Figures:
 * rows/s and the API process's resident memory (VmRSS sampled every 50 ms, and VmHWM, the kernel's
 * peak, reset through /proc/<pid>/clear_refs before the download) against the same process idle.
 *
 * Targets (docs/performance.md): a peak less than 50 MB over idle during the export (a third of the file's
 * size, so an export that held rows would not pass), and rows/s no lower than before the fix (52,204 rows/s
 * on this VM, BENCH_EXPORT_OLD_ROWS_PER_S). Shown beside them: psql's `\copy (<the export's SQL>) TO
 * ... CSV`, the same rows written as CSV by PostgreSQL itself.
 */

const MAX_GROWTH_MB = 50;
/** The export's speed before its fix (docs/performance.md, bench/README.md, 2026-11-25, default heap). */
const OLD_ROWS_PER_S = Number(process.env.BENCH_EXPORT_OLD_ROWS_PER_S ?? 52_204);

interface Download {
  rows: number;
  bytes: number;
  ms: number;
  firstByteMs: number;
  totalHeader: string | null;
  samples: { at: number; rss: number }[];
}

/** Reads the whole export, counting lines and bytes (nothing kept), sampling the API's RSS meanwhile. */
async function download(url: string, headers: Record<string, string>, pid: number): Promise<Download> {
  const samples: { at: number; rss: number }[] = [];
  const started = performance.now();
  const sampler = setInterval(
    () => samples.push({ at: performance.now() - started, rss: memoryOf(pid).rss }),
    50,
  );
  try {
    const answer = await fetch(url, { headers });
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
    const url = await ownDatabase(context);
    // Signed in, warmed up (JIT, the pool, the route) by a small export, then idle for a second.
    const api = await startOwnApi(context, url);
    let run: Download;
    let idle: number;
    let peak: number;
    let peakReset: boolean;
    try {
      const exportUrl = `${api.origin}/api/admin/transactions/export.csv`;
      await download(`${exportUrl}?date_end=2025-06-03`, api.headers, api.pid);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      idle = Math.max(...[0, 1, 2, 3, 4].map(() => memoryOf(api.pid).rss));
      peakReset = resetPeak(api.pid);
      context.log(`exporting ${ROWS.toLocaleString('en-US')} rows ...`);
      run = await download(exportUrl, api.headers, api.pid);
      const sampledPeak = Math.max(idle, ...run.samples.map((s) => s.rss));
      peak = peakReset ? Math.max(memoryOf(api.pid).hwm, sampledPeak) : sampledPeak;
    } finally {
      await api.stop();
    }
    const sql = transactionsExport(transactionsExportQuery.parse({})).query.text;
    const copyMs = await psqlCopy(url, sql);
    const rowsPerSecond = run.rows / (run.ms / 1000);

    const warnings: string[] = [];
    if (run.rows !== ROWS) warnings.push(`the export had ${run.rows} rows, expected ${ROWS}`);
    if (run.totalHeader !== String(ROWS)) warnings.push(`X-Total-Count was ${run.totalHeader}`);
    if (!peakReset) warnings.push('could not reset VmHWM, the peak is the highest 50 ms sample');
    const comparisons: Comparison[] = [
      {
        metric: 'rows/s (before the fix as baseline)',
        unit: 'req/s',
        baseline: OLD_ROWS_PER_S,
        subject: rowsPerSecond,
        minRatio: 1,
      },
      {
        metric: 'rows/s (psql \\copy CSV as baseline)',
        unit: 'req/s',
        baseline: ROWS / (copyMs / 1000),
        subject: rowsPerSecond,
      },
      {
        metric: 'whole download (ms; psql \\copy as baseline)',
        unit: 'ms',
        baseline: copyMs,
        subject: run.ms,
      },
      { metric: 'time to first byte (ms)', unit: 'ms', baseline: null, subject: run.firstByteMs },
      { metric: 'CSV bytes', unit: 'bytes', baseline: null, subject: run.bytes },
      { metric: 'API RSS idle (MB)', unit: 'count', baseline: null, subject: idle },
      { metric: 'API peak RSS during the export (MB)', unit: 'count', baseline: null, subject: peak },
      {
        metric: `API peak RSS over idle (MB; the ${MAX_GROWTH_MB} MB limit as baseline)`,
        unit: 'count',
        baseline: MAX_GROWTH_MB,
        subject: peak - idle,
        maxRatio: 1,
      },
    ];
    context.log(
      `export: ${run.rows} rows, ${(run.bytes / 1024 / 1024).toFixed(0)} MB in ${(run.ms / 1000).toFixed(1)} s ` +
        `(${Math.round(rowsPerSecond)} rows/s); RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`,
    );
    return [
      {
        suite: 'export',
        title: `CSV export: GET /admin/transactions/export.csv, ${ROWS.toLocaleString('en-US')} rows`,
        baselineLabel: 'baseline',
        subjectLabel: 'API over HTTP',
        comparisons,
        details: {
          psqlCopyMs: copyMs,
          rows: run.rows,
          bytes: run.bytes,
          ms: run.ms,
          firstByteMs: run.firstByteMs,
          idleRss: idle,
          peakRss: peak,
          peakReset,
          // One sample a second is enough to show the curve.
          rssSamples: run.samples.filter((_, i) => i % 20 === 0),
        },
        warnings,
      },
    ];
  },
};
