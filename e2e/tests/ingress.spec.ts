import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, test } from '@playwright/test';
import { repoRoot, runDir } from '../support/config.ts';
import { type FreshDatabase, freshDatabase } from '../support/database.ts';
import {
  type Answer,
  browserTrusting,
  certutilMissing,
  findCaddy,
  get,
  Ingress,
} from '../support/ingress.ts';
import { Child, httpOk, pause, portAnswers, waitUntil } from '../support/processes.ts';

// The console as production runs it (docs/operations.md): Caddy from docker/caddy/Caddyfile on https (its
// internal CA, trusted by this Chromium), two API replicas (PostgreSQL + Redis) behind its health-checked
// /api proxy, scripts/serve.mjs behind it for the live shell, and the releases folder served by Caddy itself.
// Its own database, ports, releases and processes, so the rest of the suite is not disturbed.

const PORTS = { a: 4065, b: 4066, console: 4067, https: 4068, http: 4069, lb: 4064 } as const;
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'ingress.admin@example.com', password: 'ingress-secret-1' };
const OPS_TOKEN = `ingress-ops-${randomBytes(16).toString('hex')}`;
const SITE = `https://127.0.0.1:${PORTS.https}`;
const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
const local = (port: number) => `http://127.0.0.1:${port}`;
const APPS = [
  ['shell', 'shell'],
  ['mf-lottery', 'lottery'],
  ['mf-finance', 'finance'],
  ['mf-support-users', 'support-users'],
  ['mf-mines', 'mines'],
] as const;

/** What is missing for this project, or undefined. */
async function missing(): Promise<string | undefined> {
  if (!findCaddy()) return 'caddy is not installed (apt-get install -y caddy; .ci/run installs it)';
  const certutil = certutilMissing();
  if (certutil) return certutil;
  if (process.env.E2E_DB === 'pglite') return 'E2E_DB=pglite: the replicas need a PostgreSQL database';
  if (!(await portAnswers(5432))) return 'PostgreSQL does not answer on 127.0.0.1:5432';
  const redis = new URL(REDIS_URL);
  if (!(await portAnswers(Number(redis.port || 6379), redis.hostname)))
    return `Redis does not answer at ${REDIS_URL}`;
  for (const port of Object.values(PORTS))
    if (await portAnswers(port)) return `port ${port} is already in use`;
  return undefined;
}

const header = (answer: Answer, name: string) => String(answer.headers[name] ?? '');

test.describe('the console through the ingress (Caddy, TLS, two API replicas)', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let db: FreshDatabase | undefined;
  let tempDir = '';
  const replicas: Record<'a' | 'b', Child | null> = { a: null, b: null };
  let apiEnv: NodeJS.ProcessEnv = {};
  let serve: Child | null = null;
  let ingress: Ingress | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let logs = '';
  /** Where Caddy's health checks look: the readiness probe when the API has one. */
  let healthUri = '/api/readyz';

  async function startReplica(name: 'a' | 'b') {
    const port = PORTS[name];
    const api = new Child(`ingress-api-${name}`, pnpm, ['-C', 'api', 'start'], {
      cwd: repoRoot,
      env: { ...apiEnv, PORT: String(port), DATA_DIR: join(tempDir, `data-${name}`) },
      logFile: join(logs, `ingress-api-${name}.log`),
    });
    replicas[name] = api;
    await waitUntil(`replica ${name}`, () => httpOk(`${local(port)}/api/health`), 120_000, api);
  }

  test.beforeAll(async () => {
    const reason = await missing();
    test.skip(reason !== undefined, reason);
    tempDir = mkdtempSync(join(tmpdir(), 'bo-e2e-ingress-'));
    db = await freshDatabase(tempDir);
    if (db.mode !== 'postgres') test.skip(true, 'the replicas need a PostgreSQL database');
    logs = join(runDir, 'logs');
    mkdirSync(logs, { recursive: true });

    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of [
      'DATA_DIR',
      'MAINTENANCE',
      'CHAIN_RPC_URL',
      'CHAIN_TOKEN_ADDRESS',
      'CHAIN_SIGNER_KEY_FILE',
    ])
      delete env[name];
    const releasesDir = join(tempDir, 'releases');
    apiEnv = {
      ...env,
      ...db.env,
      REDIS_URL,
      SHARED_STATE_PREFIX: `e2e-ingress-${randomBytes(4).toString('hex')}:`,
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: `ingress-${randomBytes(16).toString('hex')}`,
      TWO_FACTOR: 'optional',
      DEMO: '1',
      CORS_ORIGINS: SITE,
      // Caddy is the one hop in front: its X-Forwarded-Proto (https) makes the XSRF cookie Secure.
      TRUST_PROXY: '1',
      PAYOUT_INTERVAL_MS: '0',
      LOG_LEVEL: 'warn',
      RELEASES_DIR: releasesDir,
      OPS_TOKEN,
      // As compose: on SIGTERM, readiness fails and the replica serves on while Caddy takes it out.
      SHUTDOWN_DRAIN_MS: '1500',
      // The gate's smoke load is the main project's (the same builds): these replicas publish without it.
      CHROMIUM_PATH: 'none',
    };
    // One after the other: the first migrates and seeds the demo data.
    await startReplica('a');
    await startReplica('b');
    if (!(await httpOk(`${local(PORTS.a)}/api/readyz`).catch(() => false))) healthUri = '/api/health';

    // The run's builds (made by its set-up) published and made live on this database, with --no-smoke (the
    // main project's gate smoke-loads the same builds).
    for (const [dir, area] of APPS) {
      const dist = join(repoRoot, dir, 'dist');
      const version = JSON.parse(readFileSync(join(dist, 'release.json'), 'utf8')).version as string;
      cpSync(dist, join(releasesDir, dir, version), { recursive: true });
      const published = await fetch(`${local(PORTS.a)}/api/admin/releases`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ops-token': OPS_TOKEN },
        body: JSON.stringify({
          area,
          version,
          live: true,
          actor: 'ingress@e2e',
          skipSmoke: true,
        }),
      });
      expect(published.status, `${area} ${version}: ${await published.text()}`).toBe(200);
    }

    serve = new Child(
      'ingress-console',
      process.execPath,
      [
        'scripts/serve.mjs',
        '--dir',
        join(repoRoot, 'shell/dist'),
        '--port',
        String(PORTS.console),
        '--host',
        '127.0.0.1',
        '--spa',
        '--releases',
        releasesDir,
        '--registry',
        `${local(PORTS.a)}/api/console/registry,${local(PORTS.b)}/api/console/registry`,
      ],
      {
        cwd: repoRoot,
        env: { ...env, BACKOFFICE_CONFIG: '{"live":true}' },
        logFile: join(logs, 'ingress-console.log'),
      },
    );
    await waitUntil('serve.mjs', () => httpOk(`${local(PORTS.console)}/index.html`), 15_000, serve);

    ingress = new Ingress({
      site: SITE,
      httpPort: PORTS.http,
      apiUpstreams: [`127.0.0.1:${PORTS.a}`, `127.0.0.1:${PORTS.b}`],
      consoleUpstream: `127.0.0.1:${PORTS.console}`,
      releasesDir,
      healthUri,
      dir: join(tempDir, 'caddy'),
      logFile: join(logs, 'ingress-caddy.log'),
      accessLog: join(tempDir, 'access.log'),
    });
    await ingress.start();
    browser = await browserTrusting(ingress);
    context = await browser.newContext({ locale: 'en-US', timezoneId: 'Asia/Kolkata', baseURL: SITE });
    console.log(`[ingress] Caddy health checks use ${healthUri}`);
  });

  test.afterAll(async () => {
    await context?.close();
    await browser?.close();
    await ingress?.stop();
    await serve?.stop(3000);
    for (const replica of Object.values(replicas)) await replica?.stop();
    await db?.drop().catch(() => {});
    if (tempDir && !process.env.E2E_KEEP) rmSync(tempDir, { recursive: true, force: true });
  });

  test('signs in over https: a trusted certificate, a Secure XSRF cookie, no CSP violation', async () => {
    const page = await context!.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const first = await page.goto('/auth/signin');
    expect(first?.status()).toBe(200);
    // A certificate error would have stopped the navigation: the internal CA is trusted.
    expect((await first?.securityDetails())?.issuer).toContain('Caddy Local Authority');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).not.toHaveURL(/\/auth\/signin/, { timeout: 20_000 });

    // The whole dashboard under the CSP: its figures and the lazily loaded charts (the zod and chart chunks).
    await expect(page.locator('.shell-trend__plot canvas')).toHaveCount(4, { timeout: 30_000 });

    const xsrf = (await context!.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
    expect(xsrf?.secure, 'the API saw https through Caddy (X-Forwarded-Proto)').toBe(true);

    // An area (a remote from /remotes, loaded by the federation runtime) and its list through /api.
    await page.goto('/users');
    await expect(page.getByRole('table')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    // The inline registry ran: the console did not need to ask for it.
    expect(
      await page.evaluate(
        () => typeof (window as { __BACKOFFICE_REGISTRY__?: unknown }).__BACKOFFICE_REGISTRY__,
      ),
    ).toBe('object');
    expect(violations).toEqual([]);
    await page.close();
  });

  test('security headers on pages and API answers; the page nonce is the CSP one', async () => {
    for (const path of ['/', '/users', '/api/console/registry']) {
      const answer = await get(ingress!, path);
      expect(answer.status, path).toBe(200);
      expect(header(answer, 'strict-transport-security')).toMatch(/max-age=31536000/);
      expect(header(answer, 'x-content-type-options')).toBe('nosniff');
      expect(header(answer, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
      const csp = header(answer, 'content-security-policy');
      expect(csp).toContain("frame-ancestors 'none'");
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).not.toContain('unsafe-inline');
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
      expect(nonce).toBeTruthy();
      if (!path.startsWith('/api')) {
        // Every inline script of the page carries this answer's nonce, and only it.
        const inline = [...answer.text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
        expect(inline.length).toBeGreaterThan(0);
        for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
      }
    }
    // Each answer its own nonce.
    const nonces = await Promise.all([get(ingress!, '/'), get(ingress!, '/')]);
    expect(header(nonces[0], 'content-security-policy')).not.toBe(
      header(nonces[1], 'content-security-policy'),
    );
  });

  test('remote files are immutable, their manifests are read again, hidden folders are not served', async () => {
    const registry = JSON.parse((await get(ingress!, '/api/console/registry')).text).data as {
      remotes: { area: string; entry: string }[];
    };
    const mines = registry.remotes.find((remote) => remote.area === 'mines')!;
    const manifest = await get(ingress!, mines.entry);
    expect(manifest.status).toBe(200);
    expect(header(manifest, 'cache-control')).toBe('no-cache');
    const { metaData } = JSON.parse(manifest.text) as {
      metaData: { remoteEntry: { name: string; path?: string } };
    };
    const folder = mines.entry.replace(/mf-manifest\.json$/, '');
    const entry = await get(
      ingress!,
      `${folder}${metaData.remoteEntry.path ?? ''}${metaData.remoteEntry.name}`,
    );
    expect(entry.status).toBe(200);
    expect(header(entry, 'cache-control')).toBe('public, max-age=31536000, immutable');
    expect(header(entry, 'content-type')).toMatch(/javascript/);
    // An area taken down is a dot folder: not served, nor anything above a version.
    const [, dir, version] = /^\/remotes\/([^/]+)\/([^/]+)\//.exec(mines.entry)!;
    const releases = ingress!.options.releasesDir;
    cpSync(join(releases, dir!, version!), join(releases, `.${dir}.down`, version!), { recursive: true });
    expect((await get(ingress!, `/remotes/.${dir}.down/${version}/mf-manifest.json`)).status).toBe(404);
    expect((await get(ingress!, `/remotes/${dir}/`)).status).toBe(404);
  });

  test('the access log is JSON with the request id of each API answer', async () => {
    const answer = await get(ingress!, '/api/console/registry?from=access-log');
    const id = header(answer, 'x-request-id');
    expect(id).not.toBe('');
    await expect
      .poll(() =>
        ingress!.accessLog().some((line) => {
          const request = line.request as { uri?: string; headers?: Record<string, string[]> };
          const headers = line.resp_headers as Record<string, string[]> | undefined;
          return (
            request.uri === '/api/console/registry?from=access-log' && headers?.['X-Request-Id']?.[0] === id
          );
        }),
      )
      .toBe(true);
    // No credentials in it: Caddy redacts the Authorization and Cookie request headers.
    const withCookie = await get(ingress!, '/api/console/registry?from=cookie', {
      headers: { cookie: 'XSRF-TOKEN=secret-cookie' },
    });
    expect(withCookie.status).toBe(200);
    await pause(300);
    expect(readFileSync(ingress!.options.accessLog, 'utf8')).not.toContain('secret-cookie');
  });

  test("behind a trusted TLS load balancer its X-Forwarded-Proto keeps the cookie Secure; a client's is ignored", async () => {
    const secureCookie = (answer: Answer) => {
      const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
      const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='));
      expect(xsrf).toBeTruthy();
      return /;\s*secure/i.test(xsrf!);
    };
    // The https ingress trusts no one in front: a client claiming http does not make the cookie plain.
    expect(
      secureCookie(await get(ingress!, '/api/health', { headers: { 'x-forwarded-proto': 'http' } })),
    ).toBe(true);
    // The same Caddyfile on plain http behind a load balancer (here, this test on 127.0.0.1) that ends TLS.
    const behind = new Ingress({
      ...ingress!.options,
      site: `http://127.0.0.1:${PORTS.lb}`,
      httpPort: PORTS.lb + 1000,
      dir: join(tempDir, 'caddy-behind-lb'),
      logFile: join(logs, 'ingress-caddy-behind-lb.log'),
      accessLog: join(tempDir, 'access-behind-lb.log'),
      trustedProxies: '127.0.0.1/32',
    });
    await behind.start();
    try {
      expect(
        secureCookie(await get(behind, '/api/health', { headers: { 'x-forwarded-proto': 'https' } })),
      ).toBe(true);
      expect(secureCookie(await get(behind, '/api/health'))).toBe(false);
    } finally {
      await behind.stop();
    }
  });

  test("maintenance reaches the console through the ingress at once: every replica's 503, never a hang", async () => {
    const maintenance = (on: boolean) =>
      get(ingress!, '/api/ops/maintenance', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-ops-token': OPS_TOKEN },
        body: JSON.stringify({ on, actor: 'e2e-ingress' }),
      });
    expect((await maintenance(true)).status).toBe(200);
    try {
      await pause(1100); // each replica trusts its read of the flag for a second
      for (let i = 0; i < 6; i++) {
        const started = Date.now();
        // The maintenance check comes before any other (a session is not needed to meet it).
        const answer = await get(ingress!, '/api/admin/user?page=1&limit=10');
        expect(answer.status).toBe(503);
        expect(JSON.parse(answer.text)).toMatchObject({
          success: false,
          message: 'Server is under maintenance',
        });
        expect(Date.now() - started, 'a maintenance answer through the ingress').toBeLessThan(2000);
      }
      // Readiness ignores maintenance: both replicas stay in rotation.
      expect((await get(ingress!, '/api/readyz')).status).toBe(200);
    } finally {
      expect((await maintenance(false)).status).toBe(200);
    }
    await pause(1100);
    expect((await get(ingress!, '/api/health')).status).toBe(200);
  });

  test('stopping one replica mid-session loses no request', async () => {
    const page = await context!.newPage();
    await page.goto('/users');
    await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect(token).toBeTruthy();

    // 8 loops paging the users list through the ingress while replica a stops and comes back.
    const failures: string[] = [];
    let answered = 0;
    let running = true;
    const loop = async (index: number) => {
      for (let page = 1 + index; running; page = (page % 20) + 1) {
        try {
          const answer = await get(ingress!, `/api/admin/user?page=${page}&limit=10`, {
            headers: { authorization: `Bearer ${token}` },
          });
          if (answer.status === 200) answered++;
          else failures.push(`${answer.status} ${answer.text.slice(0, 200)}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const loops = Array.from({ length: 8 }, (_, index) => loop(index));
    await pause(1000);
    const before = answered;
    await replicas.a!.stop(10_000);
    // The console keeps working in the browser meanwhile: another page of the list, through replica b.
    await page.goto('/users?page=2');
    await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
    await pause(2000);
    await startReplica('a');
    // Back in rotation once its health check passes (every second).
    await pause(2500);
    running = false;
    await Promise.all(loops);
    expect(failures, failures.slice(0, 5).join('\n')).toEqual([]);
    expect(answered - before).toBeGreaterThan(50);
    // Replica a is back and answers through the ingress again.
    expect(await httpOk(`${local(PORTS.a)}/api/health`)).toBe(true);
    expect((await get(ingress!, '/api/health')).status).toBe(200);
    await page.close();
  });
});
