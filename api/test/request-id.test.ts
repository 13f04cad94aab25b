import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from './helpers.ts';

/**
 * Every answer, errors included, carries a unique request id (a UUID, not a per-process
 * counter) in X-Request-Id, the same id the audit log stores; an incoming X-Request-Id is kept only
 * from a proxy TRUST_PROXY believes.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('request ids', () => {
  it('every answer carries a fresh UUID, errors included', async () => {
    const answers = await Promise.all([
      t.call('GET', '/api/health'),
      t.call('GET', '/api/no-such-route'),
      t.call('GET', '/api/admin/dashboard/stats'), // 401
      t.call('POST', '/api/admin/auth/login', {
        body: '{"email":',
        headers: { 'content-type': 'application/json' },
      }),
      t.call('POST', '/api/admin/auth/login', { body: { email: 'not-an-email', password: 'x' } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 401, 400, 400]);
    const ids = answers.map((a) => String(a.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the audit record of a call stores the id its answer names', async () => {
    const res = await t.call('POST', '/api/admin/auth/login', { body: ADMIN });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.query<{ request_id: string }>(
      "SELECT request_id FROM audit_log WHERE action = 'auth.sign-in' ORDER BY id DESC LIMIT 1",
    );
    expect(row!.request_id).toBe(res.headers['x-request-id']);
  });

  it('ignores an incoming X-Request-Id without a trusted proxy', async () => {
    const res = await t.call('GET', '/api/health', { headers: { 'x-request-id': 'proxy-id-0123456789' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it("keeps a trusted proxy's sane X-Request-Id, and only that", async () => {
    const viaProxy = await createTestApp({ db: t.db, env: { TRUST_PROXY: 'loopback' } });
    const elsewhere = await createTestApp({ db: t.db, env: { TRUST_PROXY: '10.0.0.0/8' } });
    try {
      const idOf = async (app: TestApp, id: string, remoteAddress = '127.0.0.1') =>
        (await app.call('GET', '/api/health', { headers: { 'x-request-id': id }, remoteAddress })).headers[
          'x-request-id'
        ];
      expect(await idOf(viaProxy, 'proxy-id-0123456789')).toBe('proxy-id-0123456789');
      expect(await idOf(viaProxy, 'proxy-id-0123456789', '::ffff:127.0.0.1')).toBe('proxy-id-0123456789');
      // Not from the proxy, or not a sane id (log injection, absurd length): a fresh UUID instead.
      expect(await idOf(viaProxy, 'proxy-id-0123456789', '203.0.113.9')).toMatch(UUID);
      expect(await idOf(viaProxy, 'id with spaces\tand tab')).toMatch(UUID);
      expect(await idOf(viaProxy, 'x'.repeat(500))).toMatch(UUID);
      expect(await idOf(elsewhere, 'proxy-id-0123456789')).toMatch(UUID);
      expect(await idOf(elsewhere, 'proxy-id-0123456789', '10.1.2.3')).toBe('proxy-id-0123456789');
    } finally {
      await viaProxy.close();
      await elsewhere.close();
    }
  });
});
