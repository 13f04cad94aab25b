import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Pool } from 'undici';
import { migrate } from '../../api/src/db/migrate.ts';
import { createPgDb } from '../../api/src/db/pg.ts';
import { admin, databaseUrl, spawnApi } from '../lib/console.ts';
import { repoRoot, snapshotsDir } from '../lib/paths.ts';
import { portAnswers, waitForHttp } from '../lib/processes.ts';
import { percentile } from '../lib/stats.ts';
import type { BenchContext, Suite, SuiteReport } from './types.ts';

/**
 * A rolling restart behind the production ingress (docs/operations.md): Caddy from docker/caddy/Caddyfile
 * (TLS, its internal CA) in front of two API replicas on one PostgreSQL database, 32 kept-alive connections
 * paging the users list through it for BENCH_ROLLING_SECONDS (60), while replica 1 and then replica 2
 * are restarted as a deployment does: SIGTERM, wait for the exit, start again, wait until it is ready
 * and Caddy's health check has taken it back. Not a speed figure: every request must be answered 200
 * (target: answered / sent = 1, i.e. 0 lost).
 */

const SECONDS = Number(process.env.BENCH_ROLLING_SECONDS ?? 60);
const CONNECTIONS = 32;
const USERS = 20_000;
const PAGE_SIZE = 20;
const ADMIN = { email: 'bench.rolling@example.com', password: 'bench-rolling-1' };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database of its own: migrated, with USERS users to page through. */
async function ownDatabase(context: BenchContext): Promise<string> {
  if (!(await portAnswers(5432)) && !process.env.BENCH_PG_ADMIN_URL)
    throw new Error('needs PostgreSQL on 127.0.0.1:5432 (or BENCH_PG_ADMIN_URL)');
  const name = `bench_rolling_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  context.onCleanup(() =>
    admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  );
  const url = databaseUrl(name);
  const db = createPgDb(url);
  await migrate(db).finally(() => db.close());
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (name, username, email, created_at)
       SELECT 'Rolling User ' || i, 'rolling_user_' || i, 'rolling' || i || '@example.com',
              timestamptz '2025-01-01' + i * interval '1 minute'
         FROM generate_series(1, $1::int) i`,
      [USERS],
    );
    await client.query('VACUUM ANALYZE users');
  } finally {
    await client.end();
  }
  return url;
}

/** Caddy from the repository's Caddyfile, its data (the internal CA) in a folder of the run. */
async function startCaddy(context: BenchContext, env: Record<string, string>) {
  const dir = join(snapshotsDir, 'rolling-caddy');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const child: ChildProcess = spawn(
    'caddy',
    ['run', '--config', join(repoRoot, 'docker/caddy/Caddyfile'), '--adapter', 'caddyfile'],
    {
      env: { ...process.env, ...env, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
      stdio: ['ignore', 'ignore', 'ignore'],
      detached: true,
    },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  context.onCleanup(stop);
  process.once('exit', () => child.kill('SIGKILL'));
  const rootCa = join(dir, 'data/caddy/pki/authorities/local/root.crt');
  const deadline = Date.now() + 30_000;
  while (!(existsSync(rootCa) && (await portAnswers(Number(env.CADDY_HTTPS_PORT))))) {
    if (child.exitCode !== null) throw new Error(`caddy exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('caddy did not start within 30 s');
    await pause(100);
  }
  return { rootCa: readFileSync(rootCa), stop };
}

interface Tally {
  sent: number;
  ok: number;
  failures: Map<string, number>;
  ms: number[];
}

export const rollingRestartSuite: Suite = {
  name: 'rolling-restart',
  description: 'two API replicas behind Caddy restarted one after the other under list load: requests lost',
  async run(context) {
    if (!(await portAnswers(5432)) && !process.env.BENCH_PG_ADMIN_URL)
      throw new Error('rolling-restart needs PostgreSQL on 127.0.0.1:5432');
    const url = await ownDatabase(context);
    const jwtSecret = randomBytes(32).toString('hex');
    const ports = [context.freePort(), context.freePort()];
    const [httpsPort, httpPort] = [context.freePort(), context.freePort()];
    // Sign-in counters and sessions shared by the two, apart from other runs.
    const redis =
      process.env.BENCH_REDIS_URL !== 'none' && (await portAnswers(6379))
        ? {
            REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
            SHARED_STATE_PREFIX: `bench-rolling-${randomBytes(4).toString('hex')}:`,
          }
        : {};
    const replicaEnv = (port: number): NodeJS.ProcessEnv => ({
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: join(snapshotsDir, `rolling-api-${port}`),
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: jwtSecret,
      DEMO: '0',
      TWO_FACTOR: 'optional',
      PAYOUT_INTERVAL_MS: '0',
      LOG_LEVEL: 'warn',
      MAINTENANCE: '0',
      // Caddy is the one hop in front.
      TRUST_PROXY: '1',
      ...redis,
    });
    const envs = ports.map(replicaEnv);
    const replicas = [spawnApi(envs[0]!), null as ReturnType<typeof spawnApi> | null];
    context.onCleanup(() => replicas[0]?.stop());
    await waitForHttp(`${replicas[0]!.origin}/api/health`, 120_000, replicas[0]!.child);
    replicas[1] = spawnApi(envs[1]!);
    context.onCleanup(() => replicas[1]?.stop());
    await waitForHttp(`${replicas[1]!.origin}/api/health`, 120_000, replicas[1]!.child);
    // The readiness probe when the API has one (it answers 503 while a replica starts or stops).
    const readyz = (await fetch(`${replicas[0]!.origin}/api/readyz`).catch(() => null))?.status === 200;
    const healthUri = readyz ? '/api/readyz' : '/api/health';
    context.log(`rolling-restart: Caddy's health checks use ${healthUri}`);

    const site = `https://127.0.0.1:${httpsPort}`;
    const caddy = await startCaddy(context, {
      SITE_ADDRESS: site,
      CADDY_TLS: 'internal',
      CADDY_HTTPS_PORT: String(httpsPort),
      CADDY_HTTP_PORT: String(httpPort),
      API_UPSTREAMS: ports.map((port) => `127.0.0.1:${port}`).join(' '),
      API_HEALTH_URI: healthUri,
      CONSOLE_UPSTREAM: '127.0.0.1:1',
      RELEASES_DIR: join(snapshotsDir, 'rolling-releases'),
      TRUSTED_PROXIES: '',
      CADDY_ACCESS_LOG: 'discard',
    });
    const pool = new Pool(site, { connections: CONNECTIONS, pipelining: 1, connect: { ca: caddy.rootCa } });
    context.onCleanup(() => pool.close());

    const xsrf = randomBytes(8).toString('hex');
    const login = await pool.request({
      path: '/api/admin/auth/login',
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      body: JSON.stringify(ADMIN),
    });
    const loginBody = (await login.body.json()) as { data?: { token: string } };
    if (login.statusCode !== 200 || !loginBody.data)
      throw new Error(`sign-in through Caddy: HTTP ${login.statusCode}`);
    const headers = {
      accept: 'application/json',
      authorization: `Bearer ${loginBody.data.token}`,
      cookie: `XSRF-TOKEN=${xsrf}`,
    };

    const tally: Tally = { sent: 0, ok: 0, failures: new Map(), ms: [] };
    const fail = (what: string) => tally.failures.set(what, (tally.failures.get(what) ?? 0) + 1);
    const pages = Math.ceil(USERS / PAGE_SIZE);
    let running = true;
    const loop = async () => {
      while (running) {
        const page = 1 + Math.floor(Math.random() * pages);
        const sent = performance.now();
        tally.sent++;
        try {
          const answer = await pool.request({
            path: `/api/admin/user?page=${page}&limit=${PAGE_SIZE}`,
            method: 'GET',
            headers,
          });
          const text = await answer.body.text();
          if (answer.statusCode === 200) tally.ok++;
          else fail(`HTTP ${answer.statusCode} ${text.slice(0, 120)}`);
        } catch (error) {
          fail(String(error).slice(0, 160));
        }
        tally.ms.push(performance.now() - sent);
      }
    };

    const started = performance.now();
    const loops = Array.from({ length: CONNECTIONS }, loop);
    const events: { at: number; what: string }[] = [];
    const note = (what: string) => {
      events.push({ at: (performance.now() - started) / 1000, what });
      context.log(`rolling-restart: ${events.at(-1)!.at.toFixed(1)} s ${what}`);
    };
    const restarts: { replica: number; downMs: number; readyMs: number }[] = [];
    await pause(Math.min(10_000, (SECONDS * 1000) / 6));
    for (const index of [0, 1]) {
      const replica = replicas[index]!;
      const stopAt = performance.now();
      note(`SIGTERM replica ${index + 1}`);
      await replica.stop();
      const downMs = performance.now() - stopAt;
      note(`replica ${index + 1} exited`);
      await pause(1000);
      replicas[index] = spawnApi(envs[index]!);
      await waitForHttp(`${replicas[index]!.origin}${healthUri}`, 120_000, replicas[index]!.child);
      const readyMs = performance.now() - stopAt;
      note(`replica ${index + 1} ready again`);
      restarts.push({ replica: index + 1, downMs, readyMs });
      // Caddy's health check (every second) takes it back before the next one goes.
      await pause(3000);
    }
    const left = SECONDS * 1000 - (performance.now() - started);
    await pause(Math.max(3000, left));
    running = false;
    await Promise.all(loops);
    const elapsedS = (performance.now() - started) / 1000;
    note('load stopped');

    const lost = tally.sent - tally.ok;
    const count = (metric: string, subject: number) => ({
      metric,
      unit: 'count' as const,
      baseline: null,
      subject,
    });
    const report: SuiteReport = {
      suite: 'rolling-restart',
      title: `rolling restart of 2 API replicas behind Caddy, ${CONNECTIONS} connections paging /api/admin/user for ${elapsedS.toFixed(0)} s (health checks: ${healthUri})`,
      baselineLabel: 'sent',
      subjectLabel: 'answered',
      comparisons: [
        {
          metric: 'requests answered 200 / sent (target 1: none lost)',
          unit: 'count',
          baseline: tally.sent,
          subject: tally.ok,
          minRatio: 1,
        },
        count('requests lost (must be 0)', lost),
        { metric: 'answers a second', unit: 'req/s', baseline: null, subject: tally.sent / elapsedS },
        { metric: 'p50', unit: 'ms', baseline: null, subject: percentile(tally.ms, 50) },
        { metric: 'p99', unit: 'ms', baseline: null, subject: percentile(tally.ms, 99) },
        { metric: 'slowest answer', unit: 'ms', baseline: null, subject: Math.max(...tally.ms) },
        ...restarts.flatMap((restart) => [
          {
            metric: `replica ${restart.replica}: SIGTERM to exit`,
            unit: 'ms' as const,
            baseline: null,
            subject: restart.downMs,
          },
          {
            metric: `replica ${restart.replica}: SIGTERM to ready again`,
            unit: 'ms' as const,
            baseline: null,
            subject: restart.readyMs,
          },
        ]),
      ],
      details: { healthUri, events, restarts, failures: Object.fromEntries(tally.failures) },
      warnings: [...tally.failures].slice(0, 5).map(([what, n]) => `${n} x ${what}`),
    };
    await caddy.stop();
    return [report];
  },
};
