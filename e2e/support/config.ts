import { fileURLToPath } from 'node:url';
import { areaManifest } from '@backoffice/shared/permissions';

/**
 * `pnpm test` runs the suite as two shards side by side (e2e/shards.ts), each with its own API, database,
 * chain and console: shard 2 on ports 4200-4299, anything else on 4000-4099 (a developer's running
 * console, 3000-3005, keeps working during a run). Each remote serves on its dev port (areas.json) + the
 * shard's base - 2000.
 */
export const shard = process.env.E2E_SHARD ?? '';
const base = shard === '2' ? 4200 : 4000;
export const ports = {
  api: base,
  shell: base + 1,
  /** The dev EVM chain the API pays withdrawals on. */
  chain: base + 98,
  control: base + 99,
} as const;

/** Every remote the run builds and serves (areas.json): its folder, its registry name and its port. */
export const remotes = areaManifest.map(({ dir, name, port }) => ({ dir, name, port: port + base - 2000 }));

export const shellOrigin = `http://localhost:${ports.shell}`;
export const apiOrigin = `http://localhost:${ports.api}`;
export const apiBase = `${apiOrigin}/api`;
export const controlOrigin = `http://127.0.0.1:${ports.control}`;

export const e2eDir = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** Per-run files (state, storage states, logs): gitignored. */
export const runDir = fileURLToPath(new URL(shard ? `../.run-${shard}` : '../.run', import.meta.url));
export const stateFile = `${runDir}/state.json`;
export const screenshotsDir = fileURLToPath(new URL('../screenshots', import.meta.url));

/** The API's first admin (ADMIN_EMAIL / ADMIN_PASSWORD of the test API). */
export const mainAdmin = { email: 'e2e.admin@example.com', password: 'e2e-secret-1' } as const;

/** Extra admins made with `pnpm -C api create-admin`, one per test that spends a session or a setup. */
export const extraAdmins = {
  /** Never finishes 2FA setup: for the setup-step screenshots. */
  shots: { email: 'e2e.shots@example.com', password: 'e2e-secret-2' },
  /** Signs out through the dialog (its session is revoked). */
  signout: { email: 'e2e.signout@example.com', password: 'e2e-secret-3' },
  /** Its session is revoked through the API behind the console's back. */
  revoked: { email: 'e2e.revoked@example.com', password: 'e2e-secret-4' },
  /** Goes through 2FA setup in the browser (one per attempt: a retry needs a fresh one). */
  fresh1: { email: 'e2e.fresh1@example.com', password: 'e2e-secret-5' },
  fresh2: { email: 'e2e.fresh2@example.com', password: 'e2e-secret-6' },
  /** Replaces its authenticator on the console's two-factor page (its session is replaced). */
  replace: { email: 'e2e.replace@example.com', password: 'e2e-secret-7' },
  /** The ops role: the Releases screen (docs/operations.md#releases). */
  ops: { email: 'e2e.ops@example.com', password: 'e2e-secret-8', roles: 'ops' },
  /** Mines admins whose sessions report an area failing (the automatic rollback needs several). */
  field1: { email: 'e2e.field1@example.com', password: 'e2e-secret-9', roles: 'mines' },
  field2: { email: 'e2e.field2@example.com', password: 'e2e-secret-10', roles: 'mines' },
  /**
   * A finance admin no other admin created (docs/operations.md: an admin the main admin created within 24 h
   * cannot give the second approval of the main admin's four-eyes withdrawal).
   */
  approver: { email: 'e2e.approver@example.com', password: 'e2e-secret-11', roles: 'finance' },
} as const satisfies Record<string, { email: string; password: string; roles?: string }>;
export type ExtraAdmin = keyof typeof extraAdmins;

/** Debian's Chromium with the flags every headless run here needs (never `playwright install`). */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
