// The production ingress (docker/caddy/Caddyfile, docs/operations.md) for the `ingress` project: Debian's
// caddy run from the repository's Caddyfile with its own data folder (its internal CA), a Chromium that
// trusts that CA (an NSS database of its own, made with certutil), and HTTPS calls from Node that trust it
// too.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { chromiumLaunch, repoRoot } from './config.ts';
import { Child, waitUntil } from './processes.ts';

export const caddyfile = join(repoRoot, 'docker/caddy/Caddyfile');

/** The caddy binary on PATH, or null (the project is then skipped: .ci/run installs it). */
export function findCaddy(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export interface IngressOptions {
  /** e.g. https://127.0.0.1:4068; http://... behind a TLS load balancer */
  site: string;
  /** The other port (http redirects for an https site, https for an http one): never 80 or 443. */
  httpPort: number;
  apiUpstreams: string[];
  consoleUpstream: string;
  releasesDir: string;
  /** The readiness path the health checks call. */
  healthUri: string;
  /** Caddy's data and config folders (its internal CA lives there). */
  dir: string;
  logFile: string;
  accessLog: string;
  /** TRUSTED_PROXIES: the load balancer in front whose X-Forwarded-* count (none by default). */
  trustedProxies?: string;
}

export class Ingress {
  private child: Child | null = null;

  constructor(readonly options: IngressOptions) {}

  /** An https site (its certificate from the internal CA), or plain http behind a load balancer. */
  get tls(): boolean {
    return this.options.site.startsWith('https:');
  }

  /** The internal CA's root certificate, made by Caddy at its first start. */
  get rootCa(): string {
    return join(this.options.dir, 'data/caddy/pki/authorities/local/root.crt');
  }

  async start(): Promise<void> {
    const { options } = this;
    mkdirSync(options.dir, { recursive: true });
    const child = new Child(
      'caddy',
      findCaddy() ?? 'caddy',
      ['run', '--config', caddyfile, '--adapter', 'caddyfile'],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          XDG_DATA_HOME: join(options.dir, 'data'),
          XDG_CONFIG_HOME: join(options.dir, 'config'),
          SITE_ADDRESS: options.site,
          CADDY_TLS: 'internal',
          // Caddy takes a site on its https_port for https: an http site's port is its http_port.
          ...(this.tls
            ? { CADDY_HTTPS_PORT: new URL(options.site).port, CADDY_HTTP_PORT: String(options.httpPort) }
            : { CADDY_HTTP_PORT: new URL(options.site).port, CADDY_HTTPS_PORT: String(options.httpPort) }),
          API_UPSTREAMS: options.apiUpstreams.join(' '),
          API_HEALTH_URI: options.healthUri,
          CONSOLE_UPSTREAM: options.consoleUpstream,
          RELEASES_DIR: options.releasesDir,
          TRUSTED_PROXIES: options.trustedProxies ?? '',
          CADDY_ACCESS_LOG: `file ${options.accessLog}`,
        },
        logFile: options.logFile,
      },
    );
    this.child = child;
    child.reportUnexpectedExit();
    await waitUntil(
      'caddy',
      async () => (!this.tls || existsSync(this.rootCa)) && (await get(this, '/api/health')).status === 200,
      30_000,
      child,
    );
  }

  async stop(): Promise<void> {
    await this.child?.stop(5000);
    this.child = null;
  }

  /** Every JSON line of the access log so far. */
  accessLog(): Record<string, unknown>[] {
    if (!existsSync(this.options.accessLog)) return [];
    return readFileSync(this.options.accessLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const agents = new Map<string, https.Agent>();

/** A call to the ingress; over https it trusts the internal CA (and nothing else). */
export function get(
  ingress: Ingress,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  let agent = agents.get(ingress.rootCa);
  if (!agent && ingress.tls) {
    agent = new https.Agent({ keepAlive: true, ca: readFileSync(ingress.rootCa) });
    agents.set(ingress.rootCa, agent);
  }
  const url = new URL(path, ingress.options.site);
  const client = ingress.tls ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`${url} timed out`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Chromium trusting the ingress's CA as a real deployment's browsers trust its certificate: the root
 * goes into an NSS database of a HOME of its own (Chromium on Linux reads $HOME/.pki/nssdb).
 */
export async function browserTrusting(ingress: Ingress): Promise<Browser> {
  const home = join(ingress.options.dir, 'browser-home');
  const nssdb = join(home, '.pki/nssdb');
  mkdirSync(nssdb, { recursive: true });
  execFileSync('certutil', ['-d', `sql:${nssdb}`, '-N', '--empty-password']);
  execFileSync('certutil', [
    '-d',
    `sql:${nssdb}`,
    '-A',
    '-n',
    'backoffice-ingress-ca',
    '-t',
    'C,,',
    '-i',
    ingress.rootCa,
  ]);
  return chromium.launch({ ...chromiumLaunch, env: { ...process.env, HOME: home } });
}

/** certutil (Debian's libnss3-tools) is what lets Chromium trust the CA; null when it is there. */
export function certutilMissing(): string | null {
  try {
    execFileSync('sh', ['-c', 'command -v certutil']);
    return null;
  } catch {
    return 'certutil is not installed (apt-get install -y libnss3-tools; .ci/run installs it)';
  }
}
