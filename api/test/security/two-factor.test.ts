import { generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, type TestApp, testClock, totpAt } from '../helpers.ts';

/**
 * Replacing a working 2FA needs the current password and a current code: a session token alone (a
 * stolen one) can neither get a new pending secret nor enable one. The first-time setup is unchanged.
 */
const SETUP = '/api/admin/auth/2fa/setup';
const ENABLE = '/api/admin/auth/2fa/enable';
const LOGIN = '/api/admin/auth/login';
const PROOF_REQUIRED =
  'Two-factor authentication is already enabled: your current password and a current code are required to replace it';
const STEP = 30_000;

const clock = testClock(Date.UTC(2030, 0, 1, 12, 0, 0));
let t: TestApp;
const admin = { email: 'twofa@example.com', password: 'twofa-pass-1' };
const oldSecret = generateSecret();
let adminId: number;

async function session(): Promise<string> {
  clock.advance(STEP);
  const res = await t.call('POST', LOGIN, {
    body: { ...admin, twoFactorToken: await totpAt(oldSecret, clock()) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token;
}

const secretsInDb = async () =>
  (
    await t.db.query<{ two_factor_secret: string; two_factor_pending_secret: string | null }>(
      'SELECT two_factor_secret, two_factor_pending_secret FROM admins WHERE id = $1',
      [adminId],
    )
  )[0]!;

beforeAll(async () => {
  t = await createTestApp({ clock });
  adminId = await createAdmin(t.db, { ...admin, twoFactorSecret: oldSecret });
});
afterAll(() => t.close());

describe('replacing an enabled 2FA', () => {
  it('GET setup with a session token alone is refused and issues no pending secret', async () => {
    const token = await session();
    const res = await t.call('GET', SETUP, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: PROOF_REQUIRED });
    expect(await secretsInDb()).toEqual({ two_factor_secret: oldSecret, two_factor_pending_secret: null });
  });

  it('POST setup needs the right password and a current code', async () => {
    const token = await session();
    const cases: [unknown, number, string][] = [
      [{}, 400, PROOF_REQUIRED],
      [{ currentPassword: admin.password }, 400, PROOF_REQUIRED],
      [{ currentCode: '123456' }, 400, PROOF_REQUIRED],
      [
        { currentPassword: 'wrong-password', currentCode: await totpAt(oldSecret, clock()) },
        401,
        'Invalid password',
      ],
      [{ currentPassword: admin.password, currentCode: '000000' }, 401, 'Invalid two-factor code'],
      [
        { currentPassword: admin.password, currentCode: '12ab56' },
        400,
        'currentCode: Please enter a valid 6-digit code',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call('POST', SETUP, { token, body: body as object });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect((await secretsInDb()).two_factor_pending_secret).toBeNull();
  });

  it('a pending secret alone (set behind the API) cannot be enabled without the proof', async () => {
    const token = await session();
    const planted = generateSecret();
    await t.db.query('UPDATE admins SET two_factor_pending_secret = $2 WHERE id = $1', [adminId, planted]);
    const body = { userId: adminId, secret: planted, token: await totpAt(planted, clock()) };
    const res = await t.call('POST', ENABLE, { token, body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: PROOF_REQUIRED });
    const wrong = await t.call('POST', ENABLE, {
      token,
      body: { ...body, currentPassword: 'wrong-password', currentCode: await totpAt(oldSecret, clock()) },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await secretsInDb()).two_factor_secret).toBe(oldSecret);
  });

  it('with the proof at both steps the authenticator is replaced; the old one stops working', async () => {
    const token = await session();
    clock.advance(STEP);
    const setup = await t.call('POST', SETUP, {
      token,
      body: { currentPassword: admin.password, currentCode: await totpAt(oldSecret, clock()) },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, userId } = setup.json().data;
    expect(userId).toBe(adminId);
    expect(secret).not.toBe(oldSecret);

    // The code used for the setup cannot be replayed to confirm the enable.
    const replay = await t.call('POST', ENABLE, {
      token,
      body: {
        userId,
        secret,
        token: await totpAt(secret, clock()),
        currentPassword: admin.password,
        currentCode: await totpAt(oldSecret, clock()),
      },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Invalid two-factor code');

    clock.advance(STEP);
    const enable = await t.call('POST', ENABLE, {
      token,
      body: {
        userId,
        secret,
        token: await totpAt(secret, clock()),
        currentPassword: admin.password,
        currentCode: await totpAt(oldSecret, clock()),
      },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    expect(enable.json().data.user.twoFactorEnabled).toBe(true);
    expect(await secretsInDb()).toEqual({ two_factor_secret: secret, two_factor_pending_secret: null });

    clock.advance(STEP);
    const withOld = await t.call('POST', LOGIN, {
      body: { ...admin, twoFactorToken: await totpAt(oldSecret, clock()) },
    });
    expect(withOld.statusCode).toBe(401);
    const withNew = await t.call('POST', LOGIN, {
      body: { ...admin, twoFactorToken: await totpAt(secret, clock()) },
    });
    expect(withNew.statusCode).toBe(200);
  });
});

describe('first-time setup (2FA not enabled) is unchanged', () => {
  it('login -> setup token -> GET setup -> enable with { userId, secret, token }', async () => {
    const fresh = { email: 'first@example.com', password: 'first-pass-1' };
    await createAdmin(t.db, fresh);
    const login = await t.call('POST', LOGIN, { body: { ...fresh, requireTwoFactor: true } });
    expect(login.statusCode).toBe(200);
    const { token: setupToken, userId } = login.json().data;
    const setup = await t.call('GET', SETUP, { token: setupToken });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data;
    const enable = await t.call('POST', ENABLE, {
      token: setupToken,
      body: { userId, secret, token: await totpAt(secret, clock()) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    expect(enable.json().data.user.twoFactorEnabled).toBe(true);
  });
});
