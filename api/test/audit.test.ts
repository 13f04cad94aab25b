import { readFileSync, writeFileSync } from 'node:fs';
import { messageResponse, type RouteDef, type RouteName, routes } from '@backoffice/shared/contract';
import type { LightMyRequestResponse } from 'fastify';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { AUDIT_MISSING } from '../src/modules/audit/writer.ts';
import { defineRoute, isMutating } from '../src/plugins/route.ts';
import { ADMIN, createAdmin, createTestApp, freshDb, type TestApp, testClock, totpAt } from './helpers.ts';
import { DAY, HOUR, makeLottery, makeTickets, makeUser } from './lottery-helpers.ts';
import { fakeRelease } from './release-fixtures.ts';

/**
 * The audit invariant (docs/architecture.md#console-behaviour), walked over the route catalogue: every
 * state-changing route names an audit action, and a successful call of each writes exactly its record(s),
 * with the right actor and target, in the transaction of the change (a failure at commit after the audit
 * insert leaves no trace).
 */

const T0 = Math.floor(Date.now() / 60_000) * 60_000;
const clock = testClock(T0);
let t: TestApp;
let token: string;
let seq = 0;

beforeAll(async () => {
  // No Chromium on this API host: releases are published with --no-smoke (the smoke load is e2e's).
  t = await createTestApp({ clock, env: { CHROMIUM_PATH: 'none' } });
  token = await t.login();
});
afterAll(() => t.close());

interface Expected {
  action: string;
  adminId: number | null;
  targetType: string | null;
  targetId: string | null;
}
interface AuditRow extends Expected {
  id: number;
  adminEmail: string | null;
  ip: string | null;
  requestId: string | null;
  before: unknown;
  after: unknown;
}

/** One successful call of a mutating route: what it needs, the call, and the records it must write. */
interface Scenario {
  prepare(): Promise<Record<string, unknown>>;
  call(ctx: Record<string, unknown>): Promise<LightMyRequestResponse>;
  expected(ctx: Record<string, unknown>): Expected[];
  /** The records are the API's own doing (an automatic rollback): no admin in them. */
  system?: boolean;
}

const as = (tk: string) => (method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: tk, body: body as object | undefined });
const api = (method: string, url: string, body?: unknown) => as(token)(method, url, body);
const rec = (
  action: string,
  targetType: string | null,
  targetId: unknown,
  adminId: number | null = t.adminId,
) => ({
  action,
  adminId,
  targetType,
  // An asymmetric matcher (expect.any) stays as it is.
  targetId: targetId === null || typeof targetId === 'object' ? (targetId as null) : String(targetId),
});

/** The session id (jti) inside a JWT. */
const jtiOf = (jwt: string): string =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).jti as string;

async function newAdmin(twoFactorSecret?: string) {
  const email = `audit${++seq}@example.com`;
  const id = await createAdmin(t.db, { email, password: 'secret123', twoFactorSecret });
  return { id, email };
}

async function pendingWithdrawal(amount = '5') {
  const userId = await makeUser(t, 'Payee');
  await t.db.query(
    `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, 100, 'deposit', $2)`,
    [userId, `deposit:audit${++seq}`],
  );
  const [w] = await t.db.query<{ id: number }>(
    `INSERT INTO withdrawals (user_id, amount, wallet_address, status) VALUES ($1, $2::numeric, '0xabc', 'pending') RETURNING id`,
    [userId, amount],
  );
  await t.db.query(
    `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, -$2::numeric, 'withdrawal', $3)`,
    [userId, amount, `withdrawal:${w!.id}`],
  );
  return w!.id;
}

async function activeGame() {
  const userId = await makeUser(t, 'Miner');
  const [g] = await t.db.query<{ id: number }>(
    `INSERT INTO mine_games (user_id, mines_count, amount) VALUES ($1, 3, 2) RETURNING id`,
    [userId],
  );
  await t.db.query(
    `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, 10, 'deposit', $2), ($1, -2, 'mine_bet', $3)`,
    [userId, `deposit:mine${g!.id}`, `mine_game:${g!.id}`],
  );
  return g!.id;
}

async function openTicket() {
  const userId = await makeUser(t, 'Asker');
  const [s] = await t.db.query<{ id: number }>(
    `INSERT INTO support_tickets (user_id, type, message) VALUES ($1, 'account', 'Help') RETURNING id`,
    [userId],
  );
  return s!.id;
}

const lotteryBody = () => ({
  name: 'Audit Jackpot',
  ticket_price: '2.5',
  winners: 1,
  start_time: new Date(clock() + HOUR).toISOString(),
  end_time: new Date(clock() + 2 * HOUR).toISOString(),
  result_time: 1,
  winner_distributions: [{ rank: 1, percentage: 80 }],
  admin_share: 20,
});

/** A new version of `area` in the releases folder, published (and made live with `live`). */
async function published(area: 'lottery' | 'finance' | 'support-users', live = false) {
  const version = `7.0.${++seq}`;
  fakeRelease(t.config.releases.dir, area, version);
  const res = await api('POST', '/api/admin/releases', { area, version, skipSmoke: true, live });
  expect(res.statusCode, res.body).toBe(200);
  return version;
}

const scenarios: Record<string, Scenario> = {
  login: {
    prepare: async () => newAdmin(),
    call: (c) => t.call('POST', '/api/admin/auth/login', { body: { email: c.email, password: 'secret123' } }),
    expected: (c) => [rec('auth.sign-in', 'admin', c.id, c.id as number)],
  },
  twoFactorReplaceSetup: {
    prepare: async () => {
      const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      const admin = await newAdmin(secret);
      clock.advance(30_000);
      const res = await t.call('POST', '/api/admin/auth/login', {
        body: { email: admin.email, password: 'secret123', twoFactorToken: await totpAt(secret, clock()) },
      });
      return { ...admin, secret, token: res.json().data.token };
    },
    call: async (c) => {
      // A fresh code each attempt (the replay guard refuses a code twice).
      clock.advance(30_000);
      return as(c.token as string)('POST', '/api/admin/auth/2fa/setup', {
        currentPassword: 'secret123',
        currentCode: await totpAt(c.secret as string, clock()),
      });
    },
    expected: (c) => [rec('auth.2fa-setup', 'admin', c.id, c.id as number)],
  },
  twoFactorEnable: {
    prepare: async () => {
      const admin = await newAdmin();
      const res = await t.call('POST', '/api/admin/auth/login', {
        body: { email: admin.email, password: 'secret123', requireTwoFactor: true },
      });
      const data = res.json().data;
      return { ...admin, secret: data.secret, token: data.token };
    },
    call: async (c) =>
      as(c.token as string)('POST', '/api/admin/auth/2fa/enable', {
        userId: c.id,
        secret: c.secret,
        token: await totpAt(c.secret as string, clock()),
      }),
    expected: (c) => [rec('auth.2fa-enable', 'admin', c.id, c.id as number)],
  },
  logout: {
    prepare: async () => {
      const admin = await newAdmin();
      return { ...admin, token: await t.login(admin.email, 'secret123') };
    },
    call: (c) => as(c.token as string)('POST', '/api/admin/auth/logout'),
    expected: (c) => [rec('auth.sign-out', 'admin', c.id, c.id as number)],
  },
  minesUpdateStatus: {
    prepare: async () => ({ id: await activeGame() }),
    call: (c) => api('PUT', `/api/admin/mines/${c.id}/status`, { status: 'false' }),
    expected: (c) => [rec('mines.update-status', 'mine_game', c.id)],
  },
  lotteryCreate: {
    prepare: async () => ({}),
    call: () => api('POST', '/api/admin/lottery', lotteryBody()),
    expected: () => [rec('lottery.create', 'lottery', expect.any(String))],
  },
  lotteryUpdate: {
    prepare: async () => ({ id: await makeLottery(t, { start: clock() + DAY, end: clock() + 2 * DAY }) }),
    call: (c) => api('PATCH', `/api/admin/lottery/${c.id}`, { result_time: 3 }),
    expected: (c) => [rec('lottery.update', 'lottery', c.id)],
  },
  lotteryDelete: {
    prepare: async () => ({ id: await makeLottery(t, { start: clock() + DAY, end: clock() + 2 * DAY }) }),
    call: (c) => api('DELETE', `/api/admin/lottery/${c.id}`),
    expected: (c) => [rec('lottery.delete', 'lottery', c.id)],
  },
  lotteryPublish: {
    prepare: async () => {
      const id = await makeLottery(t, {
        start: clock() - 3 * DAY,
        end: clock() - DAY,
        distributions: [{ rank: 1, percentage: 50 }],
      });
      await makeTickets(t, id, [await makeUser(t, 'Lucky')], 3);
      const [ticket] = await t.db.query<{ n: string }>(
        `SELECT ticket_number AS n FROM lottery_tickets WHERE lottery_id = $1 ORDER BY id LIMIT 1`,
        [id],
      );
      return { id, ticket: ticket!.n };
    },
    call: (c) =>
      api('POST', '/api/admin/lottery/publish', {
        lottery_id: c.id,
        result: [{ rank: 1, ticket_number: c.ticket }],
      }),
    expected: (c) => [rec('lottery.publish', 'lottery', c.id)],
  },
  supportUpdate: {
    prepare: async () => ({ id: await openTicket() }),
    call: (c) => api('PUT', `/api/admin/support/${c.id}`, { status: 'closed', remarks: 'Done' }),
    expected: (c) => [rec('support.update', 'support_ticket', c.id)],
  },
  supportDelete: {
    prepare: async () => ({ id: await openTicket() }),
    call: (c) => api('DELETE', `/api/admin/support/${c.id}`),
    expected: (c) => [rec('support.delete', 'support_ticket', c.id)],
  },
  userUpdate: {
    prepare: async () => ({ id: await makeUser(t) }),
    call: (c) => api('PUT', `/api/admin/user/${c.id}`, { status: 'inactive' }),
    expected: (c) => [rec('user.update', 'user', c.id)],
  },
  userDelete: {
    prepare: async () => ({ id: await makeUser(t) }),
    call: (c) => api('DELETE', `/api/admin/user/${c.id}`),
    expected: (c) => [rec('user.delete', 'user', c.id)],
  },
  userBlock: {
    prepare: async () => ({ id: await makeUser(t) }),
    call: (c) => api('PUT', `/api/admin/user/${c.id}/block`, { reason: 'Fraud check' }),
    expected: (c) => [rec('user.block', 'user', c.id)],
  },
  userUnblock: {
    prepare: async () => {
      const id = await makeUser(t);
      expect((await api('PUT', `/api/admin/user/${id}/block`, { reason: 'Fraud check' })).statusCode).toBe(
        200,
      );
      return { id };
    },
    call: (c) => api('PUT', `/api/admin/user/${c.id}/unblock`, {}),
    expected: (c) => [rec('user.unblock', 'user', c.id)],
  },
  withdrawalUpdate: {
    prepare: async () => ({ id: await pendingWithdrawal() }),
    call: (c) =>
      api('POST', '/api/admin/withdrawal/update', { withdrawal_id: c.id, status: 'rejected', reason: 'KYC' }),
    expected: (c) => [rec('withdrawal.update', 'withdrawal', c.id)],
  },
  withdrawalUpdateBulk: {
    prepare: async () => ({
      ids: [await pendingWithdrawal(), await pendingWithdrawal(), await pendingWithdrawal()],
    }),
    call: (c) =>
      api('POST', '/api/admin/withdrawal/update-bulk', { withdrawal_ids: c.ids, status: 'approved' }),
    // One record per withdrawal changed.
    expected: (c) => (c.ids as number[]).map((id) => rec('withdrawal.update-bulk', 'withdrawal', id)),
  },
  lotteryDraw: {
    prepare: async () => {
      const id = await makeLottery(t, { start: clock() - 3 * DAY, end: clock() - DAY });
      await makeTickets(t, id, [await makeUser(t, 'Drawn')], 3);
      return { id };
    },
    call: (c) => api('POST', `/api/admin/lottery/${c.id}/draw`),
    expected: (c) => [rec('lottery.draw', 'lottery', c.id)],
  },
  lotteryCompleteWithoutWinners: {
    prepare: async () => ({ id: await makeLottery(t, { start: clock() - 3 * DAY, end: clock() - DAY }) }),
    call: (c) => api('POST', `/api/admin/lottery/${c.id}/complete-without-winners`),
    expected: (c) => [rec('lottery.complete-without-winners', 'lottery', c.id)],
  },
  changePassword: {
    prepare: async () => {
      const admin = await newAdmin();
      return { ...admin, token: await t.login(admin.email, 'secret123') };
    },
    call: (c) =>
      as(c.token as string)('POST', '/api/admin/auth/password', {
        currentPassword: 'secret123',
        newPassword: 'secret456',
      }),
    expected: (c) => [rec('auth.password-change', 'admin', c.id, c.id as number)],
  },
  sessionRevoke: {
    prepare: async () => {
      const admin = await newAdmin();
      const token = await t.login(admin.email, 'secret123');
      const other = await t.login(admin.email, 'secret123');
      return { ...admin, token, jti: jtiOf(other) };
    },
    call: (c) => as(c.token as string)('DELETE', `/api/admin/auth/sessions/${c.jti}`),
    expected: (c) => [rec('auth.session-revoke', 'admin', c.id, c.id as number)],
  },
  sessionsRevokeOthers: {
    prepare: async () => {
      const admin = await newAdmin();
      const token = await t.login(admin.email, 'secret123');
      await t.login(admin.email, 'secret123');
      return { ...admin, token };
    },
    call: (c) => as(c.token as string)('POST', '/api/admin/auth/sessions/revoke-others'),
    expected: (c) => [rec('auth.sessions-revoke-others', 'admin', c.id, c.id as number)],
  },
  adminsCreate: {
    prepare: async () => ({ email: `created${++seq}@example.com` }),
    call: (c) => api('POST', '/api/admin/admins', { email: c.email, name: 'New Admin', roles: ['finance'] }),
    expected: () => [rec('admin.create', 'admin', expect.any(String))],
  },
  adminsDisable: {
    prepare: async () => newAdmin(),
    call: (c) => api('POST', `/api/admin/admins/${c.id}/disable`),
    expected: (c) => [rec('admin.disable', 'admin', c.id)],
  },
  adminsEnable: {
    prepare: async () => {
      const admin = await newAdmin();
      await t.db.query(`UPDATE admins SET status = 'blocked' WHERE id = $1`, [admin.id]);
      return admin;
    },
    call: (c) => api('POST', `/api/admin/admins/${c.id}/enable`),
    expected: (c) => [rec('admin.enable', 'admin', c.id)],
  },
  adminsSetRoles: {
    prepare: async () => newAdmin(),
    call: (c) => api('PUT', `/api/admin/admins/${c.id}/roles`, { roles: ['auditor', 'finance'] }),
    expected: (c) => [rec('admin.roles-change', 'admin', c.id)],
  },
  adminsResetTwoFactor: {
    prepare: async () => newAdmin('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
    call: (c) => api('POST', `/api/admin/admins/${c.id}/2fa/reset`),
    expected: (c) => [rec('admin.2fa-reset', 'admin', c.id)],
  },
  adminsUnlock: {
    prepare: async () => newAdmin(),
    call: (c) => api('POST', `/api/admin/admins/${c.id}/unlock`),
    expected: (c) => [rec('admin.unlock', 'admin', c.id)],
  },
  fourEyesSettingsUpdate: {
    prepare: async () => ({}),
    call: () => api('PUT', '/api/admin/settings/four-eyes', { threshold: '2500.5' }),
    expected: () => [rec('settings.four-eyes', 'setting', 'four_eyes_threshold')],
  },
  fourEyesSettingsApprove: {
    // Another superadmin asks for a threshold above the approval ceiling; the test admin approves it.
    prepare: async () => {
      const other = await newAdmin();
      const put = await as(await t.login(other.email, 'secret123'))('PUT', '/api/admin/settings/four-eyes', {
        threshold: '200000',
      });
      expect(put.json().data.pending, put.body).toMatchObject({ threshold: '200000' });
      return {};
    },
    call: () => api('POST', '/api/admin/settings/four-eyes/approve', { threshold: '200000' }),
    expected: () => [rec('settings.four-eyes-approve', 'setting', 'four_eyes_threshold')],
  },
  releasesPublish: {
    prepare: async () => {
      const version = `7.0.${++seq}`;
      fakeRelease(t.config.releases.dir, 'mines', version);
      return { version };
    },
    call: (c) => api('POST', '/api/admin/releases', { area: 'mines', version: c.version, skipSmoke: true }),
    expected: () => [rec('release.publish', 'console_release', 'mines')],
  },
  releasesSetLive: {
    prepare: async () => ({ version: await published('lottery') }),
    call: (c) => api('POST', '/api/admin/releases/lottery/live', { action: 'deploy', version: c.version }),
    expected: () => [rec('release.deploy', 'console_release', 'lottery')],
  },
  releasesPrune: {
    prepare: async () => ({ version: await published('finance') }),
    call: (c) => api('DELETE', `/api/admin/releases/finance/${c.version}`),
    expected: () => [rec('release.prune', 'console_release', 'finance')],
  },
  releasesVerify: {
    // A console server met a changed file: the API checks the version and records what changed.
    prepare: async () => {
      const version = await published('lottery');
      const file = `${t.config.releases.dir}/mf-lottery/${version}/static/js/app.js`;
      writeFileSync(file, readFileSync(file, 'utf8').replace('lottery', 'LOTTERY'));
      return { version };
    },
    call: (c) => api('POST', `/api/admin/releases/lottery/${c.version}/verify`),
    expected: () => [rec('release.tampered', 'console_release', 'lottery')],
  },
  opsTokenCreate: {
    prepare: async () => ({}),
    call: () => api('POST', '/api/admin/ops-tokens', { name: `ci ${++seq}`, owner: ADMIN.email, days: 30 }),
    expected: () => [rec('ops-token.create', 'ops_token', expect.any(String))],
  },
  opsTokenRevoke: {
    prepare: async () => {
      const res = await api('POST', '/api/admin/ops-tokens', {
        name: `ci ${++seq}`,
        owner: ADMIN.email,
        days: 30,
      });
      return { id: res.json().data.id };
    },
    call: (c) => api('DELETE', `/api/admin/ops-tokens/${c.id}`),
    expected: (c) => [rec('ops-token.revoke', 'ops_token', c.id)],
  },
  maintenanceSet: {
    // Off (it is off): recorded all the same, and the other scenarios keep an API out of maintenance.
    prepare: async () => ({}),
    call: () => api('PUT', '/api/ops/maintenance', { on: false }),
    expected: () => [rec('maintenance.set', 'maintenance', null)],
  },
  consoleReport: {
    // A fresh version two other admins already failed on: this third admin's failure rolls it back.
    prepare: async () => {
      await published('support-users', true);
      const version = await published('support-users', true);
      const [one, two] = [await newAdmin(), await newAdmin()];
      await t.db.query(
        `INSERT INTO console_field_reports (area, version, kind, session, admin_id)
         VALUES ('support-users', $1, 'failure', 'other-1', $2), ('support-users', $1, 'failure', 'other-2', $3)`,
        [version, one.id, two.id],
      );
      return { version };
    },
    call: (c) =>
      api('POST', '/api/admin/console/reports', {
        kind: 'failure',
        area: 'support-users',
        version: c.version,
        message: 'Boom',
      }),
    expected: () => [rec('release.auto-rollback', 'console_release', 'support-users', null)],
    system: true,
  },
};

/** A successful call of each mutating route the catalogue says is `unaudited`: it must write no record. */
const unauditedScenarios: Record<string, Omit<Scenario, 'expected'>> = {
  sessionRenew: {
    prepare: async () => {
      const admin = await newAdmin();
      return { ...admin, token: await t.login(admin.email, 'secret123') };
    },
    call: (c) => as(c.token as string)('POST', '/api/admin/auth/session/renew'),
  },
  dashboardRefresh: {
    prepare: async () => ({}),
    call: () => api('POST', '/api/admin/dashboard/refresh'),
  },
};

const catalogue = Object.entries(routes) as [RouteName, RouteDef][];
const mutating = catalogue.filter(([, def]) => isMutating(def.method) && !def.unaudited);
const unaudited = catalogue.filter(([, def]) => isMutating(def.method) && def.unaudited);

const lastAuditId = async () =>
  (await t.db.query<{ id: number | null }>('SELECT max(id) AS id FROM audit_log'))[0]!.id ?? 0;
const auditAfter = (id: number) =>
  t.db.query<AuditRow>(
    `SELECT id, action, admin_id AS "adminId", admin_email AS "adminEmail", target_type AS "targetType",
            target_id AS "targetId", ip, request_id AS "requestId", before, after
       FROM audit_log WHERE id > $1 ORDER BY id`,
    [id],
  );

/**
 * Every table's content (the TOTP replay guard aside: checking a code is not a change to audit; nor is a
 * console's report of an area failing, which stays as evidence even when what it triggers fails).
 */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await t.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'console_field_reports'
      ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await t.db.query<{ s: string | null }>(
      `SELECT string_agg(j, '|' ORDER BY j) AS s FROM (SELECT (to_jsonb(x) - 'totp_last_step')::text AS j FROM "${name}" x) q`,
    );
    out[name] = row!.s ?? '';
  }
  return out;
}

/** Makes every commit that wrote an audit record fail (a deferred trigger: it runs after the insert). */
async function failCommitsWithAudit(on: boolean) {
  if (on) {
    await t.db.exec(`
      CREATE OR REPLACE FUNCTION test_fail_audit_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'forced failure after the audit insert'; END $$;
      CREATE CONSTRAINT TRIGGER test_fail_audit_commit AFTER INSERT ON audit_log
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_fail_audit_commit();`);
  } else {
    await t.db.exec('DROP TRIGGER test_fail_audit_commit ON audit_log');
  }
}

describe('the route catalogue and the audit invariant', () => {
  it('every state-changing route names an audit action or why it is unaudited (not both), GET routes neither', () => {
    for (const [name, def] of catalogue) {
      if (!isMutating(def.method)) {
        expect([def.audit, def.unaudited], name).toEqual([undefined, undefined]);
      } else if (def.unaudited) {
        expect(def.audit, name).toBeUndefined();
        expect(def.unaudited.length, name).toBeGreaterThan(20);
      } else expect(def.audit, name).toMatch(/^[a-z-]+(\.[a-z0-9-]+)+$/);
    }
  });

  it('every state-changing route of the catalogue has an audit scenario below', () => {
    expect(Object.keys(scenarios).sort()).toEqual(mutating.map(([name]) => name).sort());
    expect(Object.keys(unauditedScenarios).sort()).toEqual(unaudited.map(([name]) => name).sort());
  });

  for (const [name, def] of unaudited) {
    it(`${def.method} ${def.path} (${name}) is unaudited: a successful call writes no record`, async () => {
      const scenario = unauditedScenarios[name];
      expect(scenario, `no scenario for ${name}`).toBeDefined();
      const ctx = await scenario!.prepare();
      const from = await lastAuditId();
      const res = await scenario!.call(ctx);
      expect(res.statusCode, res.body).toBe(200);
      expect(await auditAfter(from)).toEqual([]);
    });
  }

  for (const [name, def] of mutating) {
    it(`${def.method} ${def.path} (${name}): its record(s) commit with the change or not at all`, async () => {
      const scenario = scenarios[name];
      expect(scenario, `no audit scenario for ${name}`).toBeDefined();
      const ctx = await scenario!.prepare();

      // 1. A failure at commit, after the audit insert: the change is rolled back with its record.
      const before = await snapshot();
      await failCommitsWithAudit(true);
      let failed: LightMyRequestResponse;
      try {
        failed = await scenario!.call(ctx);
      } finally {
        await failCommitsWithAudit(false);
      }
      expect(failed.statusCode, failed.body).toBe(500);
      expect(await snapshot()).toEqual(before);

      // 2. The same call succeeds now (nothing of it was committed) and writes exactly its records.
      const from = await lastAuditId();
      const res = await scenario!.call(ctx);
      expect(res.statusCode, res.body).toBe(200);
      const rows = await auditAfter(from);
      expect(
        rows.map(({ action, adminId, targetType, targetId }) => ({ action, adminId, targetType, targetId })),
      ).toEqual(scenario!.expected(ctx));
      for (const row of rows) {
        expect(row.action.startsWith(def.audit!)).toBe(true);
        expect(row.ip).toBe('127.0.0.1');
        expect(row.requestId).toBe(rows[0]!.requestId);
        expect(row.requestId).toBeTruthy();
        if (scenario!.system) expect(row.adminEmail).toBeNull();
        else expect(row.adminEmail).toMatch(/@example\.com$/);
      }
    });
  }
});

describe('what the audit records say', () => {
  it('a withdrawal decision keeps the status before and after, and the amount', async () => {
    const id = await pendingWithdrawal('7.25');
    const from = await lastAuditId();
    expect(
      (
        await api('POST', '/api/admin/withdrawal/update', {
          withdrawal_id: id,
          status: 'rejected',
          reason: 'KYC',
        })
      ).statusCode,
    ).toBe(200);
    const [row] = await t.db.query<{ before: unknown; after: unknown; details: unknown; email: string }>(
      'SELECT before, after, details, admin_email AS email FROM audit_log WHERE id > $1',
      [from],
    );
    expect(row).toEqual({
      before: { status: 'pending' },
      after: { status: 'rejected', comment: 'KYC', processedBy: t.adminId },
      details: expect.objectContaining({ amount: '7.25' }),
      email: ADMIN.email,
    });
  });

  it('sign-in failures are counted apart (issue 21), never one audit row each, without any secret', async () => {
    const from = await lastAuditId();
    const limited = await createTestApp({
      db: t.db,
      rateLimits: { loginAccount: { max: 2, windowMs: 60_000 } },
    });
    try {
      const login = (email: string, password: string) =>
        limited.call('POST', '/api/admin/auth/login', { body: { email, password } });
      expect((await login('nobody@example.com', 'whatever1')).statusCode).toBe(401);
      expect((await login(ADMIN.email, 'bad-guess1')).statusCode).toBe(401);
      expect((await login(ADMIN.email, 'bad-guess2')).statusCode).toBe(401);
      expect((await login(ADMIN.email, 'bad-guess3')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
    // The refusals are in sign_in_failures (test/sign-in-events.test.ts), the lockout (429) nowhere.
    expect(await auditAfter(from)).toEqual([]);
    const rows = await t.db.query<{ admin_id: number | null; reason: string; attempts: number }>(
      'SELECT admin_id, reason, attempts FROM sign_in_failures ORDER BY admin_id NULLS FIRST',
    );
    expect(rows).toEqual([
      { admin_id: null, reason: 'unknown-email', attempts: 1 },
      { admin_id: t.adminId, reason: 'wrong-password', attempts: 2 },
    ]);
    const text = JSON.stringify([
      ...(await t.db.query('SELECT * FROM audit_log')),
      ...(await t.db.query('SELECT * FROM sign_in_failures')),
    ]);
    expect(text).not.toContain('bad-guess');
    expect(text).not.toContain('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  });

  it('a failed business call writes nothing (nothing changed)', async () => {
    const from = await lastAuditId();
    expect(
      (await api('POST', '/api/admin/withdrawal/update', { withdrawal_id: 2_000_000_000 })).statusCode,
    ).toBe(404);
    expect((await api('PUT', '/api/admin/mines/2000000000/status', { status: 'false' })).statusCode).toBe(
      404,
    );
    expect(await auditAfter(from)).toEqual([]);
  });
});

describe('reading the audit log (issue 22)', () => {
  /** A record written as the API writes it, at `minutesAgo` before now. */
  const write = async (r: {
    adminId: number;
    action: string;
    type?: string;
    id?: unknown;
    minutesAgo?: number;
  }) => {
    const [row] = await t.db.query<{ id: string }>(
      `INSERT INTO audit_log (admin_id, admin_email, action, target_type, target_id, at)
       VALUES ($1, 'reader@example.com', $2, $3, $4, now() - make_interval(mins => $5)) RETURNING id`,
      [r.adminId, r.action, r.type ?? null, r.id === undefined ? null : String(r.id), r.minutesAgo ?? 0],
    );
    return Number(row!.id);
  };
  const list = async (query: string) =>
    ((await api('GET', `/api/admin/audit?per_page=100&${query}`)).json().data.data as AuditRow[]).map(
      (r) => ({ id: r.id, action: r.action }),
    );
  let seqAdmin = 0;
  const freshAdmin = () =>
    createAdmin(t.db, { email: `reader-${++seqAdmin}-${Date.now()}@example.com`, password: 'secret123' });

  it("searches by action family: 'settings' finds 'settings.*', not 'settingsx.*'", async () => {
    const admin = await freshAdmin();
    const a = await write({ adminId: admin, action: 'settings.four-eyes' });
    const b = await write({ adminId: admin, action: 'settings.four-eyes-approve' });
    await write({ adminId: admin, action: 'settingsx.other' });
    const found = await list(`admin_id=${admin}&action=settings`);
    expect(found.map((r) => r.id).sort()).toEqual([a, b].sort());
    // An exact action still means itself only.
    expect(await list(`admin_id=${admin}&action=settings.four-eyes`)).toEqual([
      { id: a, action: 'settings.four-eyes' },
    ]);
  });

  it('names targets: a lottery by its name, a user by name, an admin by e-mail', async () => {
    const admin = await freshAdmin();
    const lottery = await makeLottery(t, { start: clock() + DAY, end: clock() + 2 * DAY, name: 'Moon Draw' });
    const user = await makeUser(t, 'Alice Reader');
    await write({ adminId: admin, action: 'lottery.update', type: 'lottery', id: lottery });
    await write({ adminId: admin, action: 'user.block', type: 'user', id: user });
    await write({ adminId: admin, action: 'admin.unlock', type: 'admin', id: admin });
    await write({ adminId: admin, action: 'withdrawal.update', type: 'withdrawal', id: 'not-a-number' });
    const rows = (await api('GET', `/api/admin/audit?admin_id=${admin}`)).json().data.data as {
      action: string;
      targetName: string | null;
    }[];
    const names = Object.fromEntries(rows.map((r) => [r.action, r.targetName]));
    const [email] = await t.db.query<{ email: string }>('SELECT email FROM admins WHERE id = $1', [admin]);
    expect(names).toEqual({
      'lottery.update': 'Moon Draw',
      'user.block': 'Alice Reader',
      'admin.unlock': email!.email,
      'withdrawal.update': null,
    });
  });

  it('shows one row per sign-in: a password step its session followed is left out, a step alone stays', async () => {
    const admin = await freshAdmin();
    await write({ adminId: admin, action: 'auth.sign-in-password', minutesAgo: 60 });
    const signIn = await write({ adminId: admin, action: 'auth.sign-in', minutesAgo: 59 });
    // A password right and no code given (an hour later): it stays, a lone step.
    const alone = await write({ adminId: admin, action: 'auth.sign-in-password', minutesAgo: 5 });
    expect(await list(`admin_id=${admin}`)).toEqual([
      { id: alone, action: 'auth.sign-in-password' },
      { id: signIn, action: 'auth.sign-in' },
    ]);
    expect(await list(`admin_id=${admin}&action=auth`)).toHaveLength(2);
    // Asking for the step itself shows every one.
    expect(await list(`admin_id=${admin}&action=auth.sign-in-password`)).toHaveLength(2);
  });
});

describe('audit_log is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await t.db.query(
      `INSERT INTO audit_log (action, target_type, target_id) VALUES ('test.append', 'x', '1')`,
    );
    await expect(t.db.query(`UPDATE audit_log SET action = 'test.changed'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.exec('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    const [row] = await t.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM audit_log WHERE action = 'test.append'`,
    );
    expect(row!.n).toBe(1);
  });
});

describe('defineRoute enforces the audit', () => {
  const bare = () => {
    const app = Fastify();
    // defineRoute reads the call limits (none of these routes has one).
    app.decorate('config', { callLimits: {} } as unknown as Config);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
      reply.status(error.statusCode ?? 500).send({ success: false, message: error.message }),
    );
    return app;
  };

  it('refuses to register a state-changing route without an audit action', () => {
    const def = {
      method: 'POST',
      path: '/x',
      auth: 'none',
      permission: 'public',
      response: messageResponse,
    } as const;
    expect(() =>
      defineRoute(bare(), def, { tags: [], summary: '' }, async () => ({ success: true, message: 'ok' })),
    ).toThrow(/needs an audit action/);
    // Both, or a GET that names either, are refused too.
    const both = { ...def, audit: 'test.x', unaudited: 'it changes nothing at all, says the test' };
    const get = { ...def, method: 'GET', unaudited: 'a GET changes nothing, says the test' } as const;
    for (const wrong of [both, get])
      expect(() =>
        defineRoute(bare(), wrong, { tags: [], summary: '' }, async () => ({ success: true, message: 'ok' })),
      ).toThrow(/needs an audit action/);
  });

  it('registers a state-changing route that says why it is unaudited, and answers it without a record', async () => {
    const app = bare();
    const def = {
      method: 'POST',
      path: '/x',
      auth: 'none',
      permission: 'public',
      unaudited: 'it changes nothing at all, says the test',
      response: messageResponse,
    } as const;
    defineRoute(app, def, { tags: [], summary: '' }, async () => ({ success: true, message: 'ok' }));
    try {
      expect((await app.inject({ method: 'POST', url: '/api/x' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 500 and commits nothing when a change was made without its record', async () => {
    const db = await freshDb();
    const app = bare();
    const def = {
      method: 'POST',
      path: '/x',
      auth: 'none',
      permission: 'public',
      audit: 'test.x',
      response: messageResponse,
    } as const;
    defineRoute(app, def, { tags: [], summary: '' }, async ({ audit }) => {
      // A service that forgot its record: audit.transaction refuses to commit.
      await audit.transaction(db, async (tx) => {
        await tx.query(`INSERT INTO settings (key, value) VALUES ('test', 'x')`);
      });
      return { success: true, message: 'ok' };
    });
    const silent = { ...def, path: '/y' };
    defineRoute(app, silent, { tags: [], summary: '' }, async () => ({ success: true, message: 'ok' }));
    try {
      const res = await app.inject({ method: 'POST', url: '/api/x' });
      expect(res.statusCode).toBe(500);
      expect(await db.query(`SELECT key FROM settings WHERE key = 'test'`)).toEqual([]);
      const silentRes = await app.inject({ method: 'POST', url: '/api/y' });
      expect(silentRes.statusCode).toBe(500);
      expect(silentRes.json().message).toBe(AUDIT_MISSING);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
