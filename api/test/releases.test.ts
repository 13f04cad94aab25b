import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { releaseDirOf, releaseTargets } from '@backoffice/shared/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript, no types
import { TARGETS } from '../../scripts/release/targets.mjs';
import { createAdmin, createTestApp, type TestApp } from './helpers.ts';
import {
  fakeRelease,
  MINES_CALLS,
  OPS_TOKEN,
  ops,
  releaseCalls,
  releaseTestApp,
} from './release-fixtures.ts';

let t: TestApp;
let releases: string;
let calls: ReturnType<typeof releaseCalls>;
const publish = (...args: Parameters<ReturnType<typeof releaseCalls>['publish']>) => calls.publish(...args);
const setLive = (...args: Parameters<ReturnType<typeof releaseCalls>['setLive']>) => calls.setLive(...args);
const registry = () => calls.registry();
const liveOf = (area: string) => calls.liveOf(area);
const lastRecord = (...args: Parameters<ReturnType<typeof releaseCalls>['lastRecord']>) =>
  calls.lastRecord(...args);

beforeAll(async () => {
  t = await releaseTestApp();
  releases = t.config.releases.dir;
  calls = releaseCalls(t);
});
afterAll(() => t.close());

/** Clean slate per test: nothing live, nothing published, shell 1.0.0 live. */
beforeEach(() => calls.reset());

describe('the registry', () => {
  it('lists the live shell and areas with their routes and entries, and answers 304 when unchanged', async () => {
    fakeRelease(releases, 'mines', '1.0.0', { calls: MINES_CALLS });
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
    expect(data.shell).toEqual({ version: '1.0.0', commit: 'commit-1.0.0', previous: null });
    expect(data.remotes).toEqual([
      {
        name: 'mf_mines',
        area: 'mines',
        version: '1.0.0',
        commit: 'commit-1.0.0',
        entry: '/remotes/mf-mines/1.0.0/mf-manifest.json',
        // The browser checks these two with the hashes recorded at publish (subresource integrity).
        integrity: {
          'mf-manifest.json': expect.stringMatching(/^sha256-[A-Za-z0-9+/]{43}=$/),
          'static/js/entry.js': expect.stringMatching(/^sha256-/),
        },
        previous: null,
        cohort: null,
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
    fakeRelease(releases, 'mines', '1.0.0', { calls: MINES_CALLS });
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
    // The shared bootstrap token: recorded as such, what --as said kept beside it, unverified.
    expect(record.admin_email).toBe('bootstrap ops token');
    expect(record.details.claimed).toBe('deployer@ci');
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
    const dir = fakeRelease(releases, 'mines', '3.0.0', { calls: MINES_CALLS });
    const file = join(dir, 'release.json');
    const info = JSON.parse(readFileSync(file, 'utf8'));
    info.contract.routes.minesStats = 'changed00000';
    writeFileSync(file, JSON.stringify(info));
    await expectRefused('3.0.0', 'contract', 'this API does not serve minesStats (changed)');
  });

  it('takes no smoke result from the client: the API runs it, and --no-smoke needs an API host without Chromium', async () => {
    fakeRelease(releases, 'mines', '4.0.0');
    const claimed = await publish('mines', '4.0.0', {
      skipSmoke: undefined,
      smoke: { status: 'passed', message: 'trust me' },
    });
    // Without Chromium here and without --no-smoke: refused, saying how to get one.
    expect(claimed.statusCode, claimed.body).toBe(409);
    expect(claimed.json().message).toContain('The smoke load needs Chromium on the API host');
    const withChromium = await releaseTestApp({ CHROMIUM_PATH: '/usr/bin/true' });
    try {
      const res = await releaseCalls(withChromium).publish('mines', '4.0.0');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        '--no-smoke is for an API host without Chromium: this one has it, so the smoke load runs',
      );
    } finally {
      await withChromium.close();
    }
    expect((await publish('mines', '4.0.0')).statusCode).toBe(200);
    const [row] = await t.db.query<{ smoke: { status: string; message: string } }>(
      "SELECT smoke FROM console_releases WHERE area = 'mines' AND version = '4.0.0'",
    );
    expect(row!.smoke).toEqual({ status: 'skipped', message: '--no-smoke: no Chromium on the API host' });
  });

  it('answers a gate that outlasts the idle-socket bound (a slow smoke load) instead of dropping the call', async () => {
    // A Chromium that takes 1 s to fail to start, on an API that closes a socket idle for 0.3 s.
    const chromium = join(t.dataDir, 'slow-chromium');
    writeFileSync(chromium, '#!/bin/sh\nsleep 1\nexit 1\n', { mode: 0o755 });
    mkdirSync(join(releases, 'shell/1.0.0/smoke'));
    writeFileSync(join(releases, 'shell/1.0.0/smoke/index.html'), '<!doctype html><title>smoke</title>');
    fakeRelease(releases, 'mines', '4.1.0');
    const live = await liveOf('mines');
    const slow = await createTestApp({
      db: t.db,
      env: { OPS_TOKEN, CHROMIUM_PATH: chromium, CONNECTION_TIMEOUT_MS: '300', RELEASES_DIR: releases },
    });
    try {
      const address = await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const answer = await fetch(`${address}/api/admin/releases`, {
        method: 'POST',
        headers: { ...ops, 'content-type': 'application/json' },
        body: JSON.stringify({ area: 'mines', version: '4.1.0', live: true, actor: 'deployer@ci' }),
      });
      expect(answer.status).toBe(409);
      const { message } = (await answer.json()) as { message: string };
      expect(message).toContain('smoke check failed');
      expect(message).toContain('Chromium did not start');
    } finally {
      await slow.close();
    }
    expect(await liveOf('mines')).toBe(live);
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
      admin_email: 'bootstrap ops token',
      before: { version: '1.2.0' },
      after: { version: '1.1.0' },
      details: { reason: 'totals wrong', forced: false, via: 'cli', claimed: 'ops@example.com' },
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

describe('areas without a release', () => {
  it('are not in the registry until published', async () => {
    expect((await registry()).remotes).toEqual([]);
    expect(releaseDirOf('support-users')).toBe('mf-support-users');
  });

  it('the release CLI knows the same parts of the console as the API', () => {
    expect(TARGETS).toEqual([...releaseTargets]);
  });
});
