import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../src/config.ts';
import { MAX_VERSIONS_PER_AREA } from '../src/lib/metrics/client-errors.ts';
import { connectRedisStore } from '../src/lib/shared-store/redis.ts';
import { SimulatedChain } from '../src/modules/payout/chain.ts';
import * as payoutRepo from '../src/modules/payout/repository.ts';
import { PayoutWorker } from '../src/modules/payout/worker.ts';
import { METRICS_TOKEN_REFUSED } from '../src/plugins/metrics.ts';
import { createTestApp, driver, type TestApp } from './helpers.ts';
import { REDIS_URL, redisUp, uniquePrefix } from './shared-store-helpers.ts';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line (`name{labels} value`) of a Prometheus text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let chainNode: Server;
  const savedRpcUrl = process.env.CHAIN_RPC_URL;

  beforeAll(async () => {
    // A JSON-RPC "node" of the test's own: the payout chain's calls are timed by origin.
    chainNode = createServer((_req, res) => res.end('{"jsonrpc":"2.0","id":1,"result":"0x1"}'));
    await new Promise<void>((resolve) => chainNode.listen(0, '127.0.0.1', resolve));
    process.env.CHAIN_RPC_URL = `http://127.0.0.1:${(chainNode.address() as AddressInfo).port}/rpc`;
    t = await createTestApp({ env: { METRICS_TOKEN } });
    token = await t.login();
    const [user] = await t.db.query<{ id: number }>(
      `INSERT INTO users (username, email) VALUES ('metrics', 'metrics@example.test') RETURNING id`,
    );
    userId = user!.id;
  });
  afterAll(async () => {
    if (savedRpcUrl === undefined) delete process.env.CHAIN_RPC_URL;
    else process.env.CHAIN_RPC_URL = savedRpcUrl;
    await t.close();
    await new Promise((resolve) => chainNode.close(resolve));
  });

  const scrape = async () => {
    const res = await t.call('GET', '/api/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses a scrape without the token or with another one (401), and sets no cookie', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcd', `Basic ${METRICS_TOKEN}`]) {
      const res = await t.call('GET', '/api/metrics', authorization ? { headers: { authorization } } : {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: METRICS_TOKEN_REFUSED });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // An admin's session is not the metrics token.
    expect((await t.call('GET', '/api/metrics', { token })).statusCode).toBe(401);
  });

  it('counts requests per route pattern (never the raw URL) and status, with their latency', async () => {
    expect((await t.call('GET', '/api/admin/withdrawal?per_page=5', { token })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/admin/user/${userId}`, { token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/user/999999', { token })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/no/such/route/42')).statusCode).toBe(404);
    const text = await scrape();
    const list = 'method="GET",route="/api/admin/withdrawal",status="200"';
    expect(sample(text, `backoffice_http_requests_total{${list}}`)).toBe(1);
    expect(sample(text, `backoffice_http_request_duration_seconds_count{${list}}`)).toBe(1);
    expect(sample(text, `backoffice_http_request_duration_seconds_bucket{le="+Inf",${list}}`)).toBe(1);
    expect(
      sample(text, 'backoffice_http_requests_total{method="GET",route="/api/admin/user/:id",status="200"}'),
    ).toBe(1);
    expect(
      sample(text, 'backoffice_http_requests_total{method="GET",route="/api/admin/user/:id",status="404"}'),
    ).toBe(1);
    expect(sample(text, 'backoffice_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(
      1,
    );
    // No raw URL, id or query string becomes a label; the scrapes themselves are not counted.
    expect(text).not.toContain('/api/admin/user/9');
    expect(text).not.toContain('per_page');
    expect(text).not.toContain('/no/such');
    expect(text).not.toContain('route="/api/metrics"');
    // Node's own metrics.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reports the database and, on PostgreSQL, its pool', async () => {
    const text = await scrape();
    expect(sample(text, 'backoffice_database_up')).toBe(1);
    if (driver === 'postgres') {
      expect(sample(text, 'backoffice_db_pool_max')).toBe(10);
      expect(sample(text, 'backoffice_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'backoffice_db_pool_idle')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'backoffice_db_pool_waiting')).toBe(0);
      // Every query of the requests above waited for a pool connection, and was timed.
      expect(sample(text, 'backoffice_db_pool_wait_seconds_count')).toBeGreaterThan(3);
    } else {
      // PGlite is one embedded connection: no pool to report.
      expect(text).not.toContain('backoffice_db_pool_');
    }
  });

  it('reads the payout queue from the database: depth, failing sends, oldest age, payouts sent', async () => {
    const ids: string[] = [];
    for (const amount of ['10.5', '20', '30.25']) {
      const [w] = await t.db.query<{ id: number }>(
        `INSERT INTO withdrawals (user_id, amount, wallet_address, status, created_at)
         VALUES ($1, $2::numeric, $3, 'pending', now() - interval '1 hour') RETURNING id`,
        [userId, amount, `0x${'cd'.repeat(20)}`],
      );
      ids.push(String(w!.id));
    }
    const before = await scrape();
    expect(sample(before, 'backoffice_payout_queue_depth')).toBe(0);
    expect(sample(before, 'backoffice_payout_oldest_unpaid_seconds')).toBe(0);

    const approve = await t.call('POST', '/api/admin/withdrawal/update-bulk', {
      token,
      body: { withdrawal_ids: ids.slice(0, 2), status: 'approved' },
    });
    expect(approve.statusCode).toBe(200);
    let text = await scrape();
    expect(sample(text, 'backoffice_payout_queue_depth')).toBe(2);
    expect(sample(text, 'backoffice_payout_in_flight')).toBe(0);
    expect(sample(text, 'backoffice_payouts_failing')).toBe(0);
    // Counted from the approval, not from the request an hour ago.
    const age = sample(text, 'backoffice_payout_oldest_unpaid_seconds')!;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(600);

    // A worker claims both; one send fails and is given back (the worker's own claim and release).
    const claimed = await payoutRepo.claimApproved(t.db, 10, 60_000);
    expect(claimed).toHaveLength(2);
    expect(sample(await scrape(), 'backoffice_payout_in_flight')).toBe(2);
    await payoutRepo.release(t.db, claimed[0]!.id);
    text = await scrape();
    expect(sample(text, 'backoffice_payouts_failing')).toBe(1);
    expect(sample(text, 'backoffice_payout_in_flight')).toBe(1);
    await payoutRepo.release(t.db, claimed[1]!.id);

    // The payout worker pays both: the queue drains and the payouts count as sent.
    const run = await new PayoutWorker(t.db, new SimulatedChain()).runOnce();
    expect(run.completed).toHaveLength(2);
    text = await scrape();
    expect(sample(text, 'backoffice_payout_queue_depth')).toBe(0);
    expect(sample(text, 'backoffice_payouts_failing')).toBe(0);
    expect(sample(text, 'backoffice_payouts_sent_last_hour')).toBe(2);
    expect(sample(text, 'backoffice_payouts_reverted_last_hour')).toBe(0);
  });

  it('shows an export in progress while it streams, and not once it ended', async () => {
    // More rows than one FETCH (2,000): the export waits on its reader after the first batch.
    await t.db.query(
      `INSERT INTO withdrawals (user_id, amount, wallet_address, status)
       SELECT $1, 1 + i, 'export-' || i, 'rejected' FROM generate_series(1, 5000) i`,
      [userId],
    );
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawal/export.csv?status=rejected',
      headers: { authorization: `Bearer ${token}` },
      payloadAsStream: true,
    });
    expect(download.statusCode).toBe(200);
    expect(sample(await scrape(), 'backoffice_exports_in_progress')).toBe(1);
    let bytes = 0;
    for await (const chunk of download.stream()) bytes += (chunk as Buffer).length;
    expect(bytes).toBeGreaterThan(5000 * 20);
    await expect.poll(async () => sample(await scrape(), 'backoffice_exports_in_progress')).toBe(0);
  });

  it('counts the failures the console reports, per area and version (loads are not errors)', async () => {
    const report = (kind: string, version: string) =>
      t.call('POST', '/api/admin/console/reports', { token, body: { kind, area: 'mines', version } });
    expect((await report('failure', '1.4.0')).statusCode).toBe(200);
    expect((await report('failure', '1.4.0')).statusCode).toBe(200);
    expect((await report('load', '1.4.0')).statusCode).toBe(200);
    expect((await report('failure', 'not a version')).statusCode).toBe(400);
    const text = await scrape();
    expect(sample(text, 'backoffice_client_errors_total{area="mines",version="1.4.0"}')).toBe(2);
    expect(text).not.toContain('not a version');
  });

  it('labels a bounded number of versions per area: further ones count as other', async () => {
    for (let i = 0; i < MAX_VERSIONS_PER_AREA + 2; i++) {
      const res = await t.call('POST', '/api/admin/console/reports', {
        token,
        body: { kind: 'failure', area: 'lottery', version: `9.0.${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const text = await scrape();
    const lottery = text
      .split('\n')
      .filter((l) => l.startsWith('backoffice_client_errors_total{area="lottery"'));
    expect(lottery).toHaveLength(MAX_VERSIONS_PER_AREA + 1);
    expect(sample(text, 'backoffice_client_errors_total{area="lottery",version="other"}')).toBe(2);
  });

  it('times the calls to the payout chain node (CHAIN_RPC_URL), and those only', async () => {
    const rpc = process.env.CHAIN_RPC_URL!;
    await (
      await fetch(rpc, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' })
    ).text();
    await (await fetch(rpc.replace('/rpc', '/other'))).text(); // same origin: a call to the node too
    const text = await scrape();
    expect(sample(text, 'backoffice_chain_rpc_duration_seconds_count{outcome="ok"}')).toBe(2);
  });

  it('alert rules use only metrics the API exposes; Prometheus accepts config, rules and rule tests', async () => {
    const dir = join(REPO_ROOT, 'docker/prometheus');
    const config = parse(readFileSync(join(dir, 'prometheus.yml'), 'utf8'));
    expect(config.rule_files).toEqual(['alerts.yml']);
    const api = config.scrape_configs.find((c: { job_name: string }) => c.job_name === 'backoffice-api');
    expect(api.static_configs[0].targets).toEqual(['api-1:9464', 'api-2:9464']);
    const rules: { alert: string; expr: string }[] = parse(
      readFileSync(join(dir, 'alerts.yml'), 'utf8'),
    ).groups.flatMap((g: { rules: unknown[] }) => g.rules);
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'PayoutsFailing',
        'PayoutLag',
        'ApiHigh5xxRate',
        'ApiReplicaDown',
        'ApiNotReady',
      ]),
    );
    // A renamed metric would leave its alert silent forever: every one named must be in a real scrape.
    const exposed = new Set([...(await scrape()).matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]));
    const used = rules.flatMap((r) =>
      [...r.expr.matchAll(/\b(backoffice_\w+?)(?:_bucket|_count|_sum)?\b/g)].map((m) => m[1]!),
    );
    expect(used.length).toBeGreaterThan(5);
    // (PGlite has no pool to report.)
    for (const name of used)
      if (driver === 'postgres' || !name.startsWith('backoffice_db_pool_'))
        expect(exposed, name).toContain(name);

    const promtool = (...args: string[]) => spawnSync('promtool', args, { cwd: dir, encoding: 'utf8' });
    if (promtool('--version').error) {
      console.warn(
        '[metrics test] promtool is not installed (apt-get install prometheus): only the YAML was checked',
      );
      return;
    }
    for (const args of [
      ['check', 'config', '--syntax-only', 'prometheus.yml'],
      ['check', 'rules', 'alerts.yml'],
      ['test', 'rules', 'alerts.test.yml'],
    ]) {
      const run = promtool(...args);
      expect(run.status, `promtool ${args.join(' ')}: ${run.stdout}${run.stderr}`).toBe(0);
    }
  });

  it.skipIf(!redisUp)('counts Redis commands that fail', async () => {
    const store = await connectRedisStore(REDIS_URL, uniquePrefix('metrics'));
    try {
      const before = sample(await scrape(), 'backoffice_redis_errors_total{kind="command"}')!;
      await store.set('plain', 'a string', 10_000);
      // A rate-limit step on a string key: Redis answers WRONGTYPE.
      await expect(store.take('plain', { max: 3, windowMs: 60_000 }, Date.now())).rejects.toThrow(
        /WRONGTYPE/,
      );
      expect(sample(await scrape(), 'backoffice_redis_errors_total{kind="command"}')).toBe(before + 1);
    } finally {
      await store.close();
    }
  });

  describe('without METRICS_TOKEN and METRICS_PORT', () => {
    let plain: TestApp;
    beforeAll(async () => {
      plain = await createTestApp({ db: t.db });
    });
    afterAll(() => plain.close());

    it('has no metrics route (404), nothing in the OpenAPI document', async () => {
      const res = await plain.call('GET', '/api/metrics', {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Route not found' });
      const doc = (await plain.call('GET', '/api/openapi.json')).json();
      expect(Object.keys(doc.paths).some((p) => p.includes('metrics'))).toBe(false);
    });
  });

  describe('on METRICS_PORT, without METRICS_TOKEN', () => {
    let viaPort: TestApp;
    let port: number;
    beforeAll(async () => {
      port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const free = (probe.address() as AddressInfo).port;
          probe.close(() => resolve(free));
        });
      });
      viaPort = await createTestApp({ db: t.db, env: { METRICS_PORT: String(port), HOST: '127.0.0.1' } });
      await viaPort.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => viaPort.close());

    it('serves /metrics on its own port once the API listens; /api/metrics does not exist', async () => {
      const { port: apiPort } = viaPort.app.server.address() as AddressInfo;
      expect((await fetch(`http://127.0.0.1:${apiPort}/api/health`)).status).toBe(200);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(
        sample(text, 'backoffice_http_requests_total{method="GET",route="/api/health",status="200"}'),
      ).toBe(1);
      expect(sample(text, 'backoffice_database_up')).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${apiPort}/api/metrics`)).status).toBe(404);
    });
  });
});
