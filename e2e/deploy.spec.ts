import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { remotes as areaRemotes, repoRoot } from './support/config.ts';

// The deployment files agree with the fixed decisions: one published origin (the Caddy ingress) in front
// of two API replicas, migrated once, Redis with a password, secrets as files, restart policies and
// health checks everywhere, non-root images, one releases volume the ingress and the shell serve and the
// API's release gate reads, backups and Prometheus, and docs that document them. No browser needed.

interface Service {
  image?: string;
  build?: { dockerfile?: string; args?: Record<string, string> };
  user?: string;
  restart?: string;
  ports?: (string | { published?: string | number; target?: string | number })[];
  environment?: Record<string, unknown> | string[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
  deploy?: { replicas?: number };
  command?: string | string[];
  secrets?: string[];
  depends_on?: Record<string, { condition?: string }>;
}

const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services?: Record<string, Service>;
  secrets?: Record<string, { environment?: string; file?: string }>;
};
const services = compose.services ?? {};
/** Every area's remote (areas.json). */
const remotes = areaRemotes.map((remote) => remote.dir);

/** Host ports a service publishes ('3000:3000', '127.0.0.1:3000:3000', { published: 3000 }). */
function publishedPorts(service: Service | undefined): number[] {
  return (service?.ports ?? []).map((entry) => {
    if (typeof entry === 'object') return Number(entry.published);
    // Compose's `${VAR:-default}` publishes the default unless VAR is set.
    const parts = String(entry)
      .replace(/\$\{\w+:-([^}]*)\}/g, '$1')
      .split(':');
    return Number(parts.length >= 2 ? parts[parts.length - 2] : parts[0]);
  });
}

function environment(service: Service | undefined): Record<string, string> {
  const env = service?.environment;
  if (!env) return {};
  if (!Array.isArray(env)) return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
  return Object.fromEntries(env.map((line) => [line.split('=')[0]!, line.split('=').slice(1).join('=')]));
}

/** One-shot steps (the migrations): they run to completion, then stay stopped. */
const oneShot = (service: Service) => service.restart === 'no';

/** The API replicas: built from docker/api.Dockerfile, long-running. */
const apiServices = Object.entries(services).filter(
  ([, s]) => s.build?.dockerfile === 'docker/api.Dockerfile' && !oneShot(s),
);

/** The user a service's container runs as: `user:` or the Dockerfile's last USER line. */
function runsAs(service: Service): string | undefined {
  if (service.user) return String(service.user);
  if (!service.build?.dockerfile) return undefined;
  const lines = readFileSync(join(repoRoot, service.build.dockerfile), 'utf8').split('\n');
  const users = lines
    .filter((line) => /^USER\s+/.test(line))
    .map((line) => line.replace(/^USER\s+/, '').trim());
  return users.at(-1);
}

const apiEnv = ['DATABASE_URL', 'REDIS_URL', 'ADMIN_EMAIL', 'DATA_DIR', 'CORS_ORIGINS', 'RELEASES_DIR'];
/** Given to the API as files (`<NAME>_FILE`, Docker secrets), never as values in its environment. */
const apiSecrets = ['JWT_SECRET', 'ADMIN_PASSWORD', 'OPS_TOKEN', 'METRICS_TOKEN', 'REDIS_PASSWORD'];

/** The secret a `<NAME>_FILE` setting points at (/run/secrets/<secret>), checked to be the service's. */
function secretOf(service: Service, name: string): string {
  const file = environment(service)[`${name}_FILE`] ?? '';
  const secret = /^\/run\/secrets\/([\w-]+)$/.exec(file)?.[1] ?? '';
  expect(service.secrets ?? [], `${name}_FILE: ${file}`).toContain(secret);
  expect(compose.secrets?.[secret], `the secret ${secret}`).toBeTruthy();
  return secret;
}

/** The volumes a service mounts, by their path inside it. */
function mounts(service: Service | undefined): Record<string, string> {
  const volumes = (service as { volumes?: string[] } | undefined)?.volumes ?? [];
  return Object.fromEntries(volumes.map((line) => [line.split(':')[1]!, line]));
}

test.describe('deployment (docker-compose.yml, the areas and the docs)', () => {
  test('postgres, redis, the ingress, the shell, every remote, backups, Prometheus and two API replicas are services', () => {
    for (const name of ['postgres', 'redis', 'caddy', 'shell', 'backup', 'prometheus', ...remotes])
      expect(Object.keys(services)).toContain(name);
    const replicas = apiServices.reduce((sum, [, s]) => sum + (s.deploy?.replicas ?? 1), 0);
    expect(replicas, 'API replicas').toBeGreaterThanOrEqual(2);
  });

  test('only the ingress is published (https 8443, and 8080 for its redirect); Prometheus on this machine only', () => {
    expect(publishedPorts(services.caddy).sort()).toEqual([8080, 8443]);
    for (const [name, service] of Object.entries(services)) {
      if (name === 'caddy') continue;
      const ports = (service.ports ?? []).map(String);
      if (name === 'prometheus') expect(ports).toEqual(['127.0.0.1:9090:9090']);
      else expect(ports, `${name} ports`).toEqual([]);
    }
  });

  test('the ingress balances /api over every API replica with readiness checks, and fronts the shell', () => {
    const env = environment(services.caddy);
    const upstreams = env.API_UPSTREAMS!.split(/\s+/).map((hostPort) => hostPort.split(':')[0]);
    expect(upstreams.sort()).toEqual(apiServices.map(([name]) => name).sort());
    expect(env.API_HEALTH_URI).toBe('/api/readyz');
    expect(env.CONSOLE_UPSTREAM).toBe('shell:3001');
    expect(mounts(services.caddy)[env.RELEASES_DIR!]).toBe(`releases:${env.RELEASES_DIR}:ro`);
  });

  test('migrations run once, before the replicas: a one-shot step they wait for', () => {
    const [name, migrate] = Object.entries(services).find(([, s]) => oneShot(s)) ?? [];
    expect(name).toBe('migrate');
    expect([migrate!.command ?? ''].flat().join(' ')).toMatch(/cli\.ts migrate$/);
    for (const [replica, service] of apiServices) {
      expect(service.depends_on?.migrate?.condition, replica).toBe('service_completed_successfully');
      expect(environment(service).MIGRATE, `${replica} does not migrate itself`).toBe('0');
    }
  });

  test("the shell proxies /api to every API replica (its proxy's --proxy list)", () => {
    const shell = services.shell!;
    const line = [environment(shell).SERVE_ARGS ?? '', [shell.command ?? ''].flat().join(' ')].join(' ');
    const list = /--proxy\s+(\S+)/.exec(line)?.[1] ?? '';
    const upstreams = list.split(',').map((url) => new URL(url).hostname);
    if (apiServices.length === 1) expect(upstreams).toEqual([apiServices[0]![0]]);
    else expect(upstreams.sort()).toEqual(apiServices.map(([name]) => name).sort());
    expect(environment(shell).BACKOFFICE_CONFIG).toContain('"live":true');
  });

  test('the API gets its configuration from the environment and its secrets as files, with Redis for shared state', () => {
    for (const [name, service] of apiServices) {
      const env = environment(service);
      for (const variable of apiEnv) expect(Object.keys(env), `${name} environment`).toContain(variable);
      for (const secret of apiSecrets) {
        expect(env[secret], `${name}: ${secret} as a value`).toBeUndefined();
        secretOf(service, secret);
      }
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect([service.healthcheck?.test].flat().join(' ')).toContain('/api/readyz');
    }
    // Redis asks for the same password.
    const redis = services.redis!;
    expect(redis.secrets).toContain(secretOf(apiServices[0]![1], 'REDIS_PASSWORD'));
    expect([redis.command].flat().join(' ')).toContain('requirepass');
  });

  test('every service restarts on failure and has a health check (a one-shot step excepted)', () => {
    for (const [name, service] of Object.entries(services)) {
      if (oneShot(service)) continue;
      expect(['always', 'unless-stopped', 'on-failure'], `${name} restart`).toContain(
        String(service.restart).split(':')[0],
      );
      expect(service.healthcheck?.test, `${name} healthcheck`).toBeTruthy();
      expect(service.healthcheck?.disable, `${name} healthcheck`).not.toBe(true);
    }
  });

  test('no service runs as root', () => {
    for (const [name, service] of Object.entries(services)) {
      const user = runsAs(service);
      expect(user, `${name} user`).toBeTruthy();
      expect(['root', '0', '0:0'], `${name} user`).not.toContain(user);
    }
  });

  test('one releases volume: every app publishes into it, the shell serves it, the API gate reads it', () => {
    const releasesDir = environment(apiServices[0]![1]).RELEASES_DIR!;
    for (const [name, service] of apiServices) {
      expect(mounts(service)[releasesDir], `${name} reads the releases`).toMatch(/^releases:.*:ro$/);
      expect(environment(service).RELEASES_DIR).toBe(releasesDir);
    }
    for (const name of ['shell', ...remotes]) {
      const env = environment(services[name]);
      expect(mounts(services[name])[releasesDir], `${name} mounts the releases`).toBe(
        `releases:${releasesDir}`,
      );
      expect(env.RELEASES_DIR, name).toBe(releasesDir);
      // The release CLI in the container reaches the API with the same ops token.
      expect(secretOf(services[name]!, 'OPS_TOKEN'), name).toBe(secretOf(apiServices[0]![1], 'OPS_TOKEN'));
      expect(env.BACKOFFICE_API, name).toMatch(/^http:\/\/.+:3001\/api$/);
    }
    expect(environment(services.shell).SERVE_ARGS).toContain(`--releases ${releasesDir}`);
  });

  test('every area declares its routes and menu in its own area.json (they ship with its releases)', () => {
    for (const dir of remotes) {
      const area = JSON.parse(readFileSync(join(repoRoot, dir, 'area.json'), 'utf8')) as {
        routes: { path: string; title: string }[];
        menu: unknown[];
      };
      expect(area.routes.length, dir).toBeGreaterThan(0);
      for (const route of area.routes) expect(route.path, dir).toMatch(/^\//);
      expect(Array.isArray(area.menu), dir).toBe(true);
    }
  });

  test('the docs give the variables, the README the ports, the operations page the release commands', () => {
    const doc = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
    const configuration = doc('docs/configuration.md');
    for (const variable of [...apiEnv, ...apiSecrets, 'BACKOFFICE_API', 'RELEASE_AUTO_ROLLBACK_ADMINS'])
      expect(configuration, `docs/configuration.md gives ${variable}`).toContain(variable);
    const readme = doc('README.md');
    for (const port of [3000, 3001, 3002, 3003, 3004, 3005])
      expect(readme, `README mentions port ${port}`).toMatch(new RegExp(`\\b${port}\\b`));
    const operations = doc('docs/operations.md');
    for (const command of [
      'pnpm run deploy <area>',
      'pnpm rollback <area>',
      'pnpm releases',
      'pnpm releases prune',
      'pnpm test:area <area>',
    ])
      expect(operations).toContain(command);
  });
});
