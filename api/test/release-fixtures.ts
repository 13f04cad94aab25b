import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ConsoleRegistry,
  type ReleasesData,
  type ReleaseTarget,
  releaseDirOf,
  remoteNameOf,
} from '@backoffice/shared/contract';
import { writeReleaseInfo } from '@backoffice/shared/mf/release-info';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './helpers.ts';

/** What the shell of these tests provides (as its release.json says). */
export const SHELL_PROVIDES = { react: '19.3.1', 'react-dom': '19.3.1', 'antd/es/table': '6.6.8' };
/** What a remote of these tests requires of it. */
export const REMOTE_REQUIRES = { react: '^19.0.0', 'react-dom': '^19.0.0', 'antd/es/table': '^6.6.0' };
const names = (text: string) => text.trim().split(/\s+/);
/**
 * The routes each part calls, as its build records them in release.json (shell/test/recorded-contract.test.ts
 * builds them: exactly the routes their sources name).
 */
export const CALLS = {
  shell: names(`
    adminsCreate adminsDisable adminsEnable adminsExport adminsList adminsResetTwoFactor
    adminsSetRoles adminsUnlock auditExport auditList changePassword consoleRegistry
    consoleReport dashboardRefresh dashboardStats dashboardTrends fourEyesSettings
    fourEyesSettingsApprove fourEyesSettingsUpdate health liveEvents login logout me
    opsTokenCreate opsTokenRevoke opsTokensList queueCounts releasesList releasesSetLive
    sessionRenew sessionRevoke sessionsList sessionsRevokeOthers twoFactorEnable
    twoFactorReplaceSetup twoFactorSetup
  `),
  lottery: names(`
    lotteryCompleteWithoutWinners lotteryCreate lotteryDelete lotteryDetails lotteryDraw
    lotteryExport lotteryList lotteryPublish lotteryTicketLookup lotteryTickets
    lotteryTicketsExport lotteryUpdate lotteryWinners
  `),
  finance: names(`
    transactionsExport transactionsList withdrawalsExport withdrawalsList withdrawalUpdate
    withdrawalUpdateBulk
  `),
  'support-users': names(`
    supportDelete supportExport supportList supportUpdate userBlock userDetails usersExport
    usersList userUnblock
  `),
  mines: ['minesList', 'minesStats'],
} satisfies Record<ReleaseTarget, string[]>;
/** The routes the mines remote calls (its contract). */
export const MINES_CALLS = CALLS.mines;

export interface FakeBuild {
  commit?: string;
  /** A remote: shared module -> required range. */
  requires?: Record<string, string>;
  /** The shell: shared module -> version. */
  provides?: Record<string, string>;
  /** The API routes it calls, by name, as its build records them (none by default). */
  calls?: readonly string[];
}

/**
 * A build as the real ones are laid out, written straight into the releases folder: a remote's
 * mf-manifest.json naming its entry and exposed chunk, and the release.json of shared/src/mf.
 */
export function fakeRelease(
  releasesDir: string,
  target: ReleaseTarget,
  version: string,
  build: FakeBuild = {},
) {
  const dir = join(releasesDir, releaseDirOf(target), version);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  const commit = build.commit ?? `commit-${version}`;
  writeFileSync(join(dir, 'static/js/app.js'), `/* ${target} ${version} */`);
  const calls = build.calls ?? [];
  if (target === 'shell') {
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>shell ${version}</title>`);
    writeReleaseInfo(dir, {
      name: 'shell',
      version,
      commit,
      calls,
      provides: build.provides ?? SHELL_PROVIDES,
    });
    return dir;
  }
  const name = remoteNameOf(target);
  writeFileSync(join(dir, 'static/js/entry.js'), `/* ${name} entry */`);
  const requires = build.requires ?? REMOTE_REQUIRES;
  const assets = (file: string) => ({ js: { sync: [file], async: [] }, css: { sync: [], async: [] } });
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      id: name,
      name,
      metaData: {
        name,
        buildInfo: { buildVersion: version, commit },
        remoteEntry: { name: 'static/js/entry.js', path: '' },
      },
      exposes: [{ name: 'app', path: './app', assets: assets('static/js/app.js') }],
      shared: Object.entries(requires).map(([shareName, requiredVersion]) => ({
        name: shareName,
        requiredVersion,
        singleton: true,
        assets: assets('static/js/app.js'),
      })),
    }),
  );
  writeReleaseInfo(dir, {
    name,
    version,
    commit,
    calls,
    area: { routes: [{ path: `/${target}/home`, title: `${target} home` }], menu: [] },
  });
  return dir;
}

/** The bootstrap ops token of these tests (the CLI's X-Ops-Token). */
export const OPS_TOKEN = 'ops-token-for-the-release-tests-0123456789';
export const ops = { 'x-ops-token': OPS_TOKEN };

/**
 * The release routes as the CLI calls them, on a test app whose API host has no Chromium (the smoke
 * load is e2e's: tests/releases.spec.ts): every publish says --no-smoke.
 */
export function releaseCalls(t: TestApp) {
  const publish = (
    area: ReleaseTarget,
    version: string,
    body: Record<string, unknown> = {},
    headers: Record<string, string> = ops,
  ): Promise<LightMyRequestResponse> =>
    t.call('POST', '/api/admin/releases', {
      headers,
      xsrf: false,
      body: { area, version, skipSmoke: true, live: true, actor: 'deployer@ci', ...body },
    });
  const setLive = (
    area: ReleaseTarget,
    body: Record<string, unknown>,
    headers: Record<string, string> = ops,
  ): Promise<LightMyRequestResponse> =>
    t.call('POST', `/api/admin/releases/${area}/live`, { headers, xsrf: false, body });
  const registry = async () => {
    const res = await t.call('GET', '/api/console/registry');
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().data as ConsoleRegistry;
  };
  const liveOf = async (area: string) => (await registry()).remotes.find((r) => r.area === area)?.version;
  const list = async () => {
    const res = await t.call('GET', '/api/admin/releases', { headers: ops });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().data as ReleasesData;
  };
  const areaInfo = async (area: ReleaseTarget) => (await list()).areas.find((a) => a.area === area)!;
  const lastRecord = async (area: ReleaseTarget) => {
    const [row] = await t.db.query<{
      action: string;
      admin_email: string | null;
      before: { version: string | null } | null;
      after: { version: string } | null;
      details: Record<string, unknown> & {
        reason?: string | null;
        forced?: boolean;
        detail?: string | null;
        via?: string;
      };
    }>(
      `SELECT action, admin_email, before, after, details FROM audit_log
        WHERE target_type = 'console_release' AND target_id = $1 ORDER BY id DESC LIMIT 1`,
      [area],
    );
    return row!;
  };
  /** Clean slate: nothing live, nothing published, no reports; then shell 1.0.0 live. */
  const reset = async () => {
    await t.db.query(
      `UPDATE console_live SET version = NULL, previous = NULL, since = NULL, by = NULL, action = NULL,
              cohort_version = NULL, cohort = NULL, cohort_since = NULL, cohort_by = NULL`,
    );
    await t.db.query('DELETE FROM console_releases');
    await t.db.query('DELETE FROM console_field_reports');
    rmSync(t.config.releases.dir, { recursive: true, force: true });
    fakeRelease(t.config.releases.dir, 'shell', '1.0.0');
    const shell = await publish('shell', '1.0.0');
    if (shell.statusCode !== 200) throw new Error(shell.body);
  };
  return { publish, setLive, registry, liveOf, list, areaInfo, lastRecord, reset };
}

/** A test app for the release routes: the bootstrap token, no Chromium on the API host. */
export function releaseTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ env: { OPS_TOKEN, CHROMIUM_PATH: 'none', ...env } });
}
