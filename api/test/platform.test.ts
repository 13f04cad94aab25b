import { API_PREFIX, type RouteName, routePath, routes } from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_CACHE_MS, setMaintenance } from '../src/plugins/maintenance.ts';
import { createAdmin, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

describe('health, XSRF cookie and security headers', () => {
  it('GET /api/health answers ok and sets a readable XSRF-TOKEN cookie', async () => {
    const res = await t.call('GET', '/api/health', { xsrf: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'ok', data: { maintenance: false } });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.httpOnly).toBeFalsy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('sends the security headers on refusals and unknown paths too', async () => {
    for (const path of ['/api/admin/user', '/api/no-such-path']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    }
  });

  it('does not set the cookie again when the request carries it', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('refuses a state-changing admin call without the header or with a different one (403)', async () => {
    for (const xsrf of [false, 'no-header', 'mismatch'] as const) {
      const res = await t.call('POST', '/api/admin/auth/logout', { token, xsrf });
      expect(res.statusCode, String(xsrf)).toBe(403);
      expect(res.json()).toEqual({ success: false, message: 'Invalid or missing XSRF token' });
    }
    // The login call is protected too.
    const login = await t.call('POST', '/api/admin/auth/login', {
      xsrf: false,
      body: { email: 'a@b.co', password: 'whatever' },
    });
    expect(login.statusCode).toBe(403);
    // The session survived: the refused calls did nothing.
    expect((await t.call('GET', '/api/admin/dashboard/stats', { token })).statusCode).toBe(200);
  });

  it('GET calls need no XSRF header', async () => {
    expect((await t.call('GET', '/api/admin/mines/stats', { token, xsrf: false })).statusCode).toBe(200);
  });
});

describe('errors', () => {
  it('unknown routes answer 404 Route not found', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/admin/nope'],
      ['POST', '/api/admin/nope'],
      ['GET', '/'],
    ] as const) {
      const res = await t.call(method, url, { token });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Route not found' });
    }
  });

  it('malformed JSON is a 400 without any stack trace', async () => {
    const res = await t.call('POST', '/api/admin/auth/login', {
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack/i);
  });

  it('validation errors name the field', async () => {
    const res = await t.call('POST', '/api/admin/auth/login', {
      body: { email: 'nope', password: 'secret123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'email: Invalid email format' });
    const q = await t.call('GET', '/api/admin/mines?page=0', { token });
    expect(q.json()).toEqual({ success: false, message: 'page: Page must be at least 1' });
  });

  it('an unexpected failure is a 500 with the generic message', async () => {
    const app = t.app;
    // A broken answer (not matching the contract) must not leak: simulate with a dropped table in a fresh app.
    await t.db.exec('ALTER TABLE mine_games RENAME TO mine_games_x');
    try {
      const res = await t.call('GET', '/api/admin/mines/stats', { token });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: 'An unexpected error occurred' });
    } finally {
      await t.db.exec('ALTER TABLE mine_games_x RENAME TO mine_games');
    }
    expect(app).toBeDefined();
  });

  it('an answer that breaks its contract is a 500, never sent', async () => {
    // Rank 0 is outside the contract (ranks start at 1); the database does not check inside the JSON.
    const [lottery] = await t.db.query<{ id: number }>(
      `INSERT INTO lotteries (name, ticket_price, start_time, end_time, result_time, winners_count,
                              winner_distributions)
       VALUES ('Broken', 1, now() + interval '1 day', now() + interval '2 days', now() + interval '2 days', 1,
               '[{"rank":0,"percentage":80}]') RETURNING id`,
    );
    const res = await t.call('GET', `/api/admin/lottery/details/${lottery?.id}`, { token });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'An unexpected error occurred' });
  });
});

describe('CORS', () => {
  it('allows the configured console origin with credentials', async () => {
    const res = await t.call('GET', '/api/health', { headers: { origin: 'http://localhost:3001' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('answers the preflight with the XSRF header allowed', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/auth/login',
      headers: {
        origin: 'http://127.0.0.1:3001',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-xsrf-token',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3001');
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/X-XSRF-TOKEN/i);
  });

  it('refuses other origins (no allow-origin header)', async () => {
    const res = await t.call('GET', '/api/health', { headers: { origin: 'http://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/auth/login',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('maintenance', () => {
  it('the shared flag turns every /api/admin call into 503, and turning it off ends it', async () => {
    await setMaintenance(t.db, true);
    await new Promise((r) => setTimeout(r, MAINTENANCE_CACHE_MS + 50)); // past the replica's cached read
    try {
      for (const [method, url] of [
        ['GET', '/api/admin/dashboard/stats'],
        ['POST', '/api/admin/auth/login'],
        ['GET', '/api/admin/unknown'],
      ] as const) {
        const res = await t.call(method, url, { token, body: method === 'POST' ? {} : undefined });
        expect(res.statusCode, url).toBe(503);
        expect(res.json()).toEqual({ success: false, message: 'Server is under maintenance' });
      }
      const health = await t.call('GET', '/api/health');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({
        success: true,
        message: 'Server is under maintenance',
        data: { maintenance: true },
      });
    } finally {
      await setMaintenance(t.db, false);
    }
    await new Promise((r) => setTimeout(r, MAINTENANCE_CACHE_MS + 50));
    expect((await t.call('GET', '/api/admin/dashboard/stats', { token })).statusCode).toBe(200);
  });

  it('operators turn it on and off with PUT /api/ops/maintenance (ops token), audited; it answers while on', async () => {
    const OPS_TOKEN = 'ops-token-for-the-maintenance-test-0123456789';
    const m = await createTestApp({ db: t.db, env: { OPS_TOKEN } });
    const put = (on: boolean, headers: Record<string, string>) =>
      m.call('PUT', '/api/ops/maintenance', { headers, body: { on, actor: 'ops@example.com' } });
    try {
      expect((await put(true, {})).statusCode).toBe(401);
      expect((await put(true, { 'x-ops-token': `${OPS_TOKEN}x` })).statusCode).toBe(401);
      // A session without the ops role: no.
      await createAdmin(t.db, {
        email: 'finance.maint@example.com',
        password: 'finance-pass-1',
        roles: ['finance'],
      });
      const finance = await m.login('finance.maint@example.com', 'finance-pass-1');
      expect((await put(true, { authorization: `Bearer ${finance}` })).statusCode).toBe(403);

      const on = await put(true, { 'x-ops-token': OPS_TOKEN });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ success: true, message: 'Maintenance is on', data: { maintenance: true } });
      await new Promise((r) => setTimeout(r, MAINTENANCE_CACHE_MS + 50));
      expect((await m.call('GET', '/api/admin/dashboard/stats', { token })).statusCode).toBe(503);
      // The route itself is outside /api/admin: maintenance can be ended while it is on.
      const off = await put(false, { 'x-ops-token': OPS_TOKEN });
      expect(off.json().data).toEqual({ maintenance: false });
      await new Promise((r) => setTimeout(r, MAINTENANCE_CACHE_MS + 50));
      expect((await m.call('GET', '/api/admin/dashboard/stats', { token })).statusCode).toBe(200);

      const records = await t.db.query<{
        admin_email: string;
        before: unknown;
        after: unknown;
        details: unknown;
      }>(
        `SELECT admin_email, before, after, details FROM audit_log WHERE action = 'maintenance.set' ORDER BY id`,
      );
      // The shared bootstrap token is recorded as such; what --as said is kept beside it, unverified.
      const claimed = { claimed: 'ops@example.com' };
      expect(records.slice(-2)).toEqual([
        {
          admin_email: 'bootstrap ops token',
          before: { maintenance: false },
          after: { maintenance: true },
          details: claimed,
        },
        {
          admin_email: 'bootstrap ops token',
          before: { maintenance: true },
          after: { maintenance: false },
          details: claimed,
        },
      ]);
    } finally {
      await setMaintenance(t.db, false);
      await m.close();
    }
  });

  it('MAINTENANCE=1 does the same', async () => {
    const m = await createTestApp({ db: t.db, env: { MAINTENANCE: '1' } });
    try {
      const res = await m.call('GET', '/api/admin/mines');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Server is under maintenance');
    } finally {
      await m.close();
    }
  });
});

describe('OpenAPI', () => {
  it('serves a document listing every implemented call with its schemas', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const implemented = [
      'health',
      'login',
      'twoFactorSetup',
      'twoFactorEnable',
      'logout',
      'dashboardStats',
      'dashboardRefresh',
      'minesList',
      'minesStats',
      'minesUpdateStatus',
    ] as const;
    for (const name of implemented) {
      const r = routes[name];
      const path = (API_PREFIX + r.path).replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${path}`).toBeDefined();
      expect(op.responses['200']).toBeDefined();
    }
    const login = doc.paths['/api/admin/auth/login'].post;
    expect(JSON.stringify(login.requestBody)).toContain('twoFactorToken');
    const mines = doc.paths['/api/admin/mines'].get;
    expect(mines.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['limit', 'order', 'page']);
    expect(doc.paths['/api/admin/dashboard/stats'].get.security).toEqual([{ bearerAuth: [] }]);
  });
});

describe('every implemented admin route', () => {
  const implemented: RouteName[] = [
    'twoFactorSetup',
    'twoFactorEnable',
    'logout',
    'dashboardStats',
    'dashboardRefresh',
    'minesList',
    'minesStats',
    'minesUpdateStatus',
  ];

  it('is registered from the contract catalogue', () => {
    for (const name of implemented) {
      const r = routes[name];
      expect(t.app.hasRoute({ method: r.method, url: API_PREFIX + r.path }), name).toBe(true);
    }
  });

  it('refuses a missing token, a forged token and a setup-scope token where a session is needed', async () => {
    const setup = await t.call('POST', '/api/admin/auth/login', {
      body: { email: 'root@example.com', password: 'secret123', requireTwoFactor: true },
    });
    const setupToken = setup.json().data.token as string;
    for (const name of implemented) {
      const r = routes[name];
      const url = API_PREFIX + routePath(name, { id: 1 });
      const missing = await t.call(r.method, url, { body: {} });
      expect(missing.statusCode, `${name} without token`).toBe(401);
      expect(missing.json()).toEqual({ success: false, message: 'Invalid or expired token' });
      const forged = await t.call(r.method, url, { token: `${token.slice(0, -4)}AAAA`, body: {} });
      expect(forged.statusCode, `${name} forged`).toBe(401);
      if (r.auth === 'session') {
        expect(
          (await t.call(r.method, url, { token: setupToken, body: {} })).statusCode,
          `${name} setup token`,
        ).toBe(401);
      }
    }
  });

  it('state-changing calls need the XSRF header', async () => {
    for (const name of implemented) {
      const r = routes[name];
      if (r.method === 'GET') continue;
      const res = await t.call(r.method, API_PREFIX + routePath(name, { id: 1 }), {
        token,
        xsrf: 'no-header',
        body: {},
      });
      expect(res.statusCode, name).toBe(403);
      expect(res.json().message).toBe('Invalid or missing XSRF token');
    }
  });
});
