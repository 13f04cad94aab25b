import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReadyzResponse } from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../src/lib/shared-store/index.ts';
import { setMaintenance } from '../src/plugins/maintenance.ts';
import { createTestApp, freshDb, type TestApp } from './helpers.ts';
import { storeApp } from './shared-store-helpers.ts';

type Readiness = ReadyzResponse['data'];

/** A JSON-RPC node stand-in: answers eth_chainId, or (`silent`) takes the request and never answers. */
async function rpcNode(mode: 'answers' | 'silent'): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    if (mode === 'silent') return; // holds the socket: a node that hangs
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x38' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request's answer and how long it took (ms). */
async function timed<T>(work: Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work;
  return [result, performance.now() - started];
}

describe('GET /api/livez and /api/readyz', () => {
  let t: TestApp;
  let userId: number;
  const others: TestApp[] = [];
  /** A replica of its own on the same database: readiness answers are reused for a second per app. */
  const replica = async (env: Record<string, string> = {}) => {
    const app = await createTestApp({ db: t.db, env });
    others.push(app);
    return app;
  };
  const approved = async (minutesAgo: number) => {
    await t.db.query(
      `INSERT INTO withdrawals (user_id, amount, wallet_address, status, processed_at)
       VALUES ($1, 5, $2, 'approved', now() - $3::int * interval '1 minute')`,
      [userId, `0x${'cd'.repeat(20)}`, minutesAgo],
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    const [u] = await t.db.query<{ id: number }>(
      `INSERT INTO users (username, email) VALUES ('lag', 'lag@example.test') RETURNING id`,
    );
    userId = u!.id;
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await t?.close();
  });

  it('ready: the database up, no Redis or chain configured (left out), no payout waiting', async () => {
    const live = await t.call('GET', '/api/livez', { xsrf: false });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ success: true, message: 'alive' });

    const res = await t.call('GET', '/api/readyz', { xsrf: false });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; message: string; data: Readiness };
    expect(body.success).toBe(true);
    expect(body.message).toBe('ready');
    expect(body.data.status).toBe('ready');
    expect(Object.keys(body.data.checks).sort()).toEqual(['database', 'payoutLag']);
    expect(body.data.checks.database).toEqual({ state: 'up', latencyMs: expect.any(Number) });
    expect(body.data.checks.payoutLag).toMatchObject({
      state: 'up',
      oldestApprovedAgeMs: null,
      thresholdMs: 15 * 60_000,
    });
  });

  it('maintenance leaves both probes alone (the admin API answers its 503 itself)', async () => {
    const app = await replica();
    await setMaintenance(t.db, true);
    try {
      expect((await app.call('GET', '/api/admin/user', { token: 'x' })).statusCode).toBe(503);
      expect((await app.call('GET', '/api/livez')).statusCode).toBe(200);
      const ready = await app.call('GET', '/api/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json().data.status).toBe('ready');
    } finally {
      await setMaintenance(t.db, false);
    }
  });

  it('a replica shutting down (lib/shutdown.ts marks it closing) is not ready; still alive', async () => {
    const app = await replica();
    (app.app as { closing?: boolean }).closing = true;
    const res = await app.call('GET', '/api/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Not ready: shutting down',
      data: { status: 'not-ready', checks: { database: { state: 'up' } } },
    });
    expect((await app.call('GET', '/api/livez')).statusCode).toBe(200);
  });

  it('reports the payout lag: the oldest approved withdrawal, degraded (still 200) over the threshold', async () => {
    await approved(3);
    // A withdrawal without an address is never paid by the worker: it is not the worker's lag.
    await t.db.query(
      `INSERT INTO withdrawals (user_id, amount, status, processed_at)
       VALUES ($1, 5, 'approved', now() - interval '5 hours')`,
      [userId],
    );
    const fresh = (await (await replica()).call('GET', '/api/readyz')).json().data as Readiness;
    expect(fresh.status).toBe('ready');
    expect(fresh.checks.payoutLag.state).toBe('up');
    expect(fresh.checks.payoutLag.oldestApprovedAgeMs).toBeGreaterThanOrEqual(3 * 60_000 - 1000);
    expect(fresh.checks.payoutLag.oldestApprovedAgeMs).toBeLessThan(4 * 60_000);

    await approved(120);
    const res = await (await replica()).call('GET', '/api/readyz');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; message: string; data: Readiness };
    expect(body.data.status).toBe('degraded');
    expect(body.message).toBe('Degraded: payoutLag lagging');
    expect(body.data.checks.payoutLag).toMatchObject({ state: 'lagging', thresholdMs: 15 * 60_000 });
    expect(body.data.checks.payoutLag.oldestApprovedAgeMs).toBeGreaterThanOrEqual(120 * 60_000 - 1000);
    expect(body.data.checks.payoutLag.detail).toMatch(/waited 1[12]\d min/);

    // The threshold is PAYOUT_LAG_MINUTES.
    const patient = (await (await replica({ PAYOUT_LAG_MINUTES: '180' })).call('GET', '/api/readyz')).json();
    expect(patient.data.checks.payoutLag.state).toBe('up');
    await t.db.query(`UPDATE withdrawals SET status = 'completed' WHERE status = 'approved'`);
  });

  it('the chain RPC when configured: up when it answers; down (degraded, 200) within the timeout', async () => {
    const node = await rpcNode('answers');
    const silent = await rpcNode('silent');
    try {
      const up = (await (await replica({ CHAIN_RPC_URL: node.url })).call('GET', '/api/readyz')).json();
      expect(up.data.status, JSON.stringify(up)).toBe('ready');
      expect(up.data.checks.chain).toEqual({ state: 'up', latencyMs: expect.any(Number) });

      const hanging = await replica({ CHAIN_RPC_URL: silent.url, READY_CHECK_TIMEOUT_MS: '300' });
      const [res, ms] = await timed(hanging.call('GET', '/api/readyz'));
      expect(ms).toBeLessThan(1000);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('degraded');
      expect(res.json().data.checks.chain).toMatchObject({
        state: 'down',
        detail: 'no answer within 300 ms',
      });

      await node.close();
      const gone = (await (await replica({ CHAIN_RPC_URL: node.url })).call('GET', '/api/readyz')).json();
      // Refused, or the kept-alive socket of the last call found closed.
      expect(gone.data.checks.chain).toMatchObject({
        state: 'down',
        detail: expect.stringMatching(/^failed \(/),
      });
      // The node's address is no business of an anonymous caller.
      expect(JSON.stringify(gone)).not.toContain('127.0.0.1');
    } finally {
      await node.close().catch(() => {});
      await silent.close();
    }
  });

  it('a closed database: readyz 503 naming it (within a second), livez still 200', async () => {
    const db = await freshDb();
    const api = await storeApp({ db, store: new MemoryStore(), env: { READY_CHECK_TIMEOUT_MS: '500' } });
    try {
      await db.close();
      const [res, ms] = await timed(api.call('GET', '/api/readyz'));
      expect(ms).toBeLessThan(1000);
      expect(res.statusCode).toBe(503);
      const body = res.json() as { success: boolean; message: string; data: Readiness };
      expect(body.success).toBe(false);
      expect(body.data.status).toBe('not-ready');
      expect(body.data.checks.database.state).toBe('down');
      expect(body.message).toMatch(/^Not ready: database down/);
      expect((await api.call('GET', '/api/livez')).statusCode).toBe(200);
    } finally {
      await api.close();
    }
  });
});
