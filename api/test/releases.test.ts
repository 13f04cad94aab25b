import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ReleaseTarget, releaseDirOf, releaseTargets } from '@backoffice/shared/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript, no types
import { TARGETS } from '../../scripts/release/targets.mjs';
import { insertSession } from '../src/modules/auth/repository.ts';
import { createAdmin, createTestApp, type TestApp } from './helpers.ts';
import { fakeRelease, MINES_CALLS } from './release-fixtures.ts';

const OPS_TOKEN = 'ops-token-for-the-release-tests-0123456789';
const PASSED = { status: 'passed', message: 'mounted /mines/home in Chromium' } as const;
const ops = { 'x-ops-token': OPS_TOKEN };

let t: TestApp;
let releases: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OPS_TOKEN, RELEASE_AUTO_ROLLBACK_SESSIONS: '2' } });
  releases = t.config.releases.dir;
});
afterAll(() => t.close());

/** Publishes (and by default makes live) a version through the CLI's route, with the ops token. */
function publish(area: ReleaseTarget, version: string, body: Record<string, unknown> = {}) {
  return t.call('POST', '/api/admin/releases', {
    headers: ops,
    xsrf: false,
    body: { area, version, smoke: PASSED, live: true, actor: 'deployer@ci', ...body },
  });
}

function setLive(area: ReleaseTarget, body: Record<string, unknown>, headers: Record<string, string> = ops) {
  return t.call('POST', `/api/admin/releases/${area}/live`, { headers, xsrf: false, body });
}

async function registry() {
  const res = await t.call('GET', '/api/console/registry');
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    revision: string;
    shell: { version: string } | null;
    remotes: { area: string; version: string; entry: string; previous: { version: string } | null }[];
  };
}

const liveOf = async (area: string) => (await registry()).remotes.find((r) => r.area === area)?.version;

async function lastRecord(area: ReleaseTarget) {
  const [row] = await t.db.query<{
    action: string;
    admin_email: string;
    before: { version: string | null } | null;
    after: { version: string } | null;
    details: { reason: string | null; forced: boolean; detail: string | null; via: string };
  }>(
    `SELECT action, admin_email, before, after, details FROM audit_log
      WHERE target_type = 'console_release' AND target_id = $1 ORDER BY id DESC LIMIT 1`,
    [area],
  );
  return row!;
}

/** Clean slate per test: nothing live, nothing published. */
beforeEach(async () => {
  await t.db.query(
    'UPDATE console_live SET version = NULL, previous = NULL, since = NULL, by = NULL, action = NULL',
  );
  await t.db.query('DELETE FROM console_releases');
  await t.db.query('DELETE FROM console_field_reports');
  rmSync(releases, { recursive: true, force: true });
  fakeRelease(releases, 'shell', '1.0.0');
  expect((await publish('shell', '1.0.0')).statusCode).toBe(200);
});

describe('the registry', () => {
  it('lists the live shell and areas with their routes and entries, and answers 304 when unchanged', async () => {
    fakeRelease(releases, 'mines', '1.0.0', { javascript: MINES_CALLS });
    const res = await publish('mines', '1.0.0');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      area: 'mines',
      version: '1.0.0',
      published: true,
      from: null,
      to: '1.0.0',
    });

    const answer = await t.call('GET', '/api/console/registry');
    const data = answer.json().data;
    expect(data.shell).toEqual({ version: '1.0.0', commit: 'commit-1.0.0' });
    expect(data.remotes).toEqual([
      {
        name: 'mf_mines',
        area: 'mines',
        version: '1.0.0',
        commit: 'commit-1.0.0',
        entry: '/remotes/mf-mines/1.0.0/mf-manifest.json',
        previous: null,
        routes: [{ path: '/mines/home', title: 'mines home' }],
        menu: [],
      },
    ]);
    const etag = answer.headers.etag as string;
    expect(etag).toBe(`"${data.revision}"`);
    expect(answer.headers['cache-control']).toBe('no-cache');
    const again = await t.call('GET', '/api/console/registry', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    fakeRelease(releases, 'mines', '1.1.0');
    await publish('mines', '1.1.0');
    const changed = await t.call('GET', '/api/console/registry', { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.remotes[0]).toMatchObject({
      version: '1.1.0',
      previous: { version: '1.0.0' },
    });
  });

  it('is the same truth for two API replicas on one database', async () => {
    const other = await createTestApp({ db: t.db, env: { OPS_TOKEN, DATA_DIR: t.dataDir } });
    try {
      fakeRelease(releases, 'lottery', '1.0.0');
      fakeRelease(releases, 'lottery', '2.0.0');
      await publish('lottery', '1.0.0');
      await publish('lottery', '2.0.0');
      const rollback = await other.call('POST', '/api/admin/releases/lottery/live', {
        headers: ops,
        xsrf: false,
        body: { action: 'rollback' },
      });
      expect(rollback.statusCode, rollback.body).toBe(200);
      expect(await liveOf('lottery')).toBe('1.0.0');
    } finally {
      await other.close();
    }
  });
});

describe('the release gate refuses, records the refusal and leaves what is live', () => {
  beforeEach(async () => {
    fakeRelease(releases, 'mines', '1.0.0', { javascript: MINES_CALLS });
    expect((await publish('mines', '1.0.0')).statusCode).toBe(200);
  });

  async function expectRefused(version: string, check: string, text: string, body = {}) {
    const res = await publish('mines', version, body);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain(`mf-mines ${version} was refused: ${check} check failed`);
    expect(res.json().message).toContain(text);
    expect(await liveOf('mines')).toBe('1.0.0');
    const record = await lastRecord('mines');
    expect(record.action).toBe('release.refused');
    expect(record.details.detail).toContain(text);
    expect(record.admin_email).toBe('deployer@ci');
  }

  it('a missing or emptied file', async () => {
    const dir = fakeRelease(releases, 'mines', '1.1.0');
    rmSync(join(dir, 'static/js/entry.js'));
    await expectRefused('1.1.0', 'files', 'static/js/entry.js is missing');
    const emptied = fakeRelease(releases, 'mines', '1.1.1');
    writeFileSync(join(emptied, 'static/js/app.js'), '');
    await expectRefused('1.1.1', 'files', 'static/js/app.js is empty');
  });

  it('a manifest that names another area or version than its folder', async () => {
    const dir = fakeRelease(releases, 'mines', '1.2.0');
    const file = join(dir, 'mf-manifest.json');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('"buildVersion":"1.2.0"', '"buildVersion":"9.9.9"'),
    );
    await expectRefused('1.2.0', 'files', 'mf-manifest.json says version 9.9.9, not 1.2.0');
  });

  it('a shared module the live shell does not provide at the version required', async () => {
    fakeRelease(releases, 'mines', '2.0.0', { requires: { react: '^20.0.0', 'antd/es/table': '^7.0.0' } });
    await expectRefused('2.0.0', 'shared', 'react ^20.0.0 is required; the shell provides 19.3.1');
    const record = await lastRecord('mines');
    expect(record.details.detail).toContain('antd/es/table ^7.0.0 is required; the shell provides 6.6.8');
    // Published all the same (a later shell may satisfy it), not live.
    const list = (await t.call('GET', '/api/admin/releases', { headers: ops })).json().data;
    const mines = list.areas.find((a: { area: string }) => a.area === 'mines');
    expect(mines.versions.map((v: { version: string }) => v.version)).toContain('2.0.0');
  });

  it('an API contract this API does not serve as the build expects', async () => {
    const dir = fakeRelease(releases, 'mines', '3.0.0', { javascript: MINES_CALLS });
    const file = join(dir, 'release.json');
    const info = JSON.parse(readFileSync(file, 'utf8'));
    info.contract.routes.minesStats = 'changed00000';
    writeFileSync(file, JSON.stringify(info));
    await expectRefused('3.0.0', 'contract', 'this API does not serve minesStats (changed)');
  });

  it('a failed smoke load (a remote that throws at import)', async () => {
    fakeRelease(releases, 'mines', '4.0.0');
    await expectRefused('4.0.0', 'smoke', 'Error: boom at import', {
      smoke: { status: 'failed', message: 'Error: boom at import' },
    });
  });

  it('--force makes it live all the same, with a reason, and the record says forced', async () => {
    fakeRelease(releases, 'mines', '2.0.0', { requires: { react: '^20.0.0' } });
    const noReason = await publish('mines', '2.0.0', { force: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('A forced release needs a reason');
    const forced = await publish('mines', '2.0.0', { force: true, reason: 'hotfix for the outage' });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().data.forced).toBe(true);
    expect(await liveOf('mines')).toBe('2.0.0');
    const record = await lastRecord('mines');
    expect(record).toMatchObject({
      action: 'release.deploy',
      details: { forced: true, reason: 'hotfix for the outage' },
    });
    expect(record.details.detail).toContain('shared: react ^20.0.0 is required');
  });

  it('a shell that no longer provides what a live area requires', async () => {
    fakeRelease(releases, 'shell', '2.0.0', { provides: { react: '19.3.1', 'react-dom': '19.3.1' } });
    const res = await publish('shell', '2.0.0');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('mf_mines 1.0.0: antd/es/table is not provided by the shell');
    expect((await registry()).shell?.version).toBe('1.0.0');
  });

  it('--check (dryRun) runs the gate and changes nothing', async () => {
    fakeRelease(releases, 'mines', '5.0.0', { requires: { react: '^20.0.0' } });
    const res = await publish('mines', '5.0.0', { dryRun: true });
    expect(res.statusCode).toBe(200);
    const gate = res.json().data.gate as { check: string; ok: boolean }[];
    expect(gate.find((c) => c.check === 'shared')?.ok).toBe(false);
    expect(gate.find((c) => c.check === 'files')?.ok).toBe(true);
    expect(await liveOf('mines')).toBe('1.0.0');
    expect((await lastRecord('mines')).action).toBe('release.deploy');
  });
});

describe('rollback, promote and prune', () => {
  beforeEach(async () => {
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
      fakeRelease(releases, 'finance', version);
      expect((await publish('finance', version)).statusCode).toBe(200);
    }
  });

  it('a rollback without a version goes back one live version at a time, and says who and why', async () => {
    const first = await setLive('finance', {
      action: 'rollback',
      reason: 'totals wrong',
      actor: 'ops@example.com',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ from: '1.2.0', to: '1.1.0' });
    expect(await lastRecord('finance')).toMatchObject({
      action: 'release.rollback',
      admin_email: 'ops@example.com',
      before: { version: '1.2.0' },
      after: { version: '1.1.0' },
      details: { reason: 'totals wrong', forced: false, via: 'cli' },
    });
    await setLive('finance', { action: 'rollback' });
    expect(await liveOf('finance')).toBe('1.0.0');
    const none = await setLive('finance', { action: 'rollback' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('mf-finance has no previous version to roll back to: name the version');
  });

  it('an unknown version is refused with the list of those published', async () => {
    const res = await setLive('finance', { action: 'promote', version: '9.9.9' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'mf-finance has no published version "9.9.9". Available: 1.2.0, 1.1.0, 1.0.0',
    );
    const bad = await setLive('finance', { action: 'promote', version: '../etc' });
    expect(bad.statusCode).toBe(400);
  });

  it('prune forgets an old version, never the live or the previous one', async () => {
    for (const [version, what] of [
      ['1.2.0', 'live'],
      ['1.1.0', 'previous'],
    ] as const) {
      const res = await t.call('DELETE', `/api/admin/releases/finance/${version}`, {
        headers: ops,
        xsrf: false,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(`mf-finance ${version} is the ${what} version: it is never pruned`);
    }
    const res = await t.call('DELETE', '/api/admin/releases/finance/1.0.0', { headers: ops, xsrf: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lastRecord('finance')).action).toBe('release.prune');
    const list = (await t.call('GET', '/api/admin/releases', { headers: ops })).json().data;
    const finance = list.areas.find((a: { area: string }) => a.area === 'finance');
    expect(finance.versions.map((v: { version: string }) => v.version)).toEqual(['1.2.0', '1.1.0']);
  });

  it('publishing the same version again from another build is refused', async () => {
    fakeRelease(releases, 'finance', '1.2.0', { commit: 'another' });
    const res = await publish('finance', '1.2.0');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('mf-finance 1.2.0 is already published (commit commit-1.2.0)');
    // The same build again is fine.
    fakeRelease(releases, 'finance', '1.2.0');
    expect((await publish('finance', '1.2.0')).statusCode).toBe(200);
  });
});

describe('who may change what is live', () => {
  const roles = ['ops', 'superadmin', 'lottery', 'auditor'] as const;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const role of roles) {
      const email = `releases-${role}@example.com`;
      await createAdmin(t.db, { email, password: 'secret123', roles: [role] });
      tokens.set(role, await t.login(email, 'secret123'));
    }
  });

  it('ops and superadmins list and roll back from the console; every other role gets 403', async () => {
    fakeRelease(releases, 'mines', '1.0.0');
    fakeRelease(releases, 'mines', '1.1.0');
    await publish('mines', '1.0.0');
    await publish('mines', '1.1.0');
    for (const role of roles) {
      const token = tokens.get(role)!;
      const list = await t.call('GET', '/api/admin/releases', { token });
      const rollback = await t.call('POST', '/api/admin/releases/mines/live', {
        token,
        body: { action: 'rollback', reason: `by ${role}` },
      });
      if (role === 'ops' || role === 'superadmin') {
        expect(list.statusCode, role).toBe(200);
        expect(rollback.statusCode, rollback.body).toBe(200);
        expect(await lastRecord('mines')).toMatchObject({
          admin_email: `releases-${role}@example.com`,
          details: { via: 'console', reason: `by ${role}` },
        });
        await publish('mines', '1.1.0', { live: false });
        await setLive('mines', { action: 'promote', version: '1.1.0' });
      } else {
        expect(list.statusCode, role).toBe(403);
        expect(rollback.statusCode, role).toBe(403);
        expect(rollback.json().message).toBe('Insufficient permissions');
      }
    }
  });

  it('the ops token opens the release routes only; a wrong one opens nothing', async () => {
    expect((await t.call('GET', '/api/admin/releases', { headers: ops })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/user', { headers: ops })).statusCode).toBe(401);
    const wrong = await t.call('GET', '/api/admin/releases', { headers: { 'x-ops-token': `${OPS_TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    // A session with a junk ops token is refused too (the header cannot skip the XSRF check).
    const mixed = await t.call('GET', '/api/admin/releases', {
      token: tokens.get('ops')!,
      headers: { 'x-ops-token': 'junk' },
    });
    expect(mixed.statusCode).toBe(401);
  });
});

describe('reports from the field and the automatic rollback', () => {
  let adminId: number;
  beforeAll(async () => {
    adminId = await createAdmin(t.db, {
      email: 'field@example.com',
      password: 'secret123',
      roles: ['mines'],
    });
  });

  /** A new session (each browser tab of a different admin, as far as the rule is concerned). */
  async function session(): Promise<string> {
    const jti = randomUUID();
    const iat = Math.floor(Date.now() / 1000);
    await insertSession(t.db, { jti, adminId, scope: 'session', expiresAt: new Date((iat + 600) * 1000) });
    return t.app.jwt.sign({ sub: String(adminId), jti, scope: 'session', iat, exp: iat + 600 });
  }

  const report = (token: string, kind: 'load' | 'failure', version: string) =>
    t.call('POST', '/api/admin/console/reports', {
      token,
      body: {
        kind,
        area: 'mines',
        version,
        route: '/mines/dashboard',
        message: 'Boom',
        stack: 'x'.repeat(10_000),
      },
    });

  beforeEach(async () => {
    fakeRelease(releases, 'mines', '1.0.0');
    fakeRelease(releases, 'mines', '1.1.0');
    await publish('mines', '1.0.0');
    await publish('mines', '1.1.0');
  });

  it('a fresh version that fails for enough sessions goes back by itself, recorded with the evidence', async () => {
    const a = await session();
    const b = await session();
    const c = await session();
    expect((await report(a, 'load', '1.1.0')).json().data.rolledBack).toBe(false);
    expect((await report(b, 'failure', '1.1.0')).json().data.rolledBack).toBe(false);
    expect((await report(b, 'failure', '1.1.0')).json().data.rolledBack).toBe(false);
    expect(await liveOf('mines')).toBe('1.1.0');
    const res = await report(c, 'failure', '1.1.0');
    expect(res.json().data.rolledBack).toBe(true);
    expect(await liveOf('mines')).toBe('1.0.0');
    const record = await lastRecord('mines');
    expect(record).toMatchObject({
      action: 'release.auto-rollback',
      admin_email: null,
      after: { version: '1.0.0' },
    });
    expect(record.details.via).toBe('system');
    expect(record.details.detail).toBe(
      '2 of 3 sessions failed on mf-mines 1.1.0 within 1 min of going live (rule: 2 sessions and 50% within 30 min)',
    );
    const [stored] = await t.db.query<{ n: number }>(
      "SELECT max(length(stack))::int AS n FROM console_field_reports WHERE kind = 'failure'",
    );
    expect(stored!.n).toBe(4000);
    const list = (await t.call('GET', '/api/admin/releases', { headers: ops })).json().data;
    const mines = list.areas.find((x: { area: string }) => x.area === 'mines');
    expect(mines.versions.find((v: { version: string }) => v.version === '1.1.0').field).toEqual({
      loads: 1,
      failures: 3,
      failingSessions: 2,
    });
    expect(mines.failures[0]).toMatchObject({ version: '1.1.0', route: '/mines/dashboard', message: 'Boom' });
  });

  it('not when the version has been live for longer than the window, nor for a version not live', async () => {
    await t.db.query("UPDATE console_live SET since = now() - interval '31 minutes' WHERE area = 'mines'");
    for (let i = 0; i < 3; i++)
      expect((await report(await session(), 'failure', '1.1.0')).json().data.rolledBack).toBe(false);
    expect((await report(await session(), 'failure', '1.0.0')).json().data.rolledBack).toBe(false);
    expect(await liveOf('mines')).toBe('1.1.0');
  });

  it('one session may not flood the reports', async () => {
    const token = await session();
    let status = 200;
    for (let i = 0; i < 61 && status === 200; i++) status = (await report(token, 'load', '1.1.0')).statusCode;
    expect(status).toBe(429);
  });
});

describe('areas without a release', () => {
  it('are not in the registry until published', async () => {
    expect((await registry()).remotes).toEqual([]);
    expect(releaseDirOf('support-users')).toBe('mf-support-users');
  });

  it('the release CLI knows the same parts of the console as the API', () => {
    expect(TARGETS).toEqual([...releaseTargets]);
  });
});
