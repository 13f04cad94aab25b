// Builds the shell and every remote, prepares a fresh database with demo data, computes the expected
// figures with our own SQL, starts the API (4000) and the console (4001), publishes every build through
// the release gate (`pnpm run deploy all`, as an operator does), enables 2FA for the admins the tests
// use, and returns the teardown that stops everything (it also runs when set-up itself fails half-way).
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient, enableTwoFactor } from './support/api.ts';
import {
  apiBase,
  extraAdmins,
  mainAdmin,
  ports,
  remotes,
  repoRoot,
  runDir,
  shard,
  shellOrigin,
  stateFile,
} from './support/config.ts';
import { dropLeftover, type FreshDatabase, freshDatabase } from './support/database.ts';
import { computeExpected } from './support/expected.ts';
import { Child, httpOk, portAnswers, runToEnd, waitUntil } from './support/processes.ts';
import { HiddenArea, StaticApp, startControlServer } from './support/servers.ts';
import { type RunState, storageStateFor } from './support/state.ts';

const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
const log = (message: string) => console.log(`[e2e setup] ${message}`);

/** Environment of the child processes: ours, minus anything that could point them elsewhere. */
function baseEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'DATA_DIR',
    'PORT',
    'HOST',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'JWT_SECRET',
    'CORS_ORIGINS',
    'DEMO',
    'TWO_FACTOR',
    'MAINTENANCE',
    'BACKOFFICE_CONFIG',
    'RELEASES_DIR',
    'OPS_TOKEN',
    'BACKOFFICE_API',
  ]) {
    delete env[key];
  }
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

class Run {
  readonly children: Child[] = [];
  readonly apps: StaticApp[] = [];
  readonly hidden: HiddenArea[] = [];
  control: http.Server | null = null;
  database: FreshDatabase | null = null;
  tempDir: string | null = null;
  private cleaned = false;

  /** Synchronous part, for process 'exit': kill every process group we started. */
  killAll = () => {
    for (const child of this.children) child.killNow();
    for (const app of this.apps) app.killNow();
  };

  async cleanup(): Promise<void> {
    if (this.cleaned) return;
    this.cleaned = true;
    this.control?.close();
    for (const area of this.hidden) await area.start();
    await Promise.all([...this.apps.map((app) => app.stop().catch(() => app.killNow()))]);
    await Promise.all(this.children.map((child) => child.stop()));
    await this.database
      ?.drop()
      .catch((error: unknown) => log(`could not drop the database: ${String(error)}`));
    if (this.tempDir && !process.env.E2E_KEEP) rmSync(this.tempDir, { recursive: true, force: true });
    process.off('exit', this.killAll);
  }
}

/**
 * A previous run that crashed may have left its database behind: drop it. (Its processes are not
 * killed by pid, which may have been reused; the port check below reports them instead.)
 */
async function cleanLeftovers() {
  if (!existsSync(stateFile)) return;
  try {
    const previous = JSON.parse(readFileSync(stateFile, 'utf8')) as Partial<RunState>;
    if (previous.database?.mode === 'postgres') await dropLeftover(previous.database.name);
  } catch {
    // unreadable: ignore
  }
  rmSync(stateFile, { force: true });
}

async function build(logsDir: string) {
  if (process.env.E2E_SKIP_BUILD === '1') {
    log('E2E_SKIP_BUILD=1: using the existing dist folders');
    return;
  }
  const started = Date.now();
  // `pnpm test:area <area>`: only that area's working tree; the other parts are live releases.
  const apps = testedArea ? [dirOf(testedArea)] : ['shell', ...remotes.map((remote) => remote.dir)];
  log(`building ${apps.join(', ')} ...`);
  // Two at a time: this machine has 2 cores.
  const builders = [0, 1].map(async (lane) => {
    for (const app of apps.filter((_, index) => index % 2 === lane)) await buildOne(app, logsDir);
  });
  await Promise.all(builders);
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function buildOne(app: string, logsDir: string) {
  return runToEnd(`build ${app}`, pnpm, ['-C', app, 'build'], {
    cwd: repoRoot,
    env: baseEnv({}),
    logFile: join(logsDir, `build-${app}.log`),
    timeoutMs: 300_000,
  });
}

/**
 * The local USDT chain the API pays withdrawals on (`pnpm -C api dev-chain`: a dev EVM node with a test
 * token), so the e2e run drives the real chain client, not the simulated one. Returns the API's CHAIN_*.
 */
async function startChain(run: Run, logsDir: string): Promise<Record<string, string>> {
  const logFile = join(logsDir, 'chain.log');
  const chain = new Child('chain', pnpm, ['-C', 'api', 'dev-chain', String(ports.chain)], {
    cwd: repoRoot,
    env: baseEnv({}),
    logFile,
  });
  run.children.push(chain);
  chain.reportUnexpectedExit();
  let settings: Record<string, string> | undefined;
  await waitUntil(
    'the dev chain',
    async () => {
      const line = chain
        .tail(20)
        .split('\n')
        .find((text) => text.startsWith('{"CHAIN_RPC_URL"'));
      settings = line ? (JSON.parse(line) as Record<string, string>) : undefined;
      return Boolean(settings);
    },
    120_000,
    chain,
  );
  log(`chain: ${settings!.CHAIN_RPC_URL} (token ${settings!.CHAIN_TOKEN_ADDRESS})`);
  return settings!;
}

/** `pnpm test:area <area>` (scripts/test-area.mjs): the part under test; unset for the whole suite. */
const testedArea = process.env.E2E_AREA;
const dirOf = (part: string) => (part === 'shell' ? 'shell' : `mf-${part}`);

/**
 * The builds to publish, in order (the shell first: the areas' smoke loads use it). The whole suite:
 * every working tree. `pnpm test:area`: the area's working tree, and for every other part the folder of
 * its version live at E2E_LIVE_FROM (a registry URL), in E2E_LIVE_RELEASES.
 */
async function buildsToPublish(): Promise<string[]> {
  const parts = ['shell', ...remotes.map((remote) => remote.dir.replace(/^mf-/, ''))];
  if (!testedArea) return parts.map((part) => join(repoRoot, dirOf(part), 'dist'));
  const from = process.env.E2E_LIVE_FROM!;
  const registry = await fetch(from)
    .then((answer) => answer.json() as Promise<{ data: LiveRegistry }>)
    .catch((error: unknown) => {
      throw new Error(
        `no live console answers at ${from} (start one with pnpm start, or --live-from): ${error}`,
      );
    });
  const live = (part: string) =>
    part === 'shell'
      ? registry.data.shell?.version
      : registry.data.remotes.find((remote) => remote.area === part)?.version;
  return parts.map((part) => {
    if (part === testedArea) return join(repoRoot, dirOf(part), 'dist');
    const version = live(part);
    if (!version) throw new Error(`${from} has no live ${part}`);
    const folder = join(process.env.E2E_LIVE_RELEASES!, dirOf(part), version);
    if (!existsSync(join(folder, 'release.json')))
      throw new Error(`${folder} is not a release (--live-releases)`);
    log(`${part}: the live ${version}`);
    return folder;
  });
}

interface LiveRegistry {
  shell: { version: string } | null;
  remotes: { area: string; version: string }[];
}

/** Copies a dist into the run's temp dir: a rebuild during the run cannot pull files from under it. */
function snapshot(app: string, tempDir: string, dist = join(repoRoot, app, 'dist')): string {
  if (!existsSync(join(dist, 'index.html')))
    throw new Error(`${dist} is not built (run without E2E_SKIP_BUILD)`);
  const target = join(tempDir, 'dist', app);
  cpSync(dist, target, { recursive: true });
  return target;
}

export default async function globalSetup() {
  const run = new Run();
  process.on('exit', run.killAll);
  try {
    await cleanLeftovers();
    rmSync(runDir, { recursive: true, force: true });
    const logsDir = join(runDir, 'logs');
    mkdirSync(logsDir, { recursive: true });

    for (const port of Object.values(ports)) {
      if (await portAnswers(port)) {
        throw new Error(`port ${port} is in use: stop whatever holds it (an earlier e2e run?) and try again`);
      }
    }

    const tempDir = mkdtempSync(join(tmpdir(), 'backoffice-e2e-'));
    run.tempDir = tempDir;
    const dataDir = join(tempDir, 'data');
    mkdirSync(dataDir, { recursive: true });

    const [, database, chainEnv] = await Promise.all([
      build(logsDir),
      freshDatabase(tempDir),
      startChain(run, logsDir),
    ]);
    run.database = database;
    log(
      `database: ${database.mode === 'postgres' ? `PostgreSQL ${database.env.DATABASE_URL}` : `PGlite in ${dataDir}`}`,
    );

    const releasesDir = join(tempDir, 'releases');
    const opsToken = randomBytes(32).toString('hex');
    // The gate's smoke load of every build is shard 2's to prove (it also runs tests/releases.spec.ts):
    // shard 1's API has no Chromium and publishes with --no-smoke, so the two set-ups do not share the
    // machine's 2 cores with two sets of smoke loads. `pnpm test:area` neither: its specs are the check,
    // and the area's gate is `pnpm run deploy <area> --check`.
    const smoke = shard !== '1' && !testedArea;
    const apiEnv = baseEnv({
      ...database.env,
      ...chainEnv,
      DATA_DIR: dataDir,
      RELEASES_DIR: releasesDir,
      OPS_TOKEN: opsToken,
      PORT: String(ports.api),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: mainAdmin.email,
      ADMIN_PASSWORD: mainAdmin.password,
      JWT_SECRET: randomBytes(32).toString('hex'),
      CORS_ORIGINS: shellOrigin,
      DEMO: '0',
      TWO_FACTOR: 'required',
      LOG_LEVEL: 'warn',
      PAYOUT_INTERVAL_MS: '500',
      ...(smoke ? {} : { CHROMIUM_PATH: 'none' }),
    });
    const cli = (name: string, args: string[]) =>
      runToEnd(name, pnpm, ['-C', 'api', ...args], {
        cwd: repoRoot,
        env: apiEnv,
        logFile: join(logsDir, 'api-cli.log'),
        timeoutMs: 180_000,
      });

    log('seeding demo data ...');
    await cli('seed', ['seed']);
    // All in one process: PGlite opens in one process at a time, and each opening costs seconds.
    const adminsFile = join(tempDir, 'admins.json');
    writeFileSync(
      adminsFile,
      JSON.stringify(
        Object.entries(extraAdmins).map(([name, admin]) => ({
          email: admin.email,
          password: admin.password,
          name: `E2E ${name}`,
          ...('roles' in admin ? { roles: admin.roles.split(',') } : {}),
        })),
      ),
    );
    await cli('create-admin', ['create-admin', '--from', adminsFile]);

    // Before the API starts: PGlite allows one process at a time. (The payout worker started with the API
    // turns approved withdrawals into completed ones, which leaves every dashboard figure as it is.)
    log('computing the expected figures with our own SQL ...');
    const expected = await database.withQuery(computeExpected);

    log('starting the API, the console and the remotes ...');
    const api = new Child('api', pnpm, ['-C', 'api', 'start'], {
      cwd: repoRoot,
      env: apiEnv,
      logFile: join(logsDir, 'api.log'),
    });
    run.children.push(api);
    api.reportUnexpectedExit();

    // The console's server: the live shell release and every area's releases on one origin, what is
    // live read from the API; the API itself stays on its own origin (CORS), as in development.
    const builds = await buildsToPublish();
    const shell = new StaticApp('shell', {
      dir: snapshot('shell', tempDir, builds[0]),
      port: ports.shell,
      spa: true,
      // The ops token: it tells the API of a release file it refused (docs/operations.md#release-integrity).
      env: baseEnv({ BACKOFFICE_CONFIG: JSON.stringify({ apiBaseUrl: apiBase }), OPS_TOKEN: opsToken }),
      logFile: join(logsDir, 'shell.log'),
      readyPath: '/index.html',
      args: ['--releases', releasesDir, '--registry', `${apiBase}/console/registry`],
    });
    run.apps.push(shell);
    await Promise.all([shell.start(), waitUntil('API', () => httpOk(`${apiBase}/health`), 120_000, api)]);

    log('publishing the shell and every area through the release gate ...');
    for (const dist of builds) {
      const part = JSON.parse(readFileSync(join(dist, 'release.json'), 'utf8')).name as string;
      await runToEnd(
        `deploy ${part}`,
        process.execPath,
        ['scripts/deploy.mjs', part, '--from', dist, '--as', 'e2e set-up', ...(smoke ? [] : ['--no-smoke'])],
        {
          cwd: repoRoot,
          env: baseEnv({ BACKOFFICE_API: apiBase, OPS_TOKEN: opsToken, RELEASES_DIR: releasesDir }),
          logFile: join(logsDir, 'deploy.log'),
          timeoutMs: 120_000,
        },
      );
    }
    const mines = new HiddenArea(releasesDir, 'mf-mines');
    run.hidden.push(mines);
    run.control = await startControlServer({ mines });

    log('enabling 2FA for the admins with sessions ...');
    const client = new ApiClient();
    const enable = async (email: string, password: string) => {
      const { admin, session } = await enableTwoFactor(client, email, password);
      return { ...admin, session };
    };
    const twoFactor: RunState['twoFactor'] = {
      main: await enable(mainAdmin.email, mainAdmin.password),
      signout: await enable(extraAdmins.signout.email, extraAdmins.signout.password),
      revoked: await enable(extraAdmins.revoked.email, extraAdmins.revoked.password),
      replace: await enable(extraAdmins.replace.email, extraAdmins.replace.password),
      ops: await enable(extraAdmins.ops.email, extraAdmins.ops.password),
      field1: await enable(extraAdmins.field1.email, extraAdmins.field1.password),
      field2: await enable(extraAdmins.field2.email, extraAdmins.field2.password),
      approver: await enable(extraAdmins.approver.email, extraAdmins.approver.password),
    };
    const storageState = join(runDir, 'admin.storage.json');
    writeFileSync(
      storageState,
      JSON.stringify(storageStateFor(shellOrigin, twoFactor.main.session), null, 2),
    );

    const state: RunState = {
      database: database.describe,
      dataDir,
      expected,
      twoFactor,
      noTwoFactor: { shots: extraAdmins.shots, fresh1: extraAdmins.fresh1, fresh2: extraAdmins.fresh2 },
      storageState,
      logsDir,
      releasesDir,
      opsToken,
    };
    writeFileSync(stateFile, JSON.stringify(state, null, 2));
    process.env.E2E_STATE_FILE = stateFile;
    log('ready');
  } catch (error) {
    log('set-up failed: stopping what was started');
    await run.cleanup();
    throw error;
  }
  return async () => {
    log('teardown: stopping the API, the console and the remotes');
    await run.cleanup();
  };
}
