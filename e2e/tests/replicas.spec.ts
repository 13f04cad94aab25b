import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot, runDir } from '../support/config.ts';
import { type FreshDatabase, freshDatabase } from '../support/database.ts';
import { Child, httpOk, portAnswers, waitUntil } from '../support/processes.ts';
import { cloneBuild } from '../support/releases.ts';

// Two API processes (4050, 4051) on one PostgreSQL database and one Redis, behind one proxy
// (scripts/serve.mjs --proxy a,b: round-robin, appends the peer to X-Forwarded-For) on 4052, as
// replicas behind a load balancer. No browser: HTTP only. Its own database, ports and processes, so the
// rest of the suite is not disturbed.

const PORTS = { a: 4050, b: 4051, proxy: 4052 } as const;
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'replicas.admin@example.com', password: 'replicas-secret-1' };
const XSRF = 'replicas-xsrf';
const OPS_TOKEN = `replicas-ops-${randomBytes(16).toString('hex')}`;
const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';

const origin = (port: number) => `http://127.0.0.1:${port}`;
const proxy = origin(PORTS.proxy);
const replicaA = origin(PORTS.a);
const replicaB = origin(PORTS.b);

async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

const login = (base: string, email: string, password: string, headers?: Record<string, string>) =>
  call(base, 'POST', '/admin/auth/login', { body: { email, password }, headers });

/** What is missing for this test, or undefined. */
async function missing(): Promise<string | undefined> {
  if (process.env.E2E_DB === 'pglite') return 'E2E_DB=pglite: the replicas need a PostgreSQL database';
  if (!(await portAnswers(5432, '127.0.0.1'))) return 'PostgreSQL does not answer on 127.0.0.1:5432';
  const redis = new URL(REDIS_URL);
  if (!(await portAnswers(Number(redis.port || 6379), redis.hostname)))
    return `Redis does not answer at ${REDIS_URL}`;
  for (const port of Object.values(PORTS))
    if (await portAnswers(port)) return `port ${port} is already in use`;
  return undefined;
}

test.describe('two API replicas behind one proxy (Redis + PostgreSQL)', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let db: FreshDatabase | undefined;
  let tempDir = '';
  const children: Child[] = [];
  let apiEnv: NodeJS.ProcessEnv = {};

  test.beforeAll(async () => {
    const reason = await missing();
    test.skip(reason !== undefined, reason);
    tempDir = mkdtempSync(join(tmpdir(), 'bo-e2e-replicas-'));
    db = await freshDatabase(tempDir);
    if (db.mode !== 'postgres') test.skip(true, 'the replicas need a PostgreSQL database');
    const logs = join(runDir, 'logs');
    mkdirSync(logs, { recursive: true });

    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['DATA_DIR', 'MAINTENANCE', 'CORS_ORIGINS', 'CHAIN_RPC_URL', 'CHAIN_TOKEN_ADDRESS'])
      delete env[name];
    delete env.CHAIN_SIGNER_KEY_FILE;
    apiEnv = {
      ...env,
      ...db.env,
      REDIS_URL,
      // Counters of earlier runs stay in the shared Redis for their window: this run keeps apart.
      SHARED_STATE_PREFIX: `e2e-replicas-${randomBytes(4).toString('hex')}:`,
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // One secret for both: a token signed by one replica is checked by the other.
      JWT_SECRET: `replicas-${randomBytes(16).toString('hex')}`,
      TWO_FACTOR: 'optional',
      DEMO: '1',
      // The proxy is one hop: its entry of X-Forwarded-For is the client, nothing in front of it.
      TRUST_PROXY: '1',
      RATE_LIMIT_MAX_FAILURES: '3',
      // A long cache: only the shared store can explain what one replica learns from the other.
      SESSION_CACHE_MS: '60000',
      PAYOUT_INTERVAL_MS: '300',
      LOG_LEVEL: 'warn',
      // One releases folder and one ops token, as the replicas of a deployment share them.
      RELEASES_DIR: join(tempDir, 'releases'),
      OPS_TOKEN,
    };
    // One after the other: the first migrates and seeds the demo data.
    for (const [name, port] of [
      ['a', PORTS.a],
      ['b', PORTS.b],
    ] as const) {
      const api = new Child(`api-${name}`, pnpm, ['-C', 'api', 'start'], {
        cwd: repoRoot,
        env: { ...apiEnv, PORT: String(port), DATA_DIR: join(tempDir, `data-${name}`) },
        logFile: join(logs, `replicas-api-${name}.log`),
      });
      children.push(api);
      await waitUntil(`replica ${name}`, () => httpOk(`${origin(port)}/api/health`), 120_000, api);
    }
    const site = join(tempDir, 'site');
    mkdirSync(site);
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>replicas</title>');
    const server = new Child(
      'replicas-proxy',
      process.execPath,
      [
        'scripts/serve.mjs',
        '--dir',
        site,
        '--port',
        String(PORTS.proxy),
        '--host',
        '127.0.0.1',
        '--proxy',
        `${replicaA},${replicaB}`,
      ],
      { cwd: repoRoot, env: process.env, logFile: join(logs, 'replicas-proxy.log') },
    );
    children.push(server);
    await waitUntil('proxy', () => httpOk(`${proxy}/api/health`), 30_000, server);
  });

  test.afterAll(async () => {
    for (const child of children.reverse()) await child.stop();
    await db?.drop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  test('what is live is one truth: a rollback through one replica is what the other answers next', async () => {
    // mf-mines's build (made by the run's set-up) as two versions in the replicas' releases folder: the
    // second is the same files under another version in its manifest and release.json.
    const dist = join(repoRoot, 'mf-mines/dist');
    const v1 = JSON.parse(readFileSync(join(dist, 'release.json'), 'utf8')).version as string;
    const v2 = `${v1}-replica`;
    const folder = (version: string) => join(tempDir, 'releases/mf-mines', version);
    cpSync(dist, folder(v1), { recursive: true });
    cloneBuild(dist, folder(v2), v2);
    const ops = { 'x-ops-token': OPS_TOKEN };
    // No shell is live on these replicas: the gate's smoke load has nothing to run under (recorded so).
    for (const version of [v1, v2]) {
      const published = await call(replicaA, 'POST', '/admin/releases', {
        headers: ops,
        body: { area: 'mines', version, live: true, actor: 'replicas@e2e' },
      });
      expect(published.status, JSON.stringify(published.json)).toBe(200);
    }
    const liveOn = async (base: string) =>
      (await call(base, 'GET', '/console/registry')).json.data.remotes.find(
        (remote: { area: string }) => remote.area === 'mines',
      )?.version;
    expect(await liveOn(replicaB)).toBe(v2);

    const rollback = await call(replicaB, 'POST', '/admin/releases/mines/live', {
      headers: ops,
      body: { action: 'rollback', reason: 'e2e: through replica b', actor: 'replicas@e2e' },
    });
    expect(rollback.status, JSON.stringify(rollback.json)).toBe(200);
    expect(await liveOn(replicaA)).toBe(v1);
    expect(await liveOn(proxy)).toBe(v1);

    // And back, through the other one.
    await call(replicaA, 'POST', '/admin/releases/mines/live', {
      headers: ops,
      body: { action: 'promote', version: v2, actor: 'replicas@e2e' },
    });
    expect(await liveOn(replicaB)).toBe(v2);
  });

  test('a logout through the proxy is refused by both replicas at once', async () => {
    const signedIn = await login(proxy, ADMIN.email, ADMIN.password);
    expect(signedIn.status).toBe(200);
    const token = signedIn.json.data.token as string;
    // Each replica checks the token and caches it (SESSION_CACHE_MS 60 s).
    for (const base of [replicaA, replicaB, replicaA, replicaB])
      expect((await call(base, 'GET', '/admin/dashboard/stats', { token })).status).toBe(200);

    expect((await call(proxy, 'POST', '/admin/auth/logout', { token })).status).toBe(200);
    for (const base of [replicaA, replicaB, proxy, proxy]) {
      const refused = await call(base, 'GET', '/admin/dashboard/stats', { token });
      expect(refused.status, base).toBe(401);
      expect(refused.json.message).toBe('Invalid or expired token');
    }
  });

  test('the dashboard figures are the database ones, the same on both replicas after any write', async () => {
    const token = (await login(proxy, ADMIN.email, ADMIN.password)).json.data.token as string;
    const figures = async (base: string) =>
      (await call(base, 'GET', '/admin/dashboard/stats', { token })).json.data as {
        totalUsers: number;
        totalWithdrawalsUsd: string;
      };
    const users = async (base: string) => (await figures(base)).totalUsers;
    const sql = <T>(text: string) => db!.withQuery(async (q) => (await q(text)) as T[]);

    const before = await users(replicaA);
    const tag = randomBytes(3).toString('hex');
    const [first] = await sql<{ id: number }>(
      `INSERT INTO users (username, email) VALUES ('rep_${tag}_1', 'rep_${tag}_1@example.com'),
         ('rep_${tag}_2', 'rep_${tag}_2@example.com') RETURNING id`,
    );
    // Kept in the same transaction as the write (api migration 013): even a change behind the API's
    // back is in both replicas' next answer.
    expect(await users(replicaB)).toBe(before + 2);
    expect(await users(replicaA)).toBe(before + 2);

    // A write through the proxy (one replica): both have the new figures at the next call.
    expect((await call(proxy, 'DELETE', `/admin/user/${first!.id}`, { token })).status).toBe(200);
    expect(await users(replicaA)).toBe(before + 1);
    expect(await users(replicaB)).toBe(before + 1);

    // A payout made by a replica's worker (no API call at all) moves the paid total on both.
    const paidBefore = Number((await figures(replicaB)).totalWithdrawalsUsd);
    const [w] = await sql<{ id: number }>(
      `INSERT INTO withdrawals (user_id, amount, wallet_address, status)
       SELECT id, 1, '0x${'ab'.repeat(20)}', 'approved' FROM users WHERE username = 'rep_${tag}_2' RETURNING id`,
    );
    await expect
      .poll(
        async () =>
          (await sql<{ status: string }>(`SELECT status FROM withdrawals WHERE id = ${w!.id}`))[0]!.status,
        { timeout: 15_000 },
      )
      .toBe('completed');
    expect(Number((await figures(replicaA)).totalWithdrawalsUsd)).toBe(paidBefore + 1);
    expect(Number((await figures(replicaB)).totalWithdrawalsUsd)).toBe(paidBefore + 1);
  });

  test('failed sign-ins count on both replicas; unlock-admin lets the owner in', async () => {
    // Through the proxy the attempts alternate between the replicas.
    for (let i = 0; i < 3; i++) expect((await login(proxy, ADMIN.email, 'wrong-password')).status).toBe(401);
    for (const base of [proxy, proxy, replicaA, replicaB]) {
      const locked = await login(base, ADMIN.email, ADMIN.password);
      expect(locked.status, base).toBe(429);
      expect(locked.json.message).toBe('Too many attempts. Please try again in 1 minute.');
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const unlocked = await new Promise<string>((resolve, reject) =>
      execFile(
        pnpm,
        ['-C', 'api', 'unlock-admin', ADMIN.email],
        { cwd: repoRoot, env: apiEnv },
        (err, stdout, stderr) => (err ? reject(new Error(`${stdout}${stderr}`)) : resolve(stdout)),
      ),
    );
    expect(unlocked).toContain(`Unlocked ${ADMIN.email}`);
    expect((await login(proxy, ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  test('failures per client IP: a spoofed X-Forwarded-For in front of the proxy does not reset them', async () => {
    // 12 failures per IP (4 x 3). The 3 failures of the previous test came from this client too.
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const spoofed = { 'x-forwarded-for': `198.51.100.${i}, 10.0.0.${i}` };
      codes.push((await login(proxy, `nobody${i}@example.com`, 'wrong-password', spoofed)).status);
    }
    expect(codes).toEqual([...Array(9).fill(401), 429]);
  });
});
