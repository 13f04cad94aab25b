import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_EMAIL_MAX } from '../src/modules/auth/sign-in-failures.ts';
import { ADMIN, createAdmin, createTestApp, type TestApp, totpAt } from './helpers.ts';

/**
 * Failed sign-ins are security events (docs/operations.md): aggregated in sign_in_failures (one row per
 * account or IP, hour and reason), never an audit row each; a refusal of the rate limiter writes nothing;
 * what an anonymous client typed is kept bounded; admins with the audit permission read the counts.
 */

const LOGIN = '/api/admin/auth/login';
const FAILURES = '/api/admin/audit/sign-in-failures';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OPEN = { max: 100_000, windowMs: 15 * 60_000 };

let t: TestApp;
let token: string;

beforeAll(async () => {
  // Limits far away: every attempt below is really checked (the limiter's refusals are tested apart).
  t = await createTestApp({ rateLimits: { loginIp: OPEN, loginAccount: OPEN, twoFactor: OPEN } });
  token = await t.login();
});
afterAll(() => t.close());

const login = (body: object, ip: string) => t.call('POST', LOGIN, { body, remoteAddress: ip });

interface Row {
  subject: string;
  reason: string;
  admin_id: number | null;
  email: string | null;
  ip: string | null;
  attempts: number;
}
const failuresOf = (ip: string) =>
  t.db.query<Row>(
    `SELECT subject, reason, admin_id, email, ip, attempts FROM sign_in_failures
      WHERE ip = $1 ORDER BY subject, reason`,
    [ip],
  );
const count = async (table: string) =>
  Number((await t.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
const totals = async () => ({
  audit: await count('audit_log'),
  failureRows: await count('sign_in_failures'),
  attempts: Number(
    (await t.db.query<{ n: number | null }>('SELECT sum(attempts) AS n FROM sign_in_failures'))[0]!.n ?? 0,
  ),
});

describe('failed sign-ins are aggregated, not audited one by one', () => {
  it('hundreds of failures from one IP add one row per subject and reason, and no audit row', async () => {
    const ip = '203.0.113.7';
    const before = await totals();
    const attempts = [
      // 150 different unknown e-mails: counted for the IP (an attacker cannot add a row per e-mail).
      ...Array.from({ length: 150 }, (_, i) => ({ email: `nobody-${i}@example.com`, password: 'guess-1' })),
      // 50 wrong passwords of a real account: counted for the account.
      ...Array.from({ length: 50 }, (_, i) => ({ email: ADMIN.email, password: `guess-pw-${i}` })),
    ];
    const answers = await Promise.all(attempts.map((body) => login(body, ip)));
    for (const res of answers)
      expect(res.json()).toEqual({ success: false, message: 'Invalid email or password' });
    expect(answers.every((r) => r.statusCode === 401)).toBe(true);

    expect(await failuresOf(ip)).toEqual([
      {
        subject: `admin:${t.adminId}`,
        reason: 'wrong-password',
        admin_id: t.adminId,
        email: ADMIN.email,
        ip,
        attempts: 50,
      },
      {
        subject: `ip:${ip}`,
        reason: 'unknown-email',
        admin_id: null,
        email: expect.stringMatching(/^nobody-\d+@example\.com$/),
        ip,
        attempts: 150,
      },
    ]);
    const after = await totals();
    expect(after.audit).toBe(before.audit);
    expect(after.failureRows - before.failureRows).toBe(2);
    expect(after.attempts - before.attempts).toBe(200);
    // No password an attacker tried is stored anywhere.
    expect(JSON.stringify(await t.db.query('SELECT * FROM sign_in_failures'))).not.toContain('guess-pw');
  });

  it('a wrong 2FA code and a blocked account are counted for the account, with their reason', async () => {
    const ip = '203.0.113.8';
    const email = 'events-2fa@example.com';
    const id = await createAdmin(t.db, { email, password: 'secret123', twoFactorSecret: SECRET });
    const good = await totpAt(SECRET, Date.now());
    const wrong = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) {
      const res = await login({ email, password: 'secret123', twoFactorToken: wrong }, ip);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid two-factor code');
    }
    await t.db.query(`UPDATE admins SET status = 'blocked' WHERE id = $1`, [id]);
    const blocked = await login({ email, password: 'secret123' }, ip);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Account is blocked');

    expect((await failuresOf(ip)).map((r) => [r.subject, r.reason, r.attempts])).toEqual([
      [`admin:${id}`, 'blocked', 1],
      [`admin:${id}`, 'wrong-code', 3],
    ]);
  });

  it('a sign-in refused by the rate limiter writes nothing', async () => {
    const limited = await createTestApp({
      db: t.db,
      rateLimits: { loginAccount: { max: 2, windowMs: 60_000 }, loginIp: { max: 3, windowMs: 60_000 } },
    });
    try {
      const attempt = (email: string, ip: string) =>
        limited.call('POST', LOGIN, { body: { email, password: 'wrong-pass' }, remoteAddress: ip });
      // The account's limit: 2 failures, then refusals.
      for (let i = 0; i < 2; i++) expect((await attempt(ADMIN.email, '198.51.100.1')).statusCode).toBe(401);
      // The IP's limit: 3 failures of unknown e-mails, then refusals.
      for (let i = 0; i < 3; i++)
        expect((await attempt(`x${i}@example.com`, '198.51.100.2')).statusCode).toBe(401);
      const before = await totals();
      for (let i = 0; i < 20; i++) {
        expect((await attempt(ADMIN.email, `198.51.100.${10 + i}`)).statusCode).toBe(429);
        expect((await attempt(`y${i}@example.com`, '198.51.100.2')).statusCode).toBe(429);
      }
      expect(await totals()).toEqual(before);
    } finally {
      await limited.close();
    }
  });

  it('what an anonymous client typed is stored bounded; an over-long e-mail is refused before any write', async () => {
    const ip = '203.0.113.9';
    const long = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`;
    expect(long.length).toBeGreaterThan(240);
    expect(long.length).toBeLessThanOrEqual(254);
    expect((await login({ email: long, password: 'whatever1' }, ip)).statusCode).toBe(401);
    const [row] = await failuresOf(ip);
    expect(row!.email).toBe(long.slice(0, UNKNOWN_EMAIL_MAX));

    const before = await totals();
    const huge = await login({ email: `${'a'.repeat(10_000)}@example.com`, password: 'whatever1' }, ip);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/Email must not exceed 254 characters/);
    expect(await totals()).toEqual(before);
  });

  it('a successful sign-in is still one audit record', async () => {
    const before = await totals();
    const res = await login({ email: ADMIN.email, password: ADMIN.password }, '203.0.113.10');
    expect(res.statusCode).toBe(200);
    const rows = await t.db.query<{ action: string; admin_id: number }>(
      'SELECT action, admin_id FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(rows).toEqual([{ action: 'auth.sign-in', admin_id: t.adminId }]);
    const after = await totals();
    expect(after.audit).toBe(before.audit + 1);
    expect(after.attempts).toBe(before.attempts);
  });
});

describe('GET /admin/audit/sign-in-failures', () => {
  const get = (query: string, as = token) => t.call('GET', `${FAILURES}${query}`, { token: as });

  it('shows the aggregated counts, filtered and paged, newest first', async () => {
    const ip = '192.0.2.44';
    const email = 'events-list@example.com';
    const id = await createAdmin(t.db, { email, password: 'secret123' });
    for (let i = 0; i < 7; i++) await login({ email: `list-${i}@example.com`, password: 'guess-1' }, ip);
    for (let i = 0; i < 4; i++) await login({ email, password: 'guess-2' }, ip);

    const res = await get(`?ip=${ip}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Failed sign-ins retrieved successfully');
    expect(body.data.total).toBe(2);
    // Newest first: the account's row had the last attempt.
    expect(body.data.data).toEqual([
      expect.objectContaining({
        subject: 'account',
        adminId: id,
        email,
        ip,
        reason: 'wrong-password',
        attempts: 4,
      }),
      expect.objectContaining({
        subject: 'ip',
        adminId: null,
        email: 'list-6@example.com',
        ip,
        reason: 'unknown-email',
        attempts: 7,
      }),
    ]);
    const [row] = body.data.data;
    expect(Date.parse(row.windowStart) % 3_600_000).toBe(0);
    expect(Date.parse(row.firstAt)).toBeLessThanOrEqual(Date.parse(row.lastAt));

    const mine = (await get(`?admin_id=${id}&reason=wrong-password`)).json().data;
    expect(mine.data.map((r: { attempts: number }) => r.attempts)).toEqual([4]);
    expect((await get(`?admin_id=${id}&reason=unknown-email`)).json().data.total).toBe(0);
    expect((await get(`?email=${encodeURIComponent(email.toUpperCase())}`)).json().data.total).toBe(1);
    const oldestFirst = (await get(`?ip=${ip}&sort_type=asc`)).json().data.data;
    expect(oldestFirst.map((r: { reason: string }) => r.reason)).toEqual(['unknown-email', 'wrong-password']);

    const page = (await get(`?ip=${ip}&per_page=1&page=2`)).json().data;
    expect(page).toMatchObject({ total: 2, totalPages: 2, page: 2, perPage: 1 });
    expect(page.data.map((r: { reason: string }) => r.reason)).toEqual(['unknown-email']);
    expect((await get('?page=999')).json().data.data).toEqual([]);
  });

  it('answers 400 for a bad filter and 403 without the audit permission; an auditor may read', async () => {
    const bad = await get('?reason=guess');
    expect(bad.statusCode).toBe(400);
    expect((await get('?from=yesterday')).statusCode).toBe(400);

    await createAdmin(t.db, {
      email: 'events-lottery@example.com',
      password: 'secret123',
      roles: ['lottery'],
    });
    await createAdmin(t.db, {
      email: 'events-auditor@example.com',
      password: 'secret123',
      roles: ['auditor'],
    });
    const lottery = await t.login('events-lottery@example.com', 'secret123');
    const auditor = await t.login('events-auditor@example.com', 'secret123');
    expect((await get('', lottery)).statusCode).toBe(403);
    const read = await get('', auditor);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.total).toBeGreaterThan(0);
  });
});
