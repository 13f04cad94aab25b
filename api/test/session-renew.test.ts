import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, type TestApp } from './helpers.ts';

const RENEW = '/api/admin/auth/session/renew';
const STATS = '/api/admin/dashboard/stats';

/** The JWT's claims (signature checked by the API, not here). */
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    jti: string;
    iat: number;
    exp: number;
  };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_TTL_SECONDS: '600' } });
});
afterAll(() => t.close());

describe('POST /admin/auth/session/renew', () => {
  it('answers a new session of the full lifetime and ends the old one', async () => {
    const old = await t.login();
    const res = await t.call('POST', RENEW, { token: old });
    expect(res.statusCode, res.body).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Session renewed');
    expect(data.user).toMatchObject({ email: 'root@example.com', roles: ['superadmin'] });
    const renewed = claims(data.token);
    expect(renewed.jti).not.toBe(claims(old).jti);
    expect(renewed.exp - renewed.iat).toBe(600);
    expect(renewed.exp).toBeGreaterThanOrEqual(claims(old).exp);

    expect((await t.call('GET', STATS, { token: data.token })).statusCode).toBe(200);
    const before = await t.call('GET', STATS, { token: old });
    expect(before.statusCode).toBe(401);
    expect(before.json().message).toBe('Invalid or expired token');
    // The old token cannot renew again either.
    expect((await t.call('POST', RENEW, { token: old })).statusCode).toBe(401);

    const [audit] = await t.db.query<{ action: string; admin_id: number; details: { session: string } }>(
      `SELECT action, admin_id, details FROM audit_log WHERE action = 'auth.session-renew' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({
      action: 'auth.session-renew',
      admin_id: t.adminId,
      details: { session: claims(old).jti },
    });
  });

  it('needs a live session token, and the XSRF header like every POST', async () => {
    expect((await t.call('POST', RENEW)).statusCode).toBe(401);
    const token = await t.login();
    expect((await t.call('POST', RENEW, { token, xsrf: 'no-header' })).statusCode).toBe(403);
  });

  it('gives a blocked admin no new session', async () => {
    await createAdmin(t.db, {
      email: 'renew-blocked@example.com',
      password: 'secret123',
      roles: ['finance'],
    });
    const token = await t.login('renew-blocked@example.com', 'secret123');
    await t.db.query(`UPDATE admins SET status = 'blocked' WHERE email = 'renew-blocked@example.com'`);
    expect((await t.call('POST', RENEW, { token })).statusCode).toBe(401);
  });
});
