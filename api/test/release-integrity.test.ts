import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { fakeRelease, OPS_TOKEN, ops, releaseCalls, releaseTestApp } from './release-fixtures.ts';

// docs/operations.md#release-integrity: what was published is what runs. The gate records the SHA-256 of
// every file at publish; a file whose bytes differ since is reported, recorded, alerted on, and fails the
// gate of any change that would make it live.

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let calls: ReturnType<typeof releaseCalls>;
let folder: (version: string) => string;

beforeAll(async () => {
  t = await releaseTestApp({ METRICS_TOKEN, RELEASE_INTEGRITY_SCAN_MS: '0' });
  calls = releaseCalls(t);
  folder = (version) => join(t.config.releases.dir, 'mf-mines', version);
});
afterAll(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Rewrites a file in place with the same number of bytes (what a size check cannot see). */
function sameSizeEdit(path: string) {
  const text = readFileSync(path, 'utf8');
  const edited = text.replace(/mines/, 'MINES');
  expect(edited.length).toBe(text.length);
  expect(edited).not.toBe(text);
  writeFileSync(path, edited);
}

const files = (version: string) => t.call('GET', `/api/console/releases/mines/${version}/files`);
/** The audit log is append-only: each test reads the records written since it began. */
let auditMark = 0;
const tamperRecords = async () =>
  t.db.query<{ details: { files: string[] }; after: { version: string } }>(
    "SELECT details, after FROM audit_log WHERE action = 'release.tampered' AND id > $1 ORDER BY id",
    [auditMark],
  );
const metrics = async () =>
  (await t.call('GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;

beforeEach(async () => {
  await calls.reset();
  const [mark] = await t.db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM audit_log');
  auditMark = mark!.id;
  for (const version of ['1.0.0', '1.1.0']) {
    fakeRelease(t.config.releases.dir, 'mines', version);
    expect((await calls.publish('mines', version)).statusCode).toBe(200);
  }
});

describe('the hashes recorded at publish', () => {
  it('cover every file, are served to the console server, and give the registry its integrity', async () => {
    const res = await files('1.1.0');
    expect(res.statusCode, res.body).toBe(200);
    const recorded = res.json().data.files as Record<string, string>;
    expect(Object.keys(recorded).sort()).toEqual([
      'mf-manifest.json',
      'release.json',
      'static/js/app.js',
      'static/js/entry.js',
    ]);
    const app = readFileSync(join(folder('1.1.0'), 'static/js/app.js'), 'utf8');
    expect(recorded['static/js/app.js']).toBe(sha256(app));
    expect(res.json().data.tampered).toEqual([]);
    const entry = readFileSync(join(folder('1.1.0'), 'static/js/entry.js'));
    const mines = (await calls.registry()).remotes[0]!;
    expect(mines.integrity['static/js/entry.js']).toBe(
      `sha256-${createHash('sha256').update(entry).digest('base64')}`,
    );
    expect(mines.previous?.integrity['mf-manifest.json']).toMatch(/^sha256-/);
    expect((await files('9.9.9')).statusCode).toBe(404);
  });

  it('a file changed between its build and publish is refused', async () => {
    fakeRelease(t.config.releases.dir, 'mines', '1.2.0');
    sameSizeEdit(join(folder('1.2.0'), 'static/js/app.js'));
    const res = await calls.publish('mines', '1.2.0');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(
      'files check failed: static/js/app.js differs from its build (SHA-256)',
    );
  });
});

describe('a same-size edit of a live file', () => {
  it('fails --check of the live version, is recorded once as tampered, shows everywhere and is alerted on', async () => {
    sameSizeEdit(join(folder('1.1.0'), 'static/js/app.js'));
    // `pnpm run deploy mines 1.1.0 --check`: the gate of the live version, as it stands.
    for (let i = 0; i < 2; i++) {
      const check = await calls.setLive('mines', { action: 'deploy', version: '1.1.0', dryRun: true });
      expect(check.statusCode, check.body).toBe(200);
      const gate = check.json().data.gate as { check: string; ok: boolean; message: string }[];
      expect(gate.find((c) => c.check === 'files')).toEqual({
        check: 'files',
        ok: false,
        message: 'static/js/app.js has changed since it was published (SHA-256)',
      });
    }
    // Recorded once, by the system, however often it is seen.
    const records = await tamperRecords();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      details: { files: ['static/js/app.js'] },
      after: { version: '1.1.0' },
    });
    const info = await calls.areaInfo('mines');
    expect(info.versions.find((v) => v.version === '1.1.0')?.tampered).toEqual(['static/js/app.js']);
    expect(info.versions.find((v) => v.version === '1.0.0')?.tampered).toEqual([]);
    expect(info.history[0]).toMatchObject({ action: 'release.tampered', actor: 'system', to: '1.1.0' });
    expect((await files('1.1.0')).json().data.tampered).toEqual(['static/js/app.js']);
    expect(await metrics()).toContain('backoffice_console_release_tampered{area="mines",version="1.1.0"} 1');

    // The previous version stays usable: a rollback to it passes the gate.
    const rollback = await calls.setLive('mines', { action: 'rollback' });
    expect(rollback.statusCode, rollback.body).toBe(200);
    expect(await calls.liveOf('mines')).toBe('1.0.0');
    // The tampered one cannot come back without --force.
    const promote = await calls.setLive('mines', { action: 'promote', version: '1.1.0' });
    expect(promote.statusCode).toBe(409);
    expect(promote.json().message).toContain(
      'files check failed: static/js/app.js has changed since it was published',
    );
  });

  it('a changed manifest is refused; the bytes put back make the version whole again', async () => {
    const manifest = join(folder('1.1.0'), 'mf-manifest.json');
    const original = readFileSync(manifest, 'utf8');
    writeFileSync(manifest, original.replace('"id":"mf_mines"', '"id":"mf_MINES"'));
    // A console server met it: the API checks the version itself and records what it finds.
    const verify = await t.call('POST', '/api/admin/releases/mines/1.1.0/verify', {
      headers: ops,
      xsrf: false,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().data.tampered).toEqual(['mf-manifest.json']);
    expect((await tamperRecords()).map((r) => r.details.files)).toEqual([['mf-manifest.json']]);
    await calls.setLive('mines', { action: 'rollback' });
    expect((await calls.setLive('mines', { action: 'promote', version: '1.1.0' })).statusCode).toBe(409);

    writeFileSync(manifest, original);
    const whole = await calls.setLive('mines', { action: 'promote', version: '1.1.0' });
    expect(whole.statusCode, whole.body).toBe(200);
    expect((await files('1.1.0')).json().data.tampered).toEqual([]);
    expect(await metrics()).not.toContain(
      'backoffice_console_release_tampered{area="mines",version="1.1.0"}',
    );
  });

  it('the periodic check finds it with no console asking', async () => {
    sameSizeEdit(join(folder('1.0.0'), 'static/js/entry.js'));
    // Another replica on the same database and releases folder, checking every 50 ms.
    const replica = await createTestApp({
      db: t.db,
      env: { OPS_TOKEN, CHROMIUM_PATH: 'none', DATA_DIR: t.dataDir, RELEASE_INTEGRITY_SCAN_MS: '50' },
    });
    try {
      await expect.poll(async () => (await tamperRecords()).map((r) => r.after.version)).toEqual(['1.0.0']);
      expect((await tamperRecords())[0]?.details.files).toEqual(['static/js/entry.js']);
    } finally {
      await replica.close();
    }
  });
});

describe('a version published before hashes were kept', () => {
  it('has them recorded at its first check, from its files as they are', async () => {
    await t.db.query("UPDATE console_releases SET hashes = NULL WHERE area = 'mines' AND version = '1.0.0'");
    const res = await files('1.0.0');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data.files)).toContain('static/js/app.js');
    const [row] = await t.db.query<{ hashes: Record<string, string> | null }>(
      "SELECT hashes FROM console_releases WHERE area = 'mines' AND version = '1.0.0'",
    );
    expect(row!.hashes?.['static/js/app.js']).toBe(
      sha256(readFileSync(join(folder('1.0.0'), 'static/js/app.js'), 'utf8')),
    );
  });
});
