import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createAdmin, type TestApp } from './helpers.ts';
import { fakeRelease, releaseCalls, releaseTestApp } from './release-fixtures.ts';

// docs/operations.md#automatic-rollback: the automatic rollback acts on evidence from distinct admins who
// may open the area, never on one voice, however many sessions or renewals it holds.

let t: TestApp;
let calls: ReturnType<typeof releaseCalls>;

beforeAll(async () => {
  // The default rule: 3 admins, and half of those reporting, within 30 minutes.
  t = await releaseTestApp();
  calls = releaseCalls(t);
});
afterAll(() => t.close());

let serial = 0;
/** A new admin with these roles, signed in: returns a way to open more sessions of the same admin. */
async function admin(roles: string[]) {
  const email = `field-${++serial}-${roles.join('-')}@example.com`;
  await createAdmin(t.db, { email, password: 'secret123', roles });
  return { email, session: () => t.login(email, 'secret123') };
}

const report = (token: string, kind: 'load' | 'failure', version: string, area = 'mines') =>
  t.call('POST', '/api/admin/console/reports', {
    token,
    body: { kind, area, version, route: '/mines/home', message: `Boom ${kind}`, stack: 'x'.repeat(10_000) },
  });

/** Failure reports from `sessions` sessions of one admin (a renewal is a new session too). */
async function failFrom(who: { session: () => Promise<string> }, sessions: number, version = '1.1.0') {
  let rolledBack = false;
  for (let i = 0; i < sessions; i++) {
    const res = await report(await who.session(), 'failure', version);
    expect(res.statusCode, res.body).toBe(200);
    rolledBack ||= res.json().data.rolledBack;
  }
  return rolledBack;
}

beforeEach(async () => {
  await calls.reset();
  for (const version of ['1.0.0', '1.1.0']) {
    fakeRelease(t.config.releases.dir, 'mines', version);
    expect((await calls.publish('mines', version)).statusCode).toBe(200);
  }
});

describe('the automatic rollback counts admins, not sessions', () => {
  it('one auditor with 3 sessions cannot roll back a good release', async () => {
    expect(await failFrom(await admin(['auditor']), 3)).toBe(false);
    expect(await calls.liveOf('mines')).toBe('1.1.0');
  });

  it('one area admin with 3 sessions cannot either', async () => {
    expect(await failFrom(await admin(['mines']), 3)).toBe(false);
    expect(await calls.liveOf('mines')).toBe('1.1.0');
  });

  it('nor one admin renewing a session between failures (a renewal is no new voice)', async () => {
    const renewing = await admin(['mines']);
    let token = await renewing.session();
    for (let i = 0; i < 3; i++) {
      expect((await report(token, 'failure', '1.1.0')).json().data.rolledBack).toBe(false);
      token = (await t.call('POST', '/api/admin/auth/session/renew', { token })).json().data.token;
    }
    expect(await calls.liveOf('mines')).toBe('1.1.0');
  });

  it('3 distinct area admins failing do, and the record names each with their counts', async () => {
    const [a, b, c] = [await admin(['mines']), await admin(['mines']), await admin(['superadmin'])];
    expect(await failFrom(a, 2)).toBe(false);
    expect(await failFrom(b, 1)).toBe(false);
    expect(await failFrom(c, 1)).toBe(true);
    expect(await calls.liveOf('mines')).toBe('1.0.0');
    const record = await calls.lastRecord('mines');
    expect(record).toMatchObject({
      action: 'release.auto-rollback',
      admin_email: null,
      after: { version: '1.0.0' },
    });
    expect(record.details.via).toBe('system');
    expect(record.details.detail).toBe(
      `3 of 3 admins failed on mf-mines 1.1.0 within 1 min: ${a.email} (2 failures), ${b.email} (1 failure), ` +
        `${c.email} (1 failure) (rule: 3 admins and 50% of those reporting, within 30 min)`,
    );
    expect(record.details.evidence).toEqual([
      { email: a.email, loads: 0, failures: 2 },
      { email: b.email, loads: 0, failures: 1 },
      { email: c.email, loads: 0, failures: 1 },
    ]);
    // The Releases screen counts reports and admins.
    const info = await calls.areaInfo('mines');
    expect(info.versions.find((v) => v.version === '1.1.0')?.field).toEqual({
      loads: 0,
      failures: 4,
      admins: 3,
      failingAdmins: 3,
    });
    expect(info.history[0]?.detail).toBe(record.details.detail);
    const [stored] = await t.db.query<{ n: number }>(
      "SELECT max(length(stack))::int AS n FROM console_field_reports WHERE kind = 'failure'",
    );
    expect(stored!.n).toBe(4000);
  });

  it('10 loads from one admin do not outvote 3 distinct admins failing', async () => {
    const loader = await admin(['mines']);
    for (let i = 0; i < 10; i++)
      expect((await report(await loader.session(), 'load', '1.1.0')).statusCode).toBe(200);
    const failing = [await admin(['mines']), await admin(['mines']), await admin(['mines'])];
    const results = [];
    for (const who of failing) results.push(await failFrom(who, 1));
    // 3 of the 4 admins who reported failed: at least half.
    expect(results).toEqual([false, false, true]);
    expect((await calls.lastRecord('mines')).details.detail).toContain('3 of 4 admins failed');
    expect((await calls.lastRecord('mines')).details.detail).toContain('1 loaded it without failing');
  });

  it('loads count the same way: enough distinct admins loading without failing hold a rollback off', async () => {
    for (let i = 0; i < 4; i++) await report(await (await admin(['mines'])).session(), 'load', '1.1.0');
    for (let i = 0; i < 3; i++) expect(await failFrom(await admin(['mines']), 1)).toBe(false);
    // 3 of 7 admins: under half.
    expect(await calls.liveOf('mines')).toBe('1.1.0');
  });

  it('refuses reports from an admin who may not open the area', async () => {
    const finance = await admin(['finance']);
    const res = await report(await finance.session(), 'failure', '1.1.0');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Insufficient permissions');
    const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM console_field_reports');
    expect(row!.n).toBe(0);
  });

  it('not when the version has been live for longer than the window, nor for a version not live', async () => {
    await t.db.query("UPDATE console_live SET since = now() - interval '31 minutes' WHERE area = 'mines'");
    for (let i = 0; i < 3; i++) expect(await failFrom(await admin(['mines']), 1)).toBe(false);
    for (let i = 0; i < 3; i++) expect(await failFrom(await admin(['mines']), 1, '1.0.0')).toBe(false);
    expect(await calls.liveOf('mines')).toBe('1.1.0');
  });

  it('one admin may not flood the reports, whatever the number of sessions', async () => {
    const flooder = await admin(['mines']);
    let status = 200;
    for (let i = 0; i < 61 && status === 200; i++)
      status = (await report(await flooder.session(), 'load', '1.1.0')).statusCode;
    expect(status).toBe(429);
  });

  it("an admin's many loads never silence their failure: each kind has its own budget", async () => {
    const busy = await admin(['mines']);
    for (let i = 0; i < 60; i++)
      expect((await report(await busy.session(), 'load', '1.1.0')).statusCode).toBe(200);
    expect((await report(await busy.session(), 'load', '1.1.0')).statusCode).toBe(429);
    expect((await report(await busy.session(), 'failure', '1.1.0')).statusCode).toBe(200);
  });
});

describe('the rule', () => {
  it('refuses a setting under which one admin could roll back alone', () => {
    expect(() => loadConfig({ RELEASE_AUTO_ROLLBACK_ADMINS: '1' })).toThrow(
      'RELEASE_AUTO_ROLLBACK_ADMINS must be 0 (off) or at least 2',
    );
    expect(loadConfig({ RELEASE_AUTO_ROLLBACK_ADMINS: '0' }).releases.autoRollback).toBeNull();
  });
});
