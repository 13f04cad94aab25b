import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { repoRoot } from './support/config.ts';

// The deployment files agree with the fixed decisions: services, ports, the API's environment, and a
// README that documents them. No browser needed.

interface Service {
  ports?: (string | { published?: string | number; target?: string | number })[];
  environment?: Record<string, unknown> | string[];
}

const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8')) as {
  services?: Record<string, Service>;
};
const services = compose.services ?? {};

/** Host ports a service publishes ('3000:3000', '127.0.0.1:3000:3000', { published: 3000 }). */
function publishedPorts(service: Service | undefined): number[] {
  return (service?.ports ?? []).map((entry) => {
    if (typeof entry === 'object') return Number(entry.published);
    const parts = String(entry).split(':');
    return Number(parts.length >= 2 ? parts[parts.length - 2] : parts[0]);
  });
}

function environmentNames(service: Service | undefined): string[] {
  const env = service?.environment;
  if (!env) return [];
  return Array.isArray(env) ? env.map((line) => line.split('=')[0]!) : Object.keys(env);
}

const apiEnv = ['DATABASE_URL', 'JWT_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DATA_DIR', 'CORS_ORIGINS'];
const expectedPorts = {
  api: 3000,
  shell: 3001,
  'mf-lottery': 3002,
  'mf-finance': 3003,
  'mf-support-users': 3004,
  'mf-mines': 3005,
} as const;

test.describe('deployment (docker-compose.yml and README.md)', () => {
  test('postgres, the api, the shell and every remote are services of their own', () => {
    for (const name of ['postgres', ...Object.keys(expectedPorts)])
      expect(Object.keys(services)).toContain(name);
  });

  test('api on 3000, shell on 3001, the remotes on 3002-3005', () => {
    for (const [name, port] of Object.entries(expectedPorts)) {
      expect(publishedPorts(services[name]), `${name} ports`).toContain(port);
    }
  });

  test('the api gets its configuration from the environment', () => {
    const names = environmentNames(services.api);
    for (const variable of apiEnv) expect(names, `api environment`).toContain(variable);
  });

  test('README.md documents those variables and ports', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    for (const variable of apiEnv) expect(readme, `README mentions ${variable}`).toContain(variable);
    for (const port of Object.values(expectedPorts)) {
      expect(readme, `README mentions port ${port}`).toMatch(new RegExp(`\\b${port}\\b`));
    }
  });
});
