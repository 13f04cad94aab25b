import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type RateLimits } from '../src/config.ts';
import { createPgDb } from '../src/db/pg.ts';
import type { DbHandle } from '../src/db/types.ts';
import { MemoryStore, PostgresStore, type SharedStore } from '../src/lib/shared-store/index.ts';
import { connectRedisStore } from '../src/lib/shared-store/redis.ts';
import { JWT_SECRET, XSRF } from './helpers.ts';
import { reachable } from './reachable.ts';

/** The Redis the tests use (TEST_REDIS_URL, default the local one). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when Redis answers; otherwise the Redis tests are skipped, with a notice (as PostgreSQL's are). */
const redis = new URL(REDIS_URL);
export const redisUp =
  process.env.TEST_REDIS !== '0' && (await reachable(redis.hostname, Number(redis.port || 6379)));
if (!redisUp)
  console.warn(
    `\n[api tests] Redis does not answer at ${REDIS_URL}: the Redis shared-store tests are SKIPPED.\n`,
  );

/** A key prefix nobody else uses (parallel runs and test files share one Redis). */
export const uniquePrefix = (name: string) =>
  `bo-test:${name}:${process.pid}:${randomBytes(4).toString('hex')}:`;

export type Kind = 'memory' | 'postgres' | 'redis';

/** A store of the given kind; 'postgres' runs on `db` (PGlite or PostgreSQL, by the vitest project). */
export async function openStore(
  kind: Kind,
  db: DbHandle,
  name: string,
  prefix = uniquePrefix(name),
): Promise<SharedStore> {
  if (kind === 'memory') return new MemoryStore();
  if (kind === 'postgres') return new PostgresStore(db, prefix);
  return connectRedisStore(REDIS_URL, prefix);
}

/** The kinds a test can run here: memory and the SQL store always, Redis when it answers. */
export const kinds = (all: Kind[] = ['memory', 'postgres', 'redis']) =>
  all.map((kind) => ({ kind, skip: kind === 'redis' && !redisUp }));

/**
 * A fresh PostgreSQL database with its URL (for a second process, e.g. the CLI), copied from the
 * run's migrated template; only in the postgres project.
 */
export async function freshPgDatabase(): Promise<{ db: DbHandle; url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('pgTemplate').replace(/_tpl$/, '')}_ss_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const db = createPgDb(u.toString());
  return {
    db,
    url: u.toString(),
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface StoreApp {
  app: FastifyInstance;
  call(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  login(email: string, password: string, ip?: string, code?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * One API replica (buildApp) on `db` and `store`, as server.ts builds it. Several on the same
 * database and store behave like replicas behind a load balancer.
 */
export async function storeApp(options: {
  db: DbHandle;
  store: SharedStore;
  env?: Record<string, string>;
  clock?: () => number;
  rateLimits?: Partial<RateLimits>;
}): Promise<StoreApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-store-app-'));
  const config = loadConfig({
    JWT_SECRET,
    TWO_FACTOR: 'optional',
    DATA_DIR: dataDir,
    DEMO: '0',
    ...options.env,
  });
  const app = await buildApp({
    config,
    db: options.db,
    store: options.store,
    clock: options.clock,
    rateLimits: options.rateLimits,
  });
  const call: StoreApp['call'] = (method, url, { token, body, ip, headers } = {}) =>
    app.inject({
      method: method as InjectOptions['method'],
      url,
      remoteAddress: ip ?? '127.0.0.1',
      headers: {
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  return {
    app,
    call,
    login: (email, password, ip, code) =>
      call('POST', '/api/admin/auth/login', {
        ip,
        body: { email, password, ...(code ? { twoFactorToken: code } : {}) },
      }),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Status codes of a batch of answers, counted: { 401: 5, 429: 55 }. */
export function statusCounts(answers: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
}
