import { routes } from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, type TestApp } from './helpers.ts';
import { statusCounts } from './shared-store-helpers.ts';

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
  });

  it('keeps the sign-in: its id and time, with no audit record of its own; the sign-out names the sign-in', async () => {
    const first = await t.login();
    const [signIn] = await t.db.query<{ details: { signIn: string } }>(
      `SELECT details FROM audit_log WHERE action = 'auth.sign-in' ORDER BY id DESC LIMIT 1`,
    );
    expect(signIn!.details.signIn).toBe(claims(first).jti);
    const auditRows = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0]!.n;
    const before = await auditRows();
    let token = first;
    for (let i = 0; i < 3; i++) token = (await t.call('POST', RENEW, { token })).json().data.token;
    expect(await auditRows()).toBe(before);

    const sessions = await t.db.query<{ jti: string; sign_in: string; signed_in_at: string }>(
      `SELECT jti, sign_in, signed_in_at FROM admin_sessions WHERE sign_in = $1 ORDER BY created_at, jti`,
      [claims(first).jti],
    );
    expect(sessions).toHaveLength(4);
    expect(new Set(sessions.map((s) => s.signed_in_at))).toEqual(
      new Set([new Date(claims(first).iat * 1000).toISOString()]),
    );
    // Another sign-in of the same admin is a sign-in of its own.
    const other = await t.login();
    const [row] = await t.db.query<{ sign_in: string }>('SELECT sign_in FROM admin_sessions WHERE jti = $1', [
      claims(other).jti,
    ]);
    expect(row!.sign_in).toBe(claims(other).jti);

    expect((await t.call('POST', '/api/admin/auth/logout', { token })).statusCode).toBe(200);
    const [signOut] = await t.db.query<{ details: unknown }>(
      `SELECT details FROM audit_log WHERE action = 'auth.sign-out' ORDER BY id DESC LIMIT 1`,
    );
    expect(signOut!.details).toEqual({ session: claims(token).jti, signIn: claims(first).jti });
  });

  it('needs a live session token, and the XSRF header like every POST', async () => {
    expect((await t.call('POST', RENEW)).statusCode).toBe(401);
    const token = await t.login();
    expect((await t.call('POST', RENEW, { token, xsrf: 'no-header' })).statusCode).toBe(403);
  });

  it('never outlives SESSION_MAX_HOURS (24) after the sign-in: the last renewal ends there, later ones are refused', async () => {
    const token = await t.login();
    // Signed in 23 h 55 min ago: the renewal gets 5 minutes, not the full 10.
    await t.db.query(
      `UPDATE admin_sessions SET signed_in_at = now() - interval '23 hours 55 minutes' WHERE jti = $1`,
      [claims(token).jti],
    );
    const [{ bound }] = (await t.db.query<{ bound: number }>(
      `SELECT floor(extract(epoch FROM signed_in_at + interval '24 hours'))::int AS bound FROM admin_sessions WHERE jti = $1`,
      [claims(token).jti],
    )) as [{ bound: number }];
    const res = await t.call('POST', RENEW, { token });
    expect(res.statusCode, res.body).toBe(200);
    const last = res.json().data.token as string;
    expect(claims(last).exp).toBe(bound);
    expect(claims(last).exp - claims(last).iat).toBeLessThanOrEqual(300);
    const [row] = await t.db.query<{ expires: number }>(
      'SELECT extract(epoch FROM expires_at)::int AS expires FROM admin_sessions WHERE jti = $1',
      [claims(last).jti],
    );
    expect(row!.expires).toBe(bound);
    // Renewing at the bound gives no more time.
    const again = (await t.call('POST', RENEW, { token: last })).json().data.token as string;
    expect(claims(again).exp).toBe(bound);

    // Past the bound: refused as an expired token (the token itself would have ended there).
    await t.db.query(`UPDATE admin_sessions SET signed_in_at = now() - interval '25 hours' WHERE jti = $1`, [
      claims(again).jti,
    ]);
    const refused = await t.call('POST', RENEW, { token: again });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid or expired token');
  });

  it('caps a sign-in at SESSION_MAX_HOURS even when SESSION_TTL_SECONDS is longer', async () => {
    const long = await createTestApp({
      db: t.db,
      env: { SESSION_TTL_SECONDS: String(48 * 3600), SESSION_MAX_HOURS: '2' },
    });
    try {
      const token = await long.login();
      expect(claims(token).exp - claims(token).iat).toBe(2 * 3600);
      const renewed = (await long.call('POST', RENEW, { token })).json().data.token as string;
      expect(claims(renewed).exp).toBe(claims(token).exp);
    } finally {
      await long.close();
    }
  });

  it('gives two renewals of one token at once one new session, not two', async () => {
    const token = await t.login();
    const answers = await Promise.all([t.call('POST', RENEW, { token }), t.call('POST', RENEW, { token })]);
    expect(statusCounts(answers)).toEqual({ 200: 1, 401: 1 });
    const [live] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM admin_sessions WHERE sign_in = $1 AND revoked_at IS NULL',
      [claims(token).jti],
    );
    expect(live!.n).toBe(1);
  });

  it('is limited per admin: 429 with Retry-After past the catalogue limit', async () => {
    await createAdmin(t.db, { email: 'renew-often@example.com', password: 'secret123', roles: ['auditor'] });
    let token = await t.login('renew-often@example.com', 'secret123');
    const { max, windowSeconds } = routes.sessionRenew.callLimit;
    for (let i = 0; i < max; i++) {
      const res = await t.call('POST', RENEW, { token });
      expect(res.statusCode, res.body).toBe(200);
      token = res.json().data.token;
    }
    const refused = await t.call('POST', RENEW, { token });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(windowSeconds - 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
    // The session still works until its end.
    expect((await t.call('GET', STATS, { token })).statusCode).toBe(200);
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
