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
    const down = await api.login(email, PASSWORD);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ success: false, message: 'Service temporarily unavailable' });

    redis = await startRedis(port);
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await api.login(email, PASSWORD)).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
  });
});
