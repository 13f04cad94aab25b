import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalisePath } from '../../src/lib/admin-path.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Maintenance (503) and XSRF decide by the route the router really dispatches to, not by the raw URL:
 * `/api/%61dmin/...` reaches the `/api/admin/...` handler, so it must meet the same checks.
 */

const MAINTENANCE = { success: false, message: 'Server is under maintenance' };

/** Spellings the router resolves to a real admin route. */
const ENCODED_ADMIN = [
  '/api/%61dmin/dashboard/stats',
  '/api/ADMIN/dashboard/stats'.replace('ADMIN', '%61%64%6d%69%6e'),
  '/%61pi/admin/dashboard/stats',
  '/api/admin/dashboard/%73tats',
  '/api/./admin/dashboard/stats',
  '/api/admin/../admin/dashboard/stats',
];
/** Spellings the router does not match (404) that still name the admin API once normalised. */
const UNKNOWN_ADMIN = [
  '//api/admin/dashboard/stats',
  '/API/admin/dashboard/stats',
  '/api/admin./dashboard/stats',
  '/api%2fadmin/dashboard/stats',
  '/api/admin%2fdashboard/stats',
  '/api/%2561dmin/dashboard/stats',
];

describe('maintenance 503 on any spelling of an admin path', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
    t.app.config.maintenance = true;
  });
  afterAll(() => t.close());

  it('answers 503 for encoded spellings the router resolves to an admin route', async () => {
    for (const url of ENCODED_ADMIN) {
      const res = await t.call('GET', url, { token });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual(MAINTENANCE);
    }
    const res = await t.call('PUT', '/api/ad%6Din/user/%31/block', { token, body: { reason: 'x' } });
    expect(res.statusCode).toBe(503);
  });

  it('answers 503 for unknown routes whose normalised path is under /api/admin', async () => {
    for (const url of UNKNOWN_ADMIN) {
      const res = await t.call('GET', url, { token });
      expect(res.statusCode, url).toBe(503);
    }
  });

  it('keeps the public routes answering, however spelled', async () => {
    expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
    expect((await t.call('GET', '/api/healt%68')).statusCode).toBe(200);
    expect((await t.call('GET', '/api/administrator')).statusCode).toBe(404);
  });

  it('holds over a real socket too (raw paths, no client-side normalisation)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const raw = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path, method: 'GET', headers: { authorization: `Bearer ${token}` } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end();
      });
    // Absolute-form request targets and a few raw bytes no client library would send.
    const rawOnly = [
      'http://127.0.0.1/api/%61dmin/dashboard/stats',
      '/api/admin\\dashboard/stats',
      '/api/admin/dashboard/stats/.',
    ];
    for (const path of [...ENCODED_ADMIN, ...UNKNOWN_ADMIN, ...rawOnly]) {
      expect([503, 400], path).toContain(await raw(path));
    }
  });
});

describe('XSRF on any spelling of an admin path', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterAll(() => t.close());

  it('refuses a state-changing call without the XSRF header on an encoded admin path', async () => {
    for (const url of [
      '/api/%61dmin/dashboard/refresh',
      '/%61pi/admin/dashboard/refresh',
      '/api/admin/dashboard/%72efresh',
    ]) {
      const res = await t.call('POST', url, { token, xsrf: 'no-header', body: {} });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ success: false, message: 'Invalid or missing XSRF token' });
    }
    const logout = await t.call('POST', '/api/admin/auth/%6cogout', { token, xsrf: false });
    expect(logout.statusCode).toBe(403);
    // The session is still alive: the refused logout did nothing.
    expect((await t.call('GET', '/api/admin/dashboard/stats', { token })).statusCode).toBe(200);
  });

  it('accepts the same call with the header', async () => {
    const res = await t.call('POST', '/api/%61dmin/dashboard/refresh', { token, body: {} });
    expect(res.statusCode).toBe(200);
  });
});

describe('normalisePath', () => {
  it('decodes, lower-cases, collapses slashes, resolves dot segments and trailing dots', () => {
    expect(normalisePath('/api/%61dmin/x?y=1')).toBe('/api/admin/x');
    expect(normalisePath('//API//Admin/./x')).toBe('/api/admin/x');
    expect(normalisePath('/api/admin./x')).toBe('/api/admin/x');
    expect(normalisePath('/api%2fadmin%2fx')).toBe('/api/admin/x');
    expect(normalisePath('/api/%2561dmin')).toBe('/api/admin');
    expect(normalisePath('/api/public/../admin')).toBe('/api/admin');
    expect(normalisePath('/api/%E0%A4%A')).toBe('/api/%e0%a4%a');
  });
});
