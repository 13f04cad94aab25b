import type { AdminSummary } from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminsService } from '../src/modules/admins/service.ts';
import { AuditWriter } from '../src/modules/audit/writer.ts';
import { DEMO_ROLE_ADMINS, ensureDemoAdmins } from '../src/seed/admins.ts';
import { ADMIN, createAdmin, createTestApp, type TestApp, testClock, totpAt } from './helpers.ts';

const LOGIN = '/api/admin/auth/login';
const ADMINS = '/api/admin/admins';
const ME = '/api/admin/auth/me';
const PASSWORD = '/api/admin/auth/password';
const SESSIONS = '/api/admin/auth/sessions';
const LOTTERY = '/api/admin/lottery';
const WITHDRAWALS = '/api/admin/withdrawal';
const STATS = '/api/admin/dashboard/stats';
const INVALID_TOKEN = { success: false, message: 'Invalid or expired token' };
const INSUFFICIENT = { success: false, message: 'Insufficient permissions' };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const clock = testClock();
let t: TestApp;
let root: string;

beforeAll(async () => {
  // Sessions cached a minute: the changes below must still be seen at the very next call.
  t = await createTestApp({ env: { SESSION_CACHE_MS: '60000' }, clock });
  root = await t.login();
});
afterAll(() => t.close());

const errorOf = (message: string) => ({ success: false, message });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function listed(email: string): Promise<AdminSummary> {
  const res = await t.call('GET', `${ADMINS}?search=${encodeURIComponent(email)}`, { token: root });
  expect(res.statusCode).toBe(200);
  const found = (res.json().data.data as AdminSummary[]).find((a) => a.email === email);
  if (!found) throw new Error(`${email} not listed`);
  return found;
}

/** An admin with a known password (and optionally 2FA on), signed in. */
async function adminWith(roles: string[], twoFactorSecret?: string) {
  const email = `a-${unique()}@example.com`;
  const id = await createAdmin(t.db, { email, password: 'secret123', roles, twoFactorSecret });
  return { id, email };
}

describe('admin management', () => {
  it('creates an admin with a one-time password to change at the first sign-in', async () => {
    const email = `new-${unique()}@example.com`;
    const created = await t.call('POST', ADMINS, {
      token: root,
      body: { email: email.toUpperCase(), name: 'New Finance', roles: ['finance'] },
    });
    expect(created.statusCode).toBe(200);
    const { admin, oneTimePassword } = created.json().data;
    expect(admin).toMatchObject({
      email,
      name: 'New Finance',
      roles: ['finance'],
      status: 'active',
      twoFactorEnabled: false,
      mustChangePassword: true,
      lockedUntil: null,
      lastSignInAt: null,
    });
    expect(oneTimePassword).toMatch(/^[\w-]{16}$/);
    expect(await listed(email)).toEqual(admin);

    // The one-time password only opens the password change.
    const first = await t.call('POST', LOGIN, { body: { email, password: oneTimePassword } });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Change your password');
    const { passwordChangeRequired, token } = first.json().data;
    expect(passwordChangeRequired).toBe(true);
    expect(first.json().data).not.toHaveProperty('user');
    for (const url of [STATS, ME, WITHDRAWALS])
      expect((await t.call('GET', url, { token })).json(), url).toEqual(INVALID_TOKEN);
    expect((await t.call('GET', '/api/admin/auth/2fa/setup', { token })).statusCode).toBe(401);

    const same = await t.call('POST', PASSWORD, {
      token,
      body: { currentPassword: oneTimePassword, newPassword: oneTimePassword },
    });
    expect([same.statusCode, same.json()]).toEqual([
      400,
      errorOf('The new password must differ from the current one'),
    ]);
    const short = await t.call('POST', PASSWORD, {
      token,
      body: { currentPassword: oneTimePassword, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('New password must be at least 8 characters');
    const changed = await t.call('POST', PASSWORD, {
      token,
      body: { currentPassword: oneTimePassword, newPassword: 'finance-pass-1' },
    });
    expect([changed.statusCode, changed.json().message]).toEqual([200, 'Password changed successfully']);
    // Its token is spent; the one-time password is gone.
    expect((await t.call('POST', PASSWORD, { token, body: {} })).json()).toEqual(INVALID_TOKEN);
    expect((await t.call('POST', LOGIN, { body: { email, password: oneTimePassword } })).statusCode).toBe(
      401,
    );

    const signedIn = await t.call('POST', LOGIN, { body: { email, password: 'finance-pass-1' } });
    expect(signedIn.json().data.user).toEqual({
      id: admin.id,
      email,
      name: 'New Finance',
      roles: ['finance'],
      twoFactorEnabled: false,
    });
    const session = signedIn.json().data.token;
    expect((await t.call('GET', WITHDRAWALS, { token: session })).statusCode).toBe(200);
    expect((await t.call('GET', ADMINS, { token: session })).json()).toEqual(INSUFFICIENT);
    expect(await listed(email)).toMatchObject({
      mustChangePassword: false,
      lastSignInAt: expect.any(String),
    });
  });

  it('refuses bad input, a taken email and unknown ids', async () => {
    const bad = [
      [{ email: 'x@example.com', name: 'X', roles: [] }, 'At least one role is required'],
      [{ email: 'x@example.com', name: 'X', roles: ['admin'] }, 'Unknown role'],
      [{ email: 'x@example.com', name: 'X', roles: ['mines', 'mines'] }, 'Each role may be given once'],
      [{ email: 'not-an-email', name: 'X', roles: ['mines'] }, 'Invalid email format'],
      [{ email: 'x@example.com', name: ' ', roles: ['mines'] }, 'Name is required'],
    ] as const;
    for (const [body, message] of bad) {
      const res = await t.call('POST', ADMINS, { token: root, body });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message, message).toContain(message);
    }
    const taken = await t.call('POST', ADMINS, {
      token: root,
      body: { email: ADMIN.email.toUpperCase(), name: 'Again', roles: ['mines'] },
    });
    expect([taken.statusCode, taken.json()]).toEqual([
      409,
      errorOf('An admin with this email already exists'),
    ]);
    for (const action of ['disable', 'enable', '2fa/reset', 'unlock']) {
      for (const id of [999999, 2147483648]) {
        const res = await t.call('POST', `${ADMINS}/${id}/${action}`, { token: root });
        expect([res.statusCode, res.json()], action).toEqual([404, errorOf('Admin not found')]);
      }
    }
    const roles = await t.call('PUT', `${ADMINS}/999999/roles`, { token: root, body: { roles: ['mines'] } });
    expect(roles.statusCode).toBe(404);
  });

  it('a role change is in force from the next call of an existing session', async () => {
    const { id, email } = await adminWith(['finance']);
    const token = await t.login(email, 'secret123');
    expect((await t.call('GET', WITHDRAWALS, { token })).statusCode).toBe(200);
    expect((await t.call('GET', LOTTERY, { token })).json()).toEqual(INSUFFICIENT);

    const res = await t.call('PUT', `${ADMINS}/${id}/roles`, { token: root, body: { roles: ['lottery'] } });
    expect([res.statusCode, res.json().data.roles]).toEqual([200, ['lottery']]);
    expect((await t.call('GET', LOTTERY, { token })).statusCode).toBe(200);
    expect((await t.call('GET', WITHDRAWALS, { token })).json()).toEqual(INSUFFICIENT);
    expect((await t.call('GET', ME, { token })).json().data.roles).toEqual(['lottery']);
  });

  it('disabling an admin ends their sessions at once; re-enabling does not revive them', async () => {
    const { id, email } = await adminWith(['mines']);
    const token = await t.login(email, 'secret123');
    expect((await t.call('GET', '/api/admin/mines', { token })).statusCode).toBe(200);

    const disabled = await t.call('POST', `${ADMINS}/${id}/disable`, { token: root });
    expect([disabled.statusCode, disabled.json().data.status]).toEqual([200, 'blocked']);
    expect((await t.call('GET', '/api/admin/mines', { token })).json()).toEqual(INVALID_TOKEN);
    const login = await t.call('POST', LOGIN, { body: { email, password: 'secret123' } });
    expect([login.statusCode, login.json()]).toEqual([403, errorOf('Account is blocked')]);
    const again = await t.call('POST', `${ADMINS}/${id}/disable`, { token: root });
    expect([again.statusCode, again.json()]).toEqual([409, errorOf('Admin is already disabled')]);

    const enabled = await t.call('POST', `${ADMINS}/${id}/enable`, { token: root });
    expect([enabled.statusCode, enabled.json().data.status]).toEqual([200, 'active']);
    expect((await t.call('GET', '/api/admin/mines', { token })).json()).toEqual(INVALID_TOKEN);
    expect((await t.call('POST', `${ADMINS}/${id}/enable`, { token: root })).json()).toEqual(
      errorOf('Admin is already active'),
    );
    expect(await t.login(email, 'secret123')).toBeTruthy();
  });

  it('a superadmin can neither disable, demote nor reset themself', async () => {
    const cases = [
      ['POST', `${ADMINS}/${t.adminId}/disable`, undefined, 'You cannot disable your own account'],
      [
        'PUT',
        `${ADMINS}/${t.adminId}/roles`,
        { roles: ['finance'] },
        'You cannot remove your own superadmin role',
      ],
      [
        'POST',
        `${ADMINS}/${t.adminId}/2fa/reset`,
        undefined,
        'Replace your own authenticator in your two-factor settings',
      ],
    ] as const;
    for (const [method, url, body, message] of cases) {
      const res = await t.call(method, url, { token: root, body });
      expect([res.statusCode, res.json()]).toEqual([409, errorOf(message)]);
    }
    // Adding roles next to superadmin is no demotion.
    const more = await t.call('PUT', `${ADMINS}/${t.adminId}/roles`, {
      token: root,
      body: { roles: ['superadmin', 'auditor'] },
    });
    expect(more.json().data.roles).toEqual(['superadmin', 'auditor']);
    await t.call('PUT', `${ADMINS}/${t.adminId}/roles`, { token: root, body: { roles: ['superadmin'] } });
  });

  it('the last active superadmin is never disabled or demoted', async () => {
    const service = new AdminsService(t.db, t.app.store, clock);
    // The service called directly, as root would through the route (it records as the route does).
    const direct = (action: string) =>
      new AuditWriter({ action, actor: { id: t.adminId, email: ADMIN.email }, ip: null, requestId: null });
    const other = await adminWith(['superadmin']);
    // Root and `other` are the only active superadmins.
    await t.db.query(
      `UPDATE admins SET status = 'blocked' WHERE 'superadmin' = ANY (roles) AND id NOT IN ($1, $2)`,
      [t.adminId, other.id],
    );
    const otherToken = await t.login(other.email, 'secret123');
    const demote = await t.call('PUT', `${ADMINS}/${t.adminId}/roles`, {
      token: otherToken,
      body: { roles: ['finance'] },
    });
    expect(demote.statusCode).toBe(200);
    try {
      // Root's session learns it at once: it no longer manages admins.
      expect((await t.call('GET', ADMINS, { token: root })).json()).toEqual(INSUFFICIENT);
      // The guard itself (the route refuses root earlier): `other` is the last one.
      const last = 'The last active superadmin cannot be disabled or lose the superadmin role';
      await expect(
        service.setRoles(t.adminId, other.id, ['finance'], direct('admin.roles-change')),
      ).rejects.toMatchObject({
        statusCode: 409,
        message: last,
      });
      await expect(service.disable(t.adminId, other.id, direct('admin.disable'))).rejects.toMatchObject({
        statusCode: 409,
        message: last,
      });
      // A demotion that leaves another superadmin is fine; so is one of a disabled superadmin.
      const disabledSuper = await adminWith(['superadmin']);
      await t.db.query(`UPDATE admins SET status = 'blocked' WHERE id = $1`, [disabledSuper.id]);
      await expect(
        service.setRoles(t.adminId, disabledSuper.id, ['mines'], direct('admin.roles-change')),
      ).resolves.toBeTruthy();
    } finally {
      const back = await t.call('PUT', `${ADMINS}/${t.adminId}/roles`, {
        token: otherToken,
        body: { roles: ['superadmin'] },
      });
      expect(back.statusCode).toBe(200);
    }
    expect((await t.call('GET', ADMINS, { token: root })).statusCode).toBe(200);
  });

  it('two superadmins demoting each other at once leave one superadmin', async () => {
    const a = await adminWith(['superadmin']);
    const b = await adminWith(['superadmin']);
    // Only these two are active superadmins for this test.
    await t.db.query(
      `UPDATE admins SET status = 'blocked' WHERE 'superadmin' = ANY (roles) AND id NOT IN ($1, $2, $3)`,
      [t.adminId, a.id, b.id],
    );
    await t.db.query(`UPDATE admins SET roles = '{auditor}' WHERE id = $1`, [t.adminId]);
    try {
      const [ta, tb] = [await t.login(a.email, 'secret123'), await t.login(b.email, 'secret123')];
      const [ra, rb] = await Promise.all([
        t.call('PUT', `${ADMINS}/${b.id}/roles`, { token: ta, body: { roles: ['finance'] } }),
        t.call('PUT', `${ADMINS}/${a.id}/roles`, { token: tb, body: { roles: ['finance'] } }),
      ]);
      const statuses = [ra.statusCode, rb.statusCode].sort();
      expect(statuses[0]).toBe(200);
      // The loser: refused by its (now current) roles, or by the guard on the locked rows.
      expect([403, 409]).toContain(statuses[1]);
      const rows = await t.db.query<{ n: number }>(
        `SELECT count(*) AS n FROM admins
          WHERE 'superadmin' = ANY (roles) AND status = 'active' AND id IN ($1, $2)`,
        [a.id, b.id],
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await t.db.query(`UPDATE admins SET roles = '{superadmin}' WHERE id = $1`, [t.adminId]);
    }
  });

  it("a 2FA reset ends the admin's sessions and forces a setup at the next sign-in", async () => {
    const { id, email } = await adminWith(['support-users'], SECRET);
    const login = await t.call('POST', LOGIN, {
      body: { email, password: 'secret123', twoFactorToken: await totpAt(SECRET, clock()) },
    });
    const token = login.json().data.token;
    expect((await t.call('GET', '/api/admin/user', { token })).statusCode).toBe(200);

    const reset = await t.call('POST', `${ADMINS}/${id}/2fa/reset`, { token: root });
    expect(reset.json().data).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true });
    expect((await t.call('GET', '/api/admin/user', { token })).json()).toEqual(INVALID_TOKEN);
    const [row] = await t.db.query<{ two_factor_secret: string | null }>(
      'SELECT two_factor_secret FROM admins WHERE id = $1',
      [id],
    );
    expect(row?.two_factor_secret).toBeNull();

    // TWO_FACTOR is optional here, yet the next sign-in must set 2FA up.
    const next = await t.call('POST', LOGIN, { body: { email, password: 'secret123' } });
    expect(next.json().message).toBe('Set up two-factor authentication');
    const { secret, token: setupToken, userId } = next.json().data;
    clock.advance(30_000);
    const enabled = await t.call('POST', '/api/admin/auth/2fa/enable', {
      token: setupToken,
      body: { userId, secret, token: await totpAt(secret, clock()) },
    });
    expect(enabled.statusCode).toBe(200);
    expect(await listed(email)).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
  });

  it('shows a locked account and unlocks it', async () => {
    const { id, email } = await adminWith(['auditor']);
    for (let i = 0; i < t.config.rateLimits.loginAccount.max; i++)
      await t.call('POST', LOGIN, { body: { email, password: 'wrong-password' } });
    const locked = await listed(email);
    expect(Date.parse(locked.lockedUntil ?? '')).toBeGreaterThan(clock());
    expect((await t.call('POST', LOGIN, { body: { email, password: 'secret123' } })).statusCode).toBe(429);

    const unlocked = await t.call('POST', `${ADMINS}/${id}/unlock`, { token: root });
    expect([unlocked.statusCode, unlocked.json().data.lockedUntil]).toEqual([200, null]);
    expect(await t.login(email, 'secret123')).toBeTruthy();
  });

  it('lists admins in pages, searched and filtered by status', async () => {
    const page = await t.call('GET', `${ADMINS}?limit=2&page=1`, { token: root });
    const body = page.json().data;
    expect(body.data).toHaveLength(2);
    expect(body.total).toBeGreaterThan(2);
    expect(body.totalPages).toBe(Math.ceil(body.total / 2));
    const blocked = await t.call('GET', `${ADMINS}?status=blocked&limit=100`, { token: root });
    expect((blocked.json().data.data as AdminSummary[]).every((a) => a.status === 'blocked')).toBe(true);
    const none = await t.call('GET', `${ADMINS}?search=${encodeURIComponent('%_nobody_%')}`, { token: root });
    expect(none.json().data.total).toBe(0);
  });
});

describe('own account', () => {
  it('changes the password with the current password and code; other sessions end', async () => {
    const { email } = await adminWith(['lottery'], SECRET);
    const signIn = async (password: string) => {
      clock.advance(30_000);
      const res = await t.call('POST', LOGIN, {
        body: { email, password, twoFactorToken: await totpAt(SECRET, clock()) },
      });
      return res.json().data?.token as string;
    };
    const current = await signIn('secret123');
    const other = await signIn('secret123');

    const noCode = await t.call('POST', PASSWORD, {
      token: current,
      body: { currentPassword: 'secret123', newPassword: 'lottery-pass-2' },
    });
    expect([noCode.statusCode, noCode.json()]).toEqual([400, errorOf('Two-factor code required')]);
    clock.advance(30_000);
    const wrong = await t.call('POST', PASSWORD, {
      token: current,
      body: {
        currentPassword: 'nope-nope',
        newPassword: 'lottery-pass-2',
        currentCode: await totpAt(SECRET, clock()),
      },
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([401, errorOf('Invalid password')]);
    const ok = await t.call('POST', PASSWORD, {
      token: current,
      body: {
        currentPassword: 'secret123',
        newPassword: 'lottery-pass-2',
        currentCode: await totpAt(SECRET, clock()),
      },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.call('GET', LOTTERY, { token: current })).statusCode).toBe(200);
    expect((await t.call('GET', LOTTERY, { token: other })).json()).toEqual(INVALID_TOKEN);
    expect(await signIn('secret123')).toBeUndefined();
    expect(await signIn('lottery-pass-2')).toBeTruthy();
  });

  it('lists its sessions with the current one marked and signs others out', async () => {
    const { email } = await adminWith(['mines']);
    const first = await t.login(email, 'secret123');
    const second = await t.login(email, 'secret123');
    const third = await t.login(email, 'secret123');

    const list = await t.call('GET', SESSIONS, { token: first, headers: { 'user-agent': 'probe' } });
    const sessions = list.json().data as { id: string; current: boolean; ip: string | null }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const mine = sessions.find((s) => s.current)!;
    expect(mine.ip).toBeTruthy();

    const self = await t.call('DELETE', `${SESSIONS}/${mine.id}`, { token: first });
    expect([self.statusCode, self.json()]).toEqual([409, errorOf('Use sign out to end the current session')]);
    const unknown = await t.call('DELETE', `${SESSIONS}/nope`, { token: first });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, errorOf('Session not found')]);
    // Another admin's session is not found either.
    const rootSessions = (await t.call('GET', SESSIONS, { token: root })).json().data as { id: string }[];
    expect((await t.call('DELETE', `${SESSIONS}/${rootSessions[0]!.id}`, { token: first })).statusCode).toBe(
      404,
    );

    const secondId = (await t.call('GET', SESSIONS, { token: second }))
      .json()
      .data.find((s: { current: boolean }) => s.current).id;
    const one = await t.call('DELETE', `${SESSIONS}/${secondId}`, { token: first });
    expect([one.statusCode, one.json().data]).toEqual([200, { revoked: 1 }]);
    expect((await t.call('GET', STATS, { token: second })).json()).toEqual(INVALID_TOKEN);
    expect((await t.call('GET', STATS, { token: third })).statusCode).toBe(200);

    const rest = await t.call('POST', `${SESSIONS}/revoke-others`, { token: first });
    expect(rest.json().data).toEqual({ revoked: 1 });
    expect((await t.call('GET', STATS, { token: third })).json()).toEqual(INVALID_TOKEN);
    expect((await t.call('GET', SESSIONS, { token: first })).json().data).toHaveLength(1);
  });

  it('me answers the current roles', async () => {
    const res = await t.call('GET', ME, { token: root });
    expect(res.json().data).toEqual({
      id: t.adminId,
      email: ADMIN.email,
      name: ADMIN.name,
      roles: ['superadmin'],
      twoFactorEnabled: false,
    });
  });
});

describe('demo admins', () => {
  it('one admin per role, created once, each signing in with its roles', async () => {
    const created = await ensureDemoAdmins(t.db);
    expect(created).toEqual(DEMO_ROLE_ADMINS.map((a) => a.email));
    expect(await ensureDemoAdmins(t.db)).toEqual([]);
    const roles = DEMO_ROLE_ADMINS.flatMap((a) => a.roles).sort();
    expect(roles).toEqual(['auditor', 'finance', 'lottery', 'mines', 'ops', 'support-users']);
    for (const admin of DEMO_ROLE_ADMINS) {
      const res = await t.call('POST', LOGIN, { body: { email: admin.email, password: admin.password } });
      expect(res.json().data.user.roles, admin.email).toEqual(admin.roles);
    }
  });
});
