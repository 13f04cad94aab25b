import { inCohort } from '@backoffice/shared/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, type TestApp } from './helpers.ts';
import { fakeRelease, releaseCalls, releaseTestApp } from './release-fixtures.ts';

// docs/operations.md#staged-rollout: a version goes live for a cohort first (the ops admins, the admins of
// one role, or a share of the admins), everyone else keeping the live version; Promote to all and Roll back
// act on it, and the automatic rollback watches it with the same rule. One code path, recorded.

let t: TestApp;
let calls: ReturnType<typeof releaseCalls>;

beforeAll(async () => {
  t = await releaseTestApp();
  calls = releaseCalls(t);
});
afterAll(() => t.close());

beforeEach(async () => {
  await calls.reset();
  for (const version of ['1.0.0', '1.1.0', '1.2.0']) fakeRelease(t.config.releases.dir, 'mines', version);
  expect((await calls.publish('mines', '1.0.0')).statusCode).toBe(200);
  expect((await calls.publish('mines', '1.1.0', { live: false })).statusCode).toBe(200);
});

const cohortOf = async () => (await calls.registry()).remotes.find((r) => r.area === 'mines')?.cohort ?? null;

describe('a cohort rollout', () => {
  it('goes live for ops admins only; the registry, the Releases screen and the history say so', async () => {
    const res = await calls.setLive('mines', { action: 'deploy', version: '1.1.0', cohort: { kind: 'ops' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: '1.1.0', from: '1.0.0', to: '1.0.0' });
    const mines = (await calls.registry()).remotes.find((r) => r.area === 'mines')!;
    expect(mines.version).toBe('1.0.0');
    expect(mines.cohort).toMatchObject({
      version: '1.1.0',
      entry: '/remotes/mf-mines/1.1.0/mf-manifest.json',
      rule: { kind: 'ops' },
      routes: [{ path: '/mines/home', title: 'mines home' }],
    });
    expect(mines.cohort?.integrity['mf-manifest.json']).toMatch(/^sha256-/);
    const info = await calls.areaInfo('mines');
    expect(info.cohort).toMatchObject({ version: '1.1.0', rule: { kind: 'ops' }, by: 'bootstrap ops token' });
    expect(info.versions.find((v) => v.version === '1.1.0')).toMatchObject({ cohort: true, live: false });
    expect(info.history[0]).toMatchObject({ action: 'release.cohort', from: '1.0.0', to: '1.1.0' });
    expect(info.history[0]?.detail).toBe('live for ops admins');
  });

  it('promote to all makes it live for everyone and ends the cohort', async () => {
    await calls.setLive('mines', {
      action: 'deploy',
      version: '1.1.0',
      cohort: { kind: 'percent', percent: 10 },
    });
    const res = await calls.setLive('mines', {
      action: 'promote',
      version: '1.1.0',
      reason: 'cohort is fine',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mines = (await calls.registry()).remotes.find((r) => r.area === 'mines')!;
    expect(mines).toMatchObject({ version: '1.1.0', previous: { version: '1.0.0' }, cohort: null });
  });

  it('a rollback ends the cohort first, its admins back on the live version; a second one goes back a version', async () => {
    await calls.publish('mines', '1.2.0', { live: false });
    await calls.setLive('mines', { action: 'promote', version: '1.1.0' });
    await calls.setLive('mines', {
      action: 'deploy',
      version: '1.2.0',
      cohort: { kind: 'role', role: 'mines' },
    });
    const back = await calls.setLive('mines', { action: 'rollback', reason: 'cohort saw errors' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await cohortOf()).toBeNull();
    expect(await calls.liveOf('mines')).toBe('1.1.0');
    expect(await calls.lastRecord('mines')).toMatchObject({
      action: 'release.rollback',
      before: { version: '1.2.0' },
      after: { version: '1.1.0' },
      details: { reason: 'cohort saw errors', cohort: { kind: 'role', role: 'mines' } },
    });
    await calls.setLive('mines', { action: 'rollback' });
    expect(await calls.liveOf('mines')).toBe('1.0.0');
  });

  it('goes through the same gate; the live, previous and cohort versions are never pruned', async () => {
    fakeRelease(t.config.releases.dir, 'mines', '2.0.0', { requires: { react: '^20.0.0' } });
    await calls.publish('mines', '2.0.0', { live: false });
    const refused = await calls.setLive('mines', {
      action: 'deploy',
      version: '2.0.0',
      cohort: { kind: 'ops' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('shared check failed');
    expect(await cohortOf()).toBeNull();
    await calls.setLive('mines', { action: 'deploy', version: '1.1.0', cohort: { kind: 'ops' } });
    const prune = await t.call('DELETE', '/api/admin/releases/mines/1.1.0', {
      headers: { 'x-ops-token': 'ops-token-for-the-release-tests-0123456789' },
      xsrf: false,
    });
    expect(prune.statusCode).toBe(409);
    expect(prune.json().message).toBe('mf-mines 1.1.0 is the cohort version: it is never pruned');
    const same = await calls.setLive('mines', {
      action: 'deploy',
      version: '1.0.0',
      cohort: { kind: 'ops' },
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(
      'mf-mines 1.0.0 is live for everyone already: a cohort gets another version',
    );
  });

  it('refuses a cohort that is not one', async () => {
    for (const cohort of [
      { kind: 'percent', percent: 0 },
      { kind: 'percent', percent: 100 },
      { kind: 'everyone' },
    ]) {
      const res = await calls.setLive('mines', { action: 'deploy', version: '1.1.0', cohort });
      expect(res.statusCode, JSON.stringify(cohort)).toBe(400);
    }
  });
});

describe('the automatic rollback watches the cohort', () => {
  it("rolls the cohort back when 3 of its admins fail on its version; others' failures do not count", async () => {
    await calls.setLive('mines', {
      action: 'deploy',
      version: '1.1.0',
      cohort: { kind: 'role', role: 'mines' },
    });
    let serial = 0;
    const fail = async (roles: string[]) => {
      const email = `cohort-${++serial}@example.com`;
      await createAdmin(t.db, { email, password: 'secret123', roles });
      const res = await t.call('POST', '/api/admin/console/reports', {
        token: await t.login(email, 'secret123'),
        body: { kind: 'failure', area: 'mines', version: '1.1.0', route: '/mines/home', message: 'Boom' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.rolledBack as boolean;
    };
    // Auditors may open the area but are not in the cohort (a preview, say): not its evidence.
    for (let i = 0; i < 3; i++) expect(await fail(['auditor'])).toBe(false);
    expect(await cohortOf()).not.toBeNull();
    expect([await fail(['mines']), await fail(['mines']), await fail(['mines'])]).toEqual([
      false,
      false,
      true,
    ]);
    expect(await cohortOf()).toBeNull();
    expect(await calls.liveOf('mines')).toBe('1.0.0');
    const record = await calls.lastRecord('mines');
    expect(record.action).toBe('release.auto-rollback');
    expect(record.details.detail).toMatch(
      /^3 of 3 admins failed on mf-mines 1\.1\.0 \(live for admins with the mines role\) within 1 min/,
    );
  });
});

describe('who is in a cohort', () => {
  it('a percentage takes the same admins every time, more with a larger share, about the share of all', () => {
    const admins = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, roles: ['finance'] }));
    const inTen = admins.filter((a) => inCohort({ kind: 'percent', percent: 10 }, a, 'mines'));
    const inFifty = admins.filter((a) => inCohort({ kind: 'percent', percent: 50 }, a, 'mines'));
    expect(inTen.length).toBeGreaterThan(150);
    expect(inTen.length).toBeLessThan(250);
    expect(inTen.every((a) => inFifty.includes(a))).toBe(true);
    expect(admins.filter((a) => inCohort({ kind: 'percent', percent: 10 }, a, 'mines'))).toEqual(inTen);
    expect(inCohort({ kind: 'ops' }, { id: 1, roles: ['ops'] }, 'mines')).toBe(true);
    expect(inCohort({ kind: 'ops' }, { id: 1, roles: ['superadmin'] }, 'mines')).toBe(false);
    expect(inCohort({ kind: 'role', role: 'finance' }, { id: 1, roles: ['finance'] }, 'mines')).toBe(true);
  });
});
