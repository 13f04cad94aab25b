import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/types.ts';
import { connectRedisStore, type RedisStore } from '../src/lib/shared-store/redis.ts';
import { createAdmin, freshDb } from './helpers.ts';
import { redisUp, type StoreApp, storeApp } from './shared-store-helpers.ts';

const PASSWORD = 'secret123';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A Redis server of this test's own (the shared one must stay up for the other tests). */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(true)); // the port is taken: Redis listens
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
    });
    if (up) return child;
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const stopRedis = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/** An answer and how long it took (ms). */
async function timed<T>(work: Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work;
  return [result, performance.now() - started];
}

const UNAVAILABLE = { success: false, message: 'Service temporarily unavailable' };

// Redis (the shared store of the replicas) going away: calls that need it answer 503 'Service
// temporarily unavailable' (never a 500 or a hang), and the API recovers by itself when it is back.
describe.skipIf(!redisUp)('Redis outage', () => {
  let db: DbHandle;
  let port: number;
  let redis: ChildProcess;
  let store: RedisStore;
  let api: StoreApp;
  const email = `outage-${randomBytes(4).toString('hex')}@example.com`;

  beforeAll(async () => {
    db = await freshDb();
    port = await freePort();
    redis = await startRedis(port);
    store = await connectRedisStore(`redis://127.0.0.1:${port}`, 'bo-outage:');
    api = await storeApp({ db, store });
    await createAdmin(db, { email, password: PASSWORD });
  });
  afterAll(async () => {
    await api?.close();
    await store?.close();
    if (redis?.exitCode === null) await stopRedis(redis);
    await db?.close();
  });

  it('sign-in answers 503 while Redis is down and works again once it is back', async () => {
    expect((await api.login(email, PASSWORD)).statusCode).toBe(200);

    await stopRedis(redis);
    const [down, ms] = await timed(api.login(email, PASSWORD));
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual(UNAVAILABLE);
    expect(ms).toBeLessThan(1000);

    redis = await startRedis(port);
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await api.login(email, PASSWORD)).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
  });

  // A frozen server (or a partition that drops packets): the socket stays open and nothing answers.
  // Without timeouts every call waited forever; now each one is bounded and the dead socket dropped.
  it('a frozen Redis: fast 503s, sessions checked on PostgreSQL, readyz says redis; all back after', async () => {
    const signedIn = await api.login(email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().data.token as string;
    const other = (await api.login(email, PASSWORD)).json().data.token as string;
    expect((await api.call('GET', '/api/admin/user', { token })).statusCode).toBe(200); // cached now
    expect((await api.call('GET', '/api/readyz')).json().data.checks.redis.state).toBe('up');

    redis.kill('SIGSTOP');
    try {
      // Sign-in needs its attempt counters (no safe fallback: private counters would multiply an
      // attacker's tries by the replicas): a 503 within a second.
      const [login, loginMs] = await timed(api.login(email, PASSWORD));
      expect(login.statusCode).toBe(503);
      expect(login.json()).toEqual(UNAVAILABLE);
      expect(loginMs).toBeLessThan(1000);

      // A session check falls back to the session row in PostgreSQL (the row is the judge: it is
      // revoked before the shared record is written), so reading goes on, answered within a second.
      const [read, readMs] = await timed(api.call('GET', '/api/admin/user', { token }));
      expect(read.statusCode).toBe(200);
      expect(readMs).toBeLessThan(1000);

      // The per-admin call limits are not counted meanwhile, rather than refusing every limited route.
      const [refresh, refreshMs] = await timed(api.call('POST', '/api/admin/dashboard/refresh', { token }));
      expect(refresh.statusCode).toBe(200);
      expect(refreshMs).toBeLessThan(1000);

      // A logout cannot tell the other replicas: 503 within a second, yet the session is over here
      // and everywhere that checks the row: never let through.
      const [logout, logoutMs] = await timed(api.call('POST', '/api/admin/auth/logout', { token: other }));
      expect(logout.statusCode).toBe(503);
      expect(logoutMs).toBeLessThan(1000);
      expect((await api.call('GET', '/api/admin/user', { token: other })).statusCode).toBe(401);

      // Readiness names Redis (the answer of a second ago may be reused first).
      await expect
        .poll(async () => (await api.call('GET', '/api/readyz')).statusCode, { timeout: 3000, interval: 200 })
        .toBe(503);
      const [ready, readyMs] = await timed(api.call('GET', '/api/readyz'));
      expect(readyMs).toBeLessThan(1000);
      expect(ready.json()).toMatchObject({
        success: false,
        message: 'Not ready: redis down',
        data: { status: 'not-ready', checks: { database: { state: 'up' }, redis: { state: 'down' } } },
      });
      const [live, liveMs] = await timed(api.call('GET', '/api/livez'));
      expect(live.statusCode).toBe(200);
      expect(liveMs).toBeLessThan(100);
    } finally {
      redis.kill('SIGCONT');
    }

    // Back by itself: sign-in, the session, readiness.
    await expect
      .poll(async () => (await api.login(email, PASSWORD)).statusCode, { timeout: 5000, interval: 200 })
      .toBe(200);
    expect((await api.call('GET', '/api/admin/user', { token })).statusCode).toBe(200);
    expect((await api.call('GET', '/api/admin/user', { token: other })).statusCode).toBe(401);
    await expect
      .poll(async () => (await api.call('GET', '/api/readyz')).json().data?.status, {
        timeout: 3000,
        interval: 200,
      })
      .toBe('ready');
  });
});
