import { randomBytes } from 'node:crypto';
import { callLimitOf, type RouteDef, routes, SIGNED_IN_CALL_LIMIT } from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { SharedStore } from '../src/lib/shared-store/index.ts';
import { createAdmin, createTestApp, type TestApp, testClock } from './helpers.ts';
import {
  kinds,
  openStore,
  type StoreApp,
  statusCounts,
  storeApp,
  uniquePrefix,
} from './shared-store-helpers.ts';

/**
 * Per-admin call limits (RouteDef.callLimit, plugins/route.ts; docs/operations.md#limits-that-protect-the-console):
 * no one admin can flood what the others rely on, through the routes any signed-in admin may call.
 */

const REFRESH = '/api/admin/dashboard/refresh';
const LIMIT = routes.dashboardRefresh.callLimit;
const catalogue = Object.entries(routes) as [string, RouteDef][];

const clock = testClock(Math.floor(Date.now() / 60_000) * 60_000);
let t: TestApp;
let auditor: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await createAdmin(t.db, { email: 'limits-auditor@example.com', password: 'secret123', roles: ['auditor'] });
  auditor = await t.login('limits-auditor@example.com', 'secret123');
});
afterAll(() => t.close());

const auditRows = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0]!.n;

describe('the catalogue', () => {
  it('limits every state-changing route any signed-in admin may call, and no GET', () => {
    for (const [name, def] of catalogue) {
      const limit = callLimitOf(def);
      if (def.permission === 'signed-in' && def.method !== 'GET') expect(limit, name).toBeDefined();
      if (def.method === 'GET') expect(limit, name).toBeUndefined();
      if (limit) expect(limit.max / limit.windowSeconds, name).toBeLessThanOrEqual(1);
    }
    // A route that names none (the console's reports) has the generous default.
    expect(callLimitOf(routes.consoleReport)).toEqual(SIGNED_IN_CALL_LIMIT);
  });
});

describe('a route past its per-admin limit', () => {
  it("refuses the auditor's refresh flood with 429 and Retry-After, writing no audit row; others are unaffected", async () => {
    const before = await auditRows();
    const answers = [];
    for (let i = 0; i < LIMIT.max + 5; i++) answers.push(await t.call('POST', REFRESH, { token: auditor }));
    expect(statusCounts(answers)).toEqual({ 200: LIMIT.max, 429: 5 });
    const refused = answers.at(-1)!;
    expect(LIMIT.windowSeconds).toBe(60);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Too many requests. Please try again in 1 minute.',
    });
    expect(refused.headers['retry-after']).toBe('60');
    expect(await auditRows()).toBe(before);

    // Per admin: another admin refreshes, and the auditor still reads the figures (a GET).
    const root = await t.login();
    expect((await t.call('POST', REFRESH, { token: root })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/dashboard/stats', { token: auditor })).statusCode).toBe(200);

    // Any session of that admin counts against the same limit.
    const second = await t.login('limits-auditor@example.com', 'secret123');
    expect((await t.call('POST', REFRESH, { token: second })).statusCode).toBe(429);

    // Under a minute left: said in seconds. The window over, the admin may refresh again.
    clock.advance(45_000);
    const later = await t.call('POST', REFRESH, { token: auditor });
    expect([later.statusCode, later.json().message, later.headers['retry-after']]).toEqual([
      429,
      'Too many requests. Please try again in 15 seconds.',
      '15',
    ]);
    clock.advance(15_000);
    expect((await t.call('POST', REFRESH, { token: auditor })).statusCode).toBe(200);
  });

  it('counts only calls that reach the route: a refused token or a bad body is not counted', async () => {
    await createAdmin(t.db, { email: 'limits-count@example.com', password: 'secret123', roles: ['finance'] });
    const token = await t.login('limits-count@example.com', 'secret123');
    for (let i = 0; i < LIMIT.max; i++) {
      expect((await t.call('POST', REFRESH, { token, body: { metrics: ['nope'] } })).statusCode).toBe(400);
      expect((await t.call('POST', REFRESH, { token, xsrf: 'no-header' })).statusCode).toBe(403);
    }
    expect((await t.call('POST', REFRESH, { token })).statusCode).toBe(200);
  });
});

describe('ADMIN_CALL_LIMITS', () => {
  it('reads overrides by route name, off for one or all, and refuses anything else', () => {
    const config = (value: string) => loadConfig({ ADMIN_CALL_LIMITS: value }).callLimits;
    expect(config('logout=2/60, dashboardRefresh=off')).toEqual({
      logout: { max: 2, windowSeconds: 60 },
      dashboardRefresh: null,
    });
    const off = config('off');
    expect(Object.keys(off).sort()).toEqual(
      catalogue
        .filter(([, def]) => callLimitOf(def))
        .map(([name]) => name)
        .sort(),
    );
    expect(Object.values(off).every((v) => v === null)).toBe(true);
    expect(loadConfig({}).callLimits).toEqual({});
    for (const bad of ['logout=2', 'nosuchRoute=1/60', 'logout=0/60', 'logout=1/0', 'logout'])
      expect(() => config(bad), bad).toThrow(/ADMIN_CALL_LIMITS/);
  });

  it('tightens or lifts a route’s limit in the running API', async () => {
    const calls = async (limits: string, n: number) => {
      const app = await createTestApp({ db: t.db, env: { ADMIN_CALL_LIMITS: limits } });
      try {
        const token = await app.login();
        const answers = [];
        for (let i = 0; i < n; i++) answers.push(await app.call('POST', REFRESH, { token }));
        return statusCounts(answers);
      } finally {
        await app.close();
      }
    };
    expect(await calls('dashboardRefresh=2/60', 3)).toEqual({ 200: 2, 429: 1 });
    expect(await calls('dashboardRefresh=off', LIMIT.max + 1)).toEqual({ 200: LIMIT.max + 1 });
  });
});

// Two replicas, each with its own connection to one shared store: the calls on both count together.
describe.each(kinds(['postgres', 'redis']))('two replicas on the $kind store', ({ kind, skip }) => {
  let stores: SharedStore[] = [];
  let apps: StoreApp[] = [];

  beforeAll(async () => {
    if (skip) return;
    const prefix = uniquePrefix('call-limits');
    stores = [
      await openStore(kind, t.db, 'call-limits', prefix),
      await openStore(kind, t.db, 'call-limits', prefix),
    ];
    apps = [await storeApp({ db: t.db, store: stores[0]! }), await storeApp({ db: t.db, store: stores[1]! })];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
  });

  it.skipIf(skip)('agree on one admin’s count', async () => {
    const email = `limits-${randomBytes(4).toString('hex')}@example.com`;
    await createAdmin(t.db, { email, password: 'secret123', roles: ['auditor'] });
    const token = (await apps[0]!.login(email, 'secret123')).json().data.token as string;
    const answers = [];
    for (let i = 0; i < LIMIT.max + 2; i++) answers.push(await apps[i % 2]!.call('POST', REFRESH, { token }));
    expect(statusCounts(answers)).toEqual({ 200: LIMIT.max, 429: 2 });
  });
});
