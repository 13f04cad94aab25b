import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  craftJwt,
  createAdmin,
  createTestApp,
  JWT_SECRET,
  type TestApp,
  testClock,
  totpAt,
} from './helpers.ts';

const LOGIN = '/api/admin/auth/login';
const STATS = '/api/admin/dashboard/stats';
const INVALID_TOKEN = { success: false, message: 'Invalid or expired token' };

/** One database for the blocks that keep 2FA optional (each block still gets its own app). */
let shared: TestApp;
beforeAll(async () => {
  shared = await createTestApp();
});
afterAll(() => shared.close());

describe('login with TWO_FACTOR=optional', () => {
  let t: TestApp;
  beforeAll(() => {
    t = shared;
  });

  it('returns a session token and the user without secrets', async () => {
    const res = await t.call('POST', LOGIN, {
      body: { email: ADMIN.email.toUpperCase(), password: ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Login successful');
    expect(body.data.user).toEqual({
      id: t.adminId,
      email: ADMIN.email,
      name: ADMIN.name ?? 'Admin',
      roles: ['superadmin'],
      twoFactorEnabled: false,
    });
    const [, payload] = body.data.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: String(t.adminId), scope: 'session' });
    // Roles are read with the session row at each check, never trusted from the token.
    expect(claims).not.toHaveProperty('roles');
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp - claims.iat).toBe(12 * 3600);
    expect((await t.call('GET', STATS, { token: body.data.token })).statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await t.call('POST', LOGIN, { body: { email: ADMIN.email, password: 'wrong-password' } });
    const unknown = await t.call('POST', LOGIN, {
      body: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid email or password' });
    }
  });

  it('validates the body with the spec messages', async () => {
    const cases: [unknown, string][] = [
      [{ password: 'secret123' }, 'email: Email is required'],
      [{ email: '', password: 'secret123' }, 'email: Email is required'],
      [{ email: 'x@', password: 'secret123' }, 'email: Invalid email format'],
      [{ email: ADMIN.email }, 'password: Password is required'],
      [{ email: ADMIN.email, password: '12345' }, 'password: Password must be at least 6 characters'],
      [
        { email: ADMIN.email, password: 'secret123', twoFactorToken: '12a456' },
        'twoFactorToken: Please enter a valid 6-digit code',
      ],
      [
        { email: ADMIN.email, password: 'secret123', requireTwoFactor: 'yes' },
        'requireTwoFactor: Invalid input: expected boolean, received string',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', LOGIN, { body: body as object });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    const empty = await t.call('POST', LOGIN, {});
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a blocked or deleted admin with 403 (after a correct password only)', async () => {
    await createAdmin(t.db, { email: 'blocked@example.com', password: 'secret123' });
    await createAdmin(t.db, { email: 'deleted@example.com', password: 'secret123' });
    await t.db.query(`UPDATE admins SET status = 'blocked' WHERE email = 'blocked@example.com'`);
    await t.db.query(`UPDATE admins SET deleted_at = now() WHERE email = 'deleted@example.com'`);
    for (const email of ['blocked@example.com', 'deleted@example.com']) {
      const ok = await t.call('POST', LOGIN, { body: { email, password: 'secret123' } });
      expect(ok.statusCode).toBe(403);
      expect(ok.json()).toEqual({ success: false, message: 'Account is blocked' });
      const bad = await t.call('POST', LOGIN, { body: { email, password: 'not-the-one' } });
      expect(bad.statusCode).toBe(401);
    }
  });

  it('requireTwoFactor asks for the setup even when 2FA is optional', async () => {
    const res = await t.call('POST', LOGIN, {
      body: { email: ADMIN.email, password: ADMIN.password, requireTwoFactor: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.setupRequired).toBe(true);
  });
});

describe('tokens', () => {
  let t: TestApp;
  beforeAll(() => {
    t = shared;
  });

  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

  it('refuses a missing or malformed Authorization header', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      'Token abc',
      'Bearer not.a.jwt',
      'Basic YWRtaW46YWRtaW4=',
    ]) {
      const res = await t.call('GET', STATS, { headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual(INVALID_TOKEN);
    }
  });

  it('refuses expired, forged, alg:none, other-algorithm and unknown-session tokens', async () => {
    const token = await t.login();
    const claims = claimsOf(token);
    const now = Math.floor(Date.now() / 1000);
    const tokens = {
      expired: craftJwt({ ...claims, iat: now - 7200, exp: now - 60 }),
      forged: craftJwt(claims, 'another-secret-another-secret-xx'),
      algNone: craftJwt(claims, JWT_SECRET, { alg: 'none', typ: 'JWT' }),
      hs512: (() => {
        const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
        const unsigned = `${enc({ alg: 'HS512', typ: 'JWT' })}.${enc(claims)}`;
        return `${unsigned}.${createHmac('sha512', JWT_SECRET).update(unsigned).digest('base64url')}`;
      })(),
      unknownSession: craftJwt({ ...claims, jti: '00000000-0000-4000-8000-000000000000' }),
      otherAdmin: craftJwt({ ...claims, sub: String(t.adminId + 1000) }),
      noExp: craftJwt({ sub: claims.sub, jti: claims.jti, scope: claims.scope }),
      tamperedScope: craftJwt({ ...claims, scope: '2fa-setup' }),
    };
    for (const [name, bad] of Object.entries(tokens)) {
      const res = await t.call('GET', STATS, { token: bad });
      expect(res.statusCode, name).toBe(401);
      expect(res.json()).toEqual(INVALID_TOKEN);
    }
    // The genuine token still works.
    expect((await t.call('GET', STATS, { token })).statusCode).toBe(200);
  });

  it("carries the admin's roles as the spec's `role` claim, which grants nothing by itself", async () => {
    const id = await createAdmin(t.db, {
      email: 'role-claim@example.com',
      password: 'secret123',
      roles: ['lottery', 'finance'],
    });
    const token = await t.login('role-claim@example.com', 'secret123');
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ sub: String(id), scope: 'session', role: ['lottery', 'finance'] });
    const admins = '/api/admin/admins';
    const insufficient = { success: false, message: 'Insufficient permissions' };
    expect((await t.call('GET', '/api/admin/lottery', { token })).statusCode).toBe(200);
    expect((await t.call('GET', admins, { token })).json()).toEqual(insufficient);
    // Signed with the API's own secret and claiming superadmin: the roles still come from the database.
    const tampered = craftJwt({ ...claims, role: ['superadmin'] });
    const res = await t.call('GET', admins, { token: tampered });
    expect([res.statusCode, res.json()]).toEqual([403, insufficient]);
    // Roles taken away in the database: the claim in the token is stale and counts for nothing.
    await t.db.query(`UPDATE admins SET roles = '{mines}' WHERE id = $1`, [id]);
    expect((await t.call('GET', '/api/admin/lottery', { token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/mines', { token })).statusCode).toBe(200);
  });

  it('logout revokes the session at once', async () => {
    const token = await t.login();
    const res = await t.call('POST', '/api/admin/auth/logout', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out successfully' });
    expect((await t.call('GET', STATS, { token })).json()).toEqual(INVALID_TOKEN);
    expect((await t.call('POST', '/api/admin/auth/logout', { token })).statusCode).toBe(401);
  });

  it("a blocked or deleted admin's token stops working at once", async () => {
    const id = await createAdmin(t.db, { email: 'soon-blocked@example.com', password: 'secret123' });
    const token = await t.login('soon-blocked@example.com', 'secret123');
    expect((await t.call('GET', STATS, { token })).statusCode).toBe(200);
    await t.db.query(`UPDATE admins SET status = 'blocked' WHERE id = $1`, [id]);
    expect((await t.call('GET', STATS, { token })).json()).toEqual(INVALID_TOKEN);
    await t.db.query(`UPDATE admins SET status = 'active', deleted_at = now() WHERE id = $1`, [id]);
    expect((await t.call('GET', STATS, { token })).statusCode).toBe(401);
  });

  it('a session past its expiry in the database is refused even if the JWT is not expired', async () => {
    const token = await t.login();
    await t.db.query(`UPDATE admin_sessions SET expires_at = now() - interval '1 second' WHERE jti = $1`, [
      claimsOf(token).jti,
    ]);
    expect((await t.call('GET', STATS, { token })).statusCode).toBe(401);
  });
});

describe('session cache (SESSION_CACHE_MS)', () => {
  const clock = testClock(Date.UTC(2030, 0, 1, 12, 0, 0));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE_MS: '1000' }, clock });
  });
  afterAll(() => t.close());

  it('a change made behind the API is seen once the cached check is older than SESSION_CACHE_MS', async () => {
    const id = await createAdmin(t.db, { email: 'cached@example.com', password: 'secret123' });
    const token = await t.login('cached@example.com', 'secret123');
    expect((await t.call('GET', STATS, { token })).statusCode).toBe(200);
    await t.db.query(`UPDATE admins SET status = 'blocked' WHERE id = $1`, [id]);
    clock.advance(500);
    expect((await t.call('GET', STATS, { token })).statusCode).toBe(200);
    clock.advance(600);
    expect((await t.call('GET', STATS, { token })).json()).toEqual(INVALID_TOKEN);
  });

  it('a logout through the API ends the session at once, cached or not', async () => {
    const token = await t.login();
    expect((await t.call('GET', STATS, { token })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/admin/auth/logout', { token })).statusCode).toBe(200);
    expect((await t.call('GET', STATS, { token })).json()).toEqual(INVALID_TOKEN);
  });
});

describe('two-factor authentication (TWO_FACTOR=required)', () => {
  const clock = testClock(Date.UTC(2030, 0, 1, 12, 0, 10));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TWO_FACTOR: 'required' }, clock });
  });
  afterAll(() => t.close());

  let setupToken: string;
  let loginSecret: string;
  let secret: string;

  it('a first login asks to set up 2FA with a QR code and a setup-only token', async () => {
    const res = await t.call('POST', LOGIN, { body: { email: ADMIN.email, password: ADMIN.password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Set up two-factor authentication');
    expect(body.data).toMatchObject({ setupRequired: true, userId: t.adminId });
    expect(body.data.qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    expect(body.data.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(body.data.user).toBeUndefined();
    setupToken = body.data.token;
    loginSecret = body.data.secret;
  });

  it('the setup token is valid only for the 2FA setup and enable calls', async () => {
    expect((await t.call('GET', STATS, { token: setupToken })).json()).toEqual(INVALID_TOKEN);
    expect((await t.call('GET', '/api/admin/mines', { token: setupToken })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/admin/auth/logout', { token: setupToken })).statusCode).toBe(401);
  });

  it('GET 2fa/setup issues a new pending secret', async () => {
    const res = await t.call('GET', '/api/admin/auth/2fa/setup', { token: setupToken });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.userId).toBe(t.adminId);
    expect(data.secret).not.toBe(loginSecret);
    expect(data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Backoffice:root%40example\.com\?.*issuer=Backoffice/);
    expect(data.qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    secret = data.secret;
    expect((await t.call('GET', '/api/admin/auth/2fa/setup')).statusCode).toBe(401);
  });

  it('enable refuses a stale secret, another user id, a wrong code and a malformed body', async () => {
    const code = await totpAt(secret, clock());
    const cases: [object, number, string][] = [
      [
        { userId: t.adminId, secret: loginSecret, token: await totpAt(loginSecret, clock()) },
        400,
        'Invalid two-factor setup request',
      ],
      [{ userId: t.adminId + 1, secret, token: code }, 400, 'Invalid two-factor setup request'],
      [
        { userId: t.adminId, secret, token: code === '000000' ? '111111' : '000000' },
        400,
        'Invalid two-factor code',
      ],
      [{ userId: t.adminId, secret, token: '12ab56' }, 400, 'token: Please enter a valid 6-digit code'],
      [{ userId: t.adminId, token: code }, 400, 'secret: Secret is required'],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call('POST', '/api/admin/auth/2fa/enable', { token: setupToken, body });
      expect(res.statusCode, message).toBe(status);
      expect(res.json()).toEqual({ success: false, message });
    }
  });

  it('enable with a valid code turns 2FA on, returns a session and revokes the setup token', async () => {
    const res = await t.call('POST', '/api/admin/auth/2fa/enable', {
      token: setupToken,
      body: { userId: String(t.adminId), secret, token: await totpAt(secret, clock()) },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('2FA set up successfully');
    expect(body.data.user).toMatchObject({ id: t.adminId, twoFactorEnabled: true });
    expect((await t.call('GET', STATS, { token: body.data.token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/auth/2fa/setup', { token: setupToken })).statusCode).toBe(401);
    const [row] = await t.db.query<{
      two_factor_enabled: boolean;
      two_factor_secret: string;
      two_factor_pending_secret: string | null;
    }>('SELECT two_factor_enabled, two_factor_secret, two_factor_pending_secret FROM admins WHERE id = $1', [
      t.adminId,
    ]);
    expect(row).toEqual({
      two_factor_enabled: true,
      two_factor_secret: secret,
      two_factor_pending_secret: null,
    });
  });

  it('login then asks for the code, accepts a fresh one and refuses replays and wrong codes', async () => {
    const ask = await t.call('POST', LOGIN, { body: { email: ADMIN.email, password: ADMIN.password } });
    expect(ask.json()).toEqual({
      success: true,
      message: 'Two-factor code required',
      data: { twoFactorRequired: true },
    });

    // Same time-step as the enable call: a replay.
    const sameStep = await totpAt(secret, clock());
    const replay = await t.call('POST', LOGIN, {
      body: { email: ADMIN.email, password: ADMIN.password, twoFactorToken: sameStep },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ success: false, message: 'Invalid two-factor code' });

    clock.advance(30_000);
    const code = await totpAt(secret, clock());
    const ok = await t.call('POST', LOGIN, {
      body: { email: ADMIN.email, password: ADMIN.password, twoFactorToken: code },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Login successful');
    expect(ok.json().data.user.twoFactorEnabled).toBe(true);

    const again = await t.call('POST', LOGIN, {
      body: { email: ADMIN.email, password: ADMIN.password, twoFactorToken: code },
    });
    expect(again.statusCode).toBe(401);

    clock.advance(30_000);
    const previous = await totpAt(secret, clock() - 30_000);
    expect(
      (
        await t.call('POST', LOGIN, {
          body: { email: ADMIN.email, password: ADMIN.password, twoFactorToken: previous },
        })
      ).statusCode,
    ).toBe(401);
    const far = await totpAt(secret, clock() + 5 * 60_000);
    expect(
      (
        await t.call('POST', LOGIN, {
          body: { email: ADMIN.email, password: ADMIN.password, twoFactorToken: far },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('accepts a code one step ahead (clock skew) and then refuses the current step', async () => {
    clock.advance(60_000);
    const ahead = await totpAt(secret, clock() + 30_000);
    const ok = await t.call('POST', LOGIN, {
      body: { email: ADMIN.email, password: ADMIN.password, twoFactorToken: ahead },
    });
    expect(ok.statusCode).toBe(200);
    const current = await totpAt(secret, clock());
    const late = await t.call('POST', LOGIN, {
      body: { email: ADMIN.email, password: ADMIN.password, twoFactorToken: current },
    });
    expect(late.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  const clock = testClock();
  const windowMs = 15 * 60_000;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      db: shared.db,
      clock,
      rateLimits: {
        loginAccount: { max: 3, windowMs },
        loginIp: { max: 5, windowMs },
        twoFactor: { max: 2, windowMs },
      },
    });
  });
  afterAll(() => t.close());

  const login = (body: object, ip = '10.0.0.1') => t.call('POST', LOGIN, { body, remoteAddress: ip });

  it('locks an account after too many failures, even for the right password, until the lock ends', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login({ email: ADMIN.email, password: 'wrong-pass' })).statusCode).toBe(401);
    const locked = await login({ email: ADMIN.email, password: ADMIN.password }, '10.0.0.2');
    expect(locked.statusCode).toBe(429);
    // Back-off (test/login-limits.test.ts): the first lock lasts a minute.
    expect(locked.json()).toEqual({
      success: false,
      message: 'Too many attempts. Please try again in 1 minute.',
    });
    expect(Number(locked.headers['retry-after'])).toBe(60);
    clock.advance(60_000);
    expect((await login({ email: ADMIN.email, password: ADMIN.password }, '10.0.0.2')).statusCode).toBe(200);
  });

  it('limits failures per IP across accounts', async () => {
    clock.advance(windowMs + 1000);
    for (let i = 0; i < 5; i++) {
      expect(
        (await login({ email: `user${i}@example.com`, password: 'wrong-pass' }, '10.0.0.9')).statusCode,
      ).toBe(401);
    }
    const res = await login({ email: ADMIN.email, password: ADMIN.password }, '10.0.0.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect((await login({ email: ADMIN.email, password: ADMIN.password }, '10.0.0.10')).statusCode).toBe(200);
  });

  it('limits wrong two-factor codes per admin', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await createAdmin(t.db, { email: 'tfa@example.com', password: 'secret123', twoFactorSecret: secret });
    const good = await totpAt(secret, clock());
    const wrong = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) {
      const r = await login(
        { email: 'tfa@example.com', password: 'secret123', twoFactorToken: wrong },
        `10.1.0.${i}`,
      );
      expect(r.statusCode).toBe(401);
    }
    const locked = await login(
      { email: 'tfa@example.com', password: 'secret123', twoFactorToken: good },
      '10.1.0.9',
    );
    expect(locked.statusCode).toBe(429);
    clock.advance(windowMs + 1000);
    const fresh = await totpAt(secret, clock());
    expect(
      (await login({ email: 'tfa@example.com', password: 'secret123', twoFactorToken: fresh }, '10.1.0.9'))
        .statusCode,
    ).toBe(200);
  });
});
