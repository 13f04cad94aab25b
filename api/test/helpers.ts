import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig, type RateLimits } from '../src/config.ts';
import { createPgDb } from '../src/db/pg.ts';
import { createPgliteDb } from '../src/db/pglite.ts';
import type { DbHandle } from '../src/db/types.ts';
import { hashPassword } from '../src/lib/password.ts';

export const driver = inject('driver');
export const JWT_SECRET = 'test-secret-0123456789-abcdefghij';
export const XSRF = 'test-xsrf-token';
export const ADMIN = { email: 'root@example.com', password: 'secret123', name: 'Root Admin' };

let counter = 0;

/** A fresh, migrated database: PGlite loaded from the template dump, or a copy of the PostgreSQL template. */
export async function freshDb(): Promise<DbHandle> {
  if (driver === 'pglite') {
    const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return createPgliteDb({ loadDataDir: blob });
  }
  const template = inject('pgTemplate');
  const name = `${template.replace(/_tpl$/, '')}_${process.pid}_${++counter}_${randomBytes(2).toString('hex')}`;
  const adminUrl = inject('pgAdminUrl');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPgDb(url.toString());
  return {
    ...db,
    close: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestAppOptions {
  /** Share another test app's database (not closed by this app; no admin is created). */
  db?: DbHandle;
  env?: Record<string, string>;
  config?: Partial<Config>;
  rateLimits?: Partial<RateLimits>;
  clock?: () => number;
  /** The event stream's heartbeat (modules/live). */
  liveHeartbeatMs?: number;
}

type Req = Omit<InjectOptions, 'method' | 'url'> & {
  token?: string;
  /** false = no XSRF cookie/header; 'mismatch' = a header that differs from the cookie. */
  xsrf?: boolean | 'mismatch' | 'no-header';
  body?: unknown;
};

export interface TestApp {
  app: FastifyInstance;
  db: DbHandle;
  config: Config;
  dataDir: string;
  adminId: number;
  call(method: string, url: string, options?: Req): Promise<LightMyRequestResponse>;
  /** A session token for the test admin (TWO_FACTOR optional by default). */
  login(email?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function createAdmin(
  db: DbHandle,
  admin: { email: string; password: string; name?: string; twoFactorSecret?: string; roles?: string[] },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO admins (email, name, password_hash, roles, two_factor_enabled, two_factor_secret)
     VALUES ($1, $2, $3, $4::text[], $5, $6) RETURNING id`,
    [
      admin.email,
      admin.name ?? 'Admin',
      await hashPassword(admin.password),
      admin.roles ?? ['superadmin'],
      !!admin.twoFactorSecret,
      admin.twoFactorSecret ?? null,
    ],
  );
  return row!.id;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.db ?? (await freshDb());
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-api-test-'));
  const config = {
    ...loadConfig({
      JWT_SECRET,
      TWO_FACTOR: 'optional',
      DATA_DIR: dataDir,
      // Tests change admins and sessions behind the API's back and expect the next request to see it.
      SESSION_CACHE_MS: '0',
      DEMO: '0',
      ...options.env,
    }),
    ...options.config,
  };
  const app = await buildApp({
    config,
    db,
    clock: options.clock,
    rateLimits: options.rateLimits,
    crossCheckResponses: true,
    liveHeartbeatMs: options.liveHeartbeatMs,
  });
  const adminId = options.db
    ? (await db.query<{ id: number }>('SELECT id FROM admins WHERE email = $1', [ADMIN.email]))[0]!.id
    : await createAdmin(db, ADMIN);

  const call: TestApp['call'] = (method, url, { token, xsrf = true, body, headers, ...rest } = {}) => {
    const h: Record<string, string> = { ...(headers as Record<string, string>) };
    if (token) h.authorization = `Bearer ${token}`;
    if (xsrf !== false) h.cookie = `XSRF-TOKEN=${XSRF}`;
    if (xsrf === true) h['x-xsrf-token'] = XSRF;
    if (xsrf === 'mismatch') h['x-xsrf-token'] = 'something-else';
    return app.inject({
      method: method as InjectOptions['method'],
      url,
      headers: h,
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      ...rest,
    });
  };

  return {
    app,
    db,
    config,
    dataDir,
    adminId,
    call,
    async login(email = ADMIN.email, password = ADMIN.password) {
      const res = await call('POST', '/api/admin/auth/login', { body: { email, password } });
      const token = res.json().data?.token;
      if (res.statusCode !== 200 || !token) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return token as string;
    },
    async close() {
      await app.close();
      if (!options.db) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** HS256 JWT signed by hand (to forge, expire or strip the signature in tests). */
export function craftJwt(
  payload: Record<string, unknown>,
  secret = JWT_SECRET,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${enc(header)}.${enc(payload)}`;
  if (header.alg === 'none') return `${unsigned}.`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** The TOTP code of a secret at a given time (ms). */
export const totpAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

/** A clock tests can move. */
export function testClock(start = Date.now()) {
  let now = start;
  const clock = () => now;
  clock.advance = (ms: number) => {
    now += ms;
  };
  clock.set = (ms: number) => {
    now = ms;
  };
  return clock;
}
