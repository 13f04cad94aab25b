import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { migrate } from '../../api/src/db/migrate.ts';
import { createPgDb } from '../../api/src/db/pg.ts';
import type { BenchContext } from '../suites/types.ts';
import { admin, databaseUrl, spawnApi } from './console.ts';
import { benchDir, snapshotsDir } from './paths.ts';
import { portAnswers, waitForHttp } from './processes.ts';

/**
 * An API process on a database of its own, for the suites that watch the API's memory (export,
 * memory): `pnpm -C api start` as deployed, with none of the console's extras.
 *
 * The database: 10,000 users, BENCH_EXPORT_ROWS (1,000,000) transactions and 100,000 withdrawals,
 * made by generate_series (about 45 s). BENCH_EXPORT_KEEP=1 keeps it (`bench_export_keep_<rows>_2`)
 * for the next run of either suite.
 */

export const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const USERS = 10_000;
const WITHDRAWALS = 100_000;
const ADMIN = { email: 'bench.export@example.com', password: 'bench-export-1' };
const MB = 1024 * 1024;

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
    await client.query(
      `INSERT INTO withdrawals (user_id, amount, wallet_address, status, created_at, updated_at)
       SELECT 1 + i % $2::int, 1 + (i * 7919 % 50000) / 100.0, '0x' || md5('w' || i),
              (ARRAY['waiting', 'pending', 'approved', 'rejected', 'completed'])[1 + i % 5],
              timestamptz '2025-06-01' + i * interval '1 minute', timestamptz '2025-06-01' + i * interval '1 minute'
         FROM generate_series(1, $1::int) i`,
      [WITHDRAWALS, USERS],
    );
    await client.query('VACUUM ANALYZE');
    log(
      `seeded ${ROWS.toLocaleString('en-US')} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}

/** The URL of the suites' database: made and seeded (or the kept one), dropped at the end unless kept. */
export async function ownDatabase(context: BenchContext): Promise<string> {
  if (!(await portAnswers(5432)) && !process.env.BENCH_PG_ADMIN_URL)
    throw new Error('needs PostgreSQL on 127.0.0.1:5432 (or BENCH_PG_ADMIN_URL)');
  const keep = process.env.BENCH_EXPORT_KEEP === '1';
  // `_2`: the seed that added withdrawals (for the memory suite's lists).
  const name = keep ? `bench_export_keep_${ROWS}_2` : `bench_export_${randomBytes(4).toString('hex')}`;
  const url = new URL(databaseUrl(name));
  const onAdmin = (sql: string, values: unknown[] = []) =>
    admin(async (c) => (await c.query(sql, values)).rows);
  if (keep && (await onAdmin('SELECT 1 FROM pg_database WHERE datname = $1', [name])).length)
    return url.toString();
  await onAdmin(`CREATE DATABASE ${name}`);
  if (!keep) context.onCleanup(() => onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => {}));
  const db = createPgDb(url.toString());
  await migrate(db).finally(() => db.close());
  await seed(url.toString(), context.log);
  return url.toString();
}

/** The pid of the process listening on the port (the node process itself, not pnpm or tsx). */
function listenerPid(port: number): number {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const match = /pid=(\d+)/.exec(out);
  if (!match) throw new Error(`no process listens on ${port}`);
  return Number(match[1]);
}

/** VmRSS and VmHWM (peak RSS) of a process, in MB. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key: string) =>
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: mb('VmRSS'), hwm: mb('VmHWM') };
}

/** Resets the kernel's peak RSS of the process (Linux: clear_refs 5); false when not allowed. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface OwnApi {
  origin: string;
  /** The node process that serves (for /proc). */
  pid: number;
  /** The signed-in admin's headers, as a browser sends them. */
  headers: Record<string, string>;
  /** The V8 heap (MB) the process last wrote (within 1 s); undefined without `heapProbe`. */
  heap(): { used: number; total: number } | undefined;
  stop(): Promise<void>;
}

/**
 * Starts `pnpm -C api start` on the database (`env` added) and signs in. With `heapProbe`, each node
 * process of it writes its heap figures every second (lib/heap-probe.mjs) for heap().
 */
export async function startOwnApi(
  context: BenchContext,
  url: string,
  options: { env?: NodeJS.ProcessEnv; heapProbe?: boolean } = {},
): Promise<OwnApi> {
  const port = context.freePort();
  const heapDir = join(snapshotsDir, `api-heap-${port}`);
  rmSync(heapDir, { recursive: true, force: true });
  if (options.heapProbe) mkdirSync(heapDir, { recursive: true });
  const probe = options.heapProbe
    ? {
        BENCH_HEAP_DIR: heapDir,
        NODE_OPTIONS:
          `${options.env?.NODE_OPTIONS ?? ''} --import ${join(benchDir, 'lib/heap-probe.mjs')}`.trim(),
      }
    : {};
  const api = spawnApi({
    ...process.env,
    ...options.env,
    ...probe,
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
    return {
      origin: api.origin,
      pid,
      headers: { accept: 'application/json', authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}` },
      heap() {
        try {
          const m = JSON.parse(readFileSync(join(heapDir, `${pid}.json`), 'utf8')) as NodeJS.MemoryUsage;
          return { used: m.heapUsed / MB, total: m.heapTotal / MB };
        } catch {
          return undefined;
        }
      },
      stop: api.stop,
    };
  } catch (err) {
    await api.stop();
    throw err;
  }
}
