import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot, snapshotsDir } from './paths.ts';
import { portAnswers, run, runTimed, type TimedRun, waitForHttp } from './processes.ts';

/**
 * The signed-in console the bench measures: the API on a database filled with `seed --scale`, signed
 * in as an admin. PostgreSQL only (127.0.0.1:5432 or BENCH_PG_ADMIN_URL): the api suite runs the raw SQL
 * through its own driver next to the API, which PGlite (one process at a time) cannot allow.
 *
 * Seeding a factor-1 database takes minutes, so it is done once into a template database named after
 * the migrations, the seed code and the factor; each run works on a fresh copy of it.
 *
 * The API keeps what is live in the console (docs/operations.md#releases): versions are published into its
 * releases folder (RELEASES_DIR, emptied at each run like the database) with the release CLI and its ops
 * token.
 */
export interface BenchConsole {
  apiOrigin: string;
  /** The API's process group (pnpm -> tsx -> node), for its CPU time. */
  apiPid: number;
  /** Another API process on the same database and secret (a replica), on `port`. */
  startReplica(port: number): Promise<{ origin: string; pid: number }>;
  databaseUrl: string;
  token: string;
  user: unknown;
  /** Calls the API as the signed-in admin. */
  call(method: string, path: string, body?: unknown): Promise<unknown>;
  pool: pg.Pool;
  /** The API's RELEASES_DIR: every published version, `<app folder>/<version>/`. */
  releasesDir: string;
  /** `node scripts/<command>.mjs <args>` against this API, as an operator runs it; never rejects on its exit code. */
  release(command: 'deploy' | 'rollback', args: string[]): Promise<TimedRun>;
}

const ADMIN = { email: 'bench.admin@example.com', password: 'bench-secret-1' };
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection to the PostgreSQL server's maintenance database (CREATE/DROP DATABASE). */
export async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Files whose change makes a new template necessary. */
function fingerprint(scale: number): string {
  const hash = createHash('sha256').update(`v2:${scale}`);
  for (const dir of ['api/migrations', 'api/src/seed']) {
    // Recursive: the seed has folders of its own (seed/demo/...).
    for (const file of readdirSync(join(repoRoot, dir), { recursive: true, encoding: 'utf8' }).sort()) {
      const path = join(repoRoot, dir, file);
      if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

async function ensureTemplate(scale: number, log: (line: string) => void): Promise<string> {
  const template = `bench_tpl_${String(scale).replace('.', '_')}_${fingerprint(scale)}`;
  const exists = await admin(
    async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount === 1,
  );
  if (exists) return template;
  log(`seeding ${template} with --scale ${scale} (once; minutes at factor 1) ...`);
  const building = `${template}_building`;
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${building}`);
  });
  const env = { DATABASE_URL: databaseUrl(building), LOG_LEVEL: 'warn' };
  await run('pnpm', ['-C', 'api', 'seed'], { env });
  await run('pnpm', ['-C', 'api', 'seed', '--scale', String(scale)], { env });
  // Visibility map and statistics as a long-running database has them (autovacuum may be off here):
  // index-only counts need the former, the planner the latter. Copies of the template keep both.
  const seeded = new pg.Client({ connectionString: databaseUrl(building) });
  await seeded.connect();
  await seeded.query('VACUUM ANALYZE').finally(() => seeded.end());
  await admin((c) => c.query(`ALTER DATABASE ${building} RENAME TO ${template}`));
  return template;
}

export async function startConsole(options: {
  scale: number;
  port: number;
  corsOrigins: string;
  log: (line: string) => void;
  onCleanup: (task: () => Promise<void> | void) => void;
}): Promise<BenchConsole> {
  if (!(await portAnswers(5432)) && !process.env.BENCH_PG_ADMIN_URL)
    throw new Error('needs PostgreSQL on 127.0.0.1:5432 (or BENCH_PG_ADMIN_URL)');
  const template = await ensureTemplate(options.scale, options.log);
  const name = `bench_run_${randomBytes(4).toString('hex')}`;
  options.log(`database ${name} (copy of ${template}) ...`);
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  options.onCleanup(() =>
    admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  );

  const url = databaseUrl(name);
  // A shared store for several replicas, when Redis answers (both replicas get it, so one and two
  // replicas are measured alike). A logical database of its own per run (1-15), so counters left by
  // other runs or tests on the same Redis (a locked sign-in, say) are not shared. BENCH_REDIS_URL
  // overrides it; BENCH_REDIS_URL=none leaves it out.
  const redisUrl =
    process.env.BENCH_REDIS_URL ??
    ((await portAnswers(6379)) ? `redis://127.0.0.1:6379/${1 + randomInt(15)}` : 'none');
  const releasesDir = join(snapshotsDir, 'releases');
  rmSync(releasesDir, { recursive: true, force: true });
  mkdirSync(releasesDir, { recursive: true });
  const opsToken = randomBytes(32).toString('hex');
  const env = {
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: join(snapshotsDir, 'api-data'),
    RELEASES_DIR: releasesDir,
    OPS_TOKEN: opsToken,
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The same secret in every replica, so a token signed by one is accepted by the others.
    JWT_SECRET: randomBytes(32).toString('hex'),
    CORS_ORIGINS: options.corsOrigins,
    DEMO: '0',
    TWO_FACTOR: 'optional',
    PAYOUT_INTERVAL_MS: '0',
    LOG_LEVEL: 'warn',
    // The bench signs in many times; the brute-force limit is not what is measured.
    RATE_LIMIT_MAX_FAILURES: '1000',
    MAINTENANCE: '0',
    ...(redisUrl === 'none' ? {} : { REDIS_URL: redisUrl }),
  };
  if (redisUrl !== 'none') options.log(`API with REDIS_URL=${redisUrl}`);
  const startApi = async (port: number) => {
    const replica = spawnApi({ ...env, PORT: String(port) });
    options.onCleanup(replica.stop);
    await waitForHttp(`${replica.origin}/api/health`, 120_000, replica.child);
    return { origin: replica.origin, pid: replica.child.pid! };
  };
  const { origin: apiOrigin, pid: apiPid } = await startApi(options.port);

  // Double-submit XSRF: any value, the same in the cookie and the header.
  const xsrf = randomBytes(8).toString('hex');
  const send = async (method: string, path: string, body: unknown, token?: string) => {
    const answer = await fetch(`${apiOrigin}/api${path}`, {
      method,
      headers: {
        accept: 'application/json',
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await answer.json().catch(() => null)) as unknown;
    if (!answer.ok) throw new Error(`${method} ${path}: HTTP ${answer.status} ${JSON.stringify(json)}`);
    return json;
  };
  const login = (await send('POST', '/admin/auth/login', ADMIN)) as {
    data: { token: string; user: unknown };
  };
  const { token, user } = login.data;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  options.onCleanup(() => pool.end());
  return {
    apiOrigin,
    apiPid,
    startReplica: startApi,
    databaseUrl: url,
    token,
    user,
    call: (method, path, body) => send(method, path, body, token),
    pool,
    releasesDir,
    release: (command, args) =>
      runTimed(process.execPath, [`scripts/${command}.mjs`, ...args, '--as', 'bench@localhost'], {
        env: {
          BACKOFFICE_API: `${apiOrigin}/api`,
          OPS_TOKEN: opsToken,
          RELEASES_DIR: releasesDir,
          // Were the API not to answer, the CLI would open its database itself: this run's, never the
          // developer's (.data).
          DATABASE_URL: url,
          DATA_DIR: env.DATA_DIR,
        },
      }),
  };
}

/** `pnpm -C api start` in its own process group, with a stop that signals the whole group. */
export function spawnApi(env: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn('pnpm', ['-C', 'api', 'start'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      signal('SIGTERM');
      setTimeout(() => signal('SIGKILL'), 5000).unref();
    });
  process.once('exit', () => signal('SIGKILL'));
  return { child, origin: `http://127.0.0.1:${env.PORT}`, stop };
}
