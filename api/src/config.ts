import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CallLimit, callLimitOf, routes } from '@backoffice/shared/contract';
import { z } from 'zod';
import { readSecretFiles } from './lib/secret-files.ts';

/** The repository root (`api/src/config.ts` -> `<repo>`). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RateLimitRule {
  /** Attempts allowed inside the window. */
  max: number;
  windowMs: number;
}

/**
 * A lockout with back-off: after `max` failures the key waits `lockMs` (default 1 minute), doubled by
 * each further failure up to `maxLockMs` (default `windowMs`); failures are forgotten `windowMs` after
 * the last lock ends, and a success forgets them at once.
 */
export interface LockoutRule extends RateLimitRule {
  lockMs?: number;
  maxLockMs?: number;
}

export interface RateLimits {
  /** Failed logins from one IP (a fixed window). */
  loginIp: RateLimitRule;
  /** Failed logins for one account (email), with back-off. */
  loginAccount: LockoutRule;
  /** Failed two-factor codes for one admin (login and enable), with back-off. */
  twoFactor: LockoutRule;
}

/** `maxFailures` failed attempts per account (and per 2FA admin) and 4x that per IP, per 15 minutes. */
export function rateLimitsFor(maxFailures = 5, windowMs = 15 * 60_000): RateLimits {
  return {
    loginIp: { max: maxFailures * 4, windowMs },
    loginAccount: { max: maxFailures, windowMs, lockMs: 60_000, maxLockMs: windowMs },
    twoFactor: { max: maxFailures, windowMs, lockMs: 60_000, maxLockMs: windowMs },
  };
}

/**
 * Fastify's `trustProxy`: false (trust no X-Forwarded-For: the default), a number of proxy hops, or
 * the proxies' addresses/CIDRs (and proxy-addr's names loopback, linklocal, uniquelocal). Never `true`:
 * that trusts every hop, so any client could write its own address into the header.
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxySetting(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || ['0', 'false', 'off', 'no'].includes(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v.split(',').map((s) => s.trim());
  const bad = entries.filter((entry) => {
    if (PROXY_NAMES.has(entry)) return false;
    const [ip, bits, extra] = entry.split('/');
    if (extra !== undefined || !ip || !isIP(ip)) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (isIP(ip) === 4 ? 32 : 128));
  });
  if (bad.length || ['true', 'on', 'yes'].includes(v)) {
    ctx.addIssue({
      code: 'custom',
      message: `give the number of proxy hops or the proxies' addresses (IP, CIDR, loopback...), not '${value}'`,
    });
    return false;
  }
  return entries;
}

/**
 * ADMIN_CALL_LIMITS: overrides of the catalogue's per-admin call limits (RouteDef.callLimit), by route
 * name: `logout=20/600,dashboardRefresh=off` (max calls / window in seconds, or off); `off` alone turns
 * every one off. Unset: the catalogue's.
 */
function callLimitsSetting(value: string | undefined, ctx: z.RefinementCtx): CallLimits {
  const v = (value ?? '').trim();
  if (v === '') return {};
  if (v.toLowerCase() === 'off')
    return Object.fromEntries(
      Object.entries(routes)
        .filter(([, def]) => callLimitOf(def))
        .map(([name]) => [name, null]),
    );
  const limits: CallLimits = {};
  for (const entry of v.split(',')) {
    const match = /^\s*(\w+)\s*=\s*(?:(off)|(\d+)\s*\/\s*(\d+))\s*$/i.exec(entry);
    const [, name = '', off, max, seconds] = match ?? [];
    if (!match || !(name in routes) || (!off && (Number(max) < 1 || Number(seconds) < 1))) {
      ctx.addIssue({
        code: 'custom',
        message: `give <route>=<max calls>/<seconds> or <route>=off with a route of the catalogue, not '${entry}'`,
      });
      continue;
    }
    limits[name] = off ? null : { max: Number(max), windowSeconds: Number(seconds) };
  }
  return limits;
}

/** Per route name: its per-admin call limit, or null for none (absent: the catalogue's). */
export type CallLimits = Record<string, CallLimit | null>;

export interface Config {
  port: number;
  host: string;
  /** Unset = embedded PGlite in `${dataDir}/db`. */
  databaseUrl: string | undefined;
  dataDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string;
  /** True when JWT_SECRET was not set and a random one was generated for this process. */
  jwtSecretGenerated: boolean;
  corsOrigins: string[];
  demo: boolean;
  twoFactor: 'required' | 'optional';
  /** MAINTENANCE=1 forces maintenance mode (besides the flag file). */
  maintenance: boolean;
  sessionTtlSeconds: number;
  /** A sign-in's sessions, renewals included, end at the latest this long after it (seconds). */
  sessionMaxSeconds: number;
  setupTtlSeconds: number;
  /** How long a checked session is trusted without asking the database again (0 = every request). */
  sessionCacheMs: number;
  rateLimits: RateLimits;
  /** ADMIN_CALL_LIMITS (plugins/route.ts). */
  callLimits: CallLimits;
  /** Event streams one session may hold open on one replica; a new one beyond it ends the oldest. */
  liveStreamsPerSession: number;
  /** Which X-Forwarded-For hops to believe, so request.ip (rate limits) is the client's address. */
  trustProxy: TrustProxy;
  /** Redis for the state the API replicas share (lib/shared-store); unset = PostgreSQL, or memory with PGlite. */
  redisUrl: string | undefined;
  /** Prefix of every shared-state key: consoles that share one Redis keep apart. */
  sharedStatePrefix: string;
  /** A Redis call fails after this long (ms): a request that needs Redis answers 503 instead of hanging. */
  redisTimeoutMs: number;
  /** GET /api/readyz (modules/health/readiness.ts). */
  readiness: ReadinessConfig;
  logLevel: string;
  /** PostgreSQL timeouts (ms, 0 = off); PGlite ignores them. See db/pg.ts. */
  db: DbTimeouts;
  /** HTTP server timeouts (ms, 0 = off): slow or idle clients must not hold sockets forever. See app.ts. */
  http: HttpTimeouts;
  /**
   * FOUR_EYES_THRESHOLD: approving a withdrawal of at least this many USDT (decimal string) needs two
   * different admins; null = off. A superadmin setting (PUT /admin/settings/four-eyes) overrides it.
   */
  fourEyesThreshold: string | null;
  /** Console delivery (docs/operations.md#releases): modules/releases. */
  releases: ReleasesConfig;
  /** Prometheus metrics (docs/operations.md): plugins/metrics.ts. Both unset = no metrics at all. */
  metrics: { token: string | null; port: number | null };
}

export interface ReadinessConfig {
  /** Each check gives up after this long (ms), so readyz answers within about that. */
  timeoutMs: number;
  /** An approved withdrawal still unpaid after this long (ms) makes readyz report the payout lag. */
  payoutLagMs: number;
  /** The payout chain's JSON-RPC node (CHAIN_RPC_URL, validated by modules/payout/config.ts); unset = no chain check. */
  chainRpcUrl: string | undefined;
}

export interface ReleasesConfig {
  /** Where the files of every published version are: `<dir>/<area folder>/<version>/` (RELEASES_DIR). */
  dir: string;
  /** Where the console fetches them (RELEASES_URL): a path on its own origin, or a static host's URL. */
  url: string;
  /** OPS_TOKEN: what the release CLI sends (X-Ops-Token); null until server.ts reads or makes one. */
  opsToken: string | null;
  /**
   * A version live (for everyone or its cohort) for less than `windowMinutes` goes back when `admins`
   * distinct admins, and `rate` of the admins reporting on it, failed on it.
   */
  autoRollback: { windowMinutes: number; admins: number; rate: number } | null;
  /** The gate's smoke load: Chromium (CHROMIUM_PATH, else Debian's; null: none here) and its settle time. */
  smoke: { chromium: string | null; settleMs: number };
  /** How often the live, previous and cohort versions' files are checked against their record (0 = never). */
  integrityScanMs: number;
}

/** CHROMIUM_PATH ('none': no smoke load here), else Debian's Chromium when installed; null without one. */
function findChromium(path: string | undefined): string | null {
  if (path === 'none') return null;
  if (path) return path;
  return (
    ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate)) ?? null
  );
}

/** Default FOUR_EYES_THRESHOLD (USDT). */
export const DEFAULT_FOUR_EYES_THRESHOLD = '10000';

function fourEyesSetting(value: string | undefined, ctx: z.RefinementCtx): string | null {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return DEFAULT_FOUR_EYES_THRESHOLD;
  if (['off', 'none', 'false', 'no'].includes(v)) return null;
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(v) || !/[1-9]/.test(v)) {
    ctx.addIssue({
      code: 'custom',
      message: `give a positive USDT amount with at most 8 decimals (e.g. 10000), or off; not '${value}'`,
    });
    return null;
  }
  return canonicalDecimal(v);
}

/** '010000.50' -> '10000.5', '3.00' -> '3' (the form PostgreSQL NUMERIC values take on the wire). */
export function canonicalDecimal(v: string): string {
  const [int = '0', frac = ''] = v.split('.');
  const i = int.replace(/^0+(?=\d)/, '');
  const f = frac.replace(/0+$/, '');
  return f ? `${i}.${f}` : i;
}

export interface DbTimeouts {
  /** statement_timeout of every connection; the client also gives up on a query 5 s after it. */
  statementTimeoutMs: number;
  /** lock_timeout: how long a statement waits for a row or table lock. */
  lockTimeoutMs: number;
  /** idle_in_transaction_session_timeout: the server ends a session idle inside a transaction. */
  idleInTransactionTimeoutMs: number;
  /** How long a request waits for a free (or new) pool connection. */
  connectTimeoutMs: number;
  /** GET /api/health answers 503 when `SELECT 1` takes longer. */
  healthTimeoutMs: number;
}

export interface HttpTimeouts {
  /**
   * Node's requestTimeout: the whole request (headers and body) must arrive within it. It does not
   * cover the answer, so a long streamed CSV export is not cut.
   */
  requestTimeoutMs: number;
  /** Socket inactivity (nothing read or written) before it is closed, answer included. */
  connectionTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
}

const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v === '' ? fallback : !['0', 'false', 'off', 'no'].includes(v.toLowerCase()),
    );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().optional(),
  ADMIN_EMAIL: z.email('ADMIN_EMAIL: Invalid email format').optional(),
  ADMIN_PASSWORD: z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional(),
  JWT_SECRET: z.string().min(16, 'JWT_SECRET must be at least 16 characters').optional(),
  CORS_ORIGINS: z.string().default('http://localhost:3001,http://127.0.0.1:3001'),
  DEMO: bool(true),
  TWO_FACTOR: z.enum(['required', 'optional']).default('required'),
  MAINTENANCE: bool(false),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(24),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  ADMIN_CALL_LIMITS: z.string().optional().transform(callLimitsSetting),
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(100).default(5),
  TRUST_PROXY: z.string().optional().transform(trustProxySetting),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  /** Redis's password apart from REDIS_URL (REDIS_PASSWORD_FILE: a secret file), unless the URL has one. */
  REDIS_PASSWORD: z.string().optional(),
  SHARED_STATE_PREFIX: z.string().min(1).max(100).default('bo:'),
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(500),
  READY_CHECK_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(800),
  PAYOUT_LAG_MINUTES: z.coerce.number().int().min(1).default(15),
  CHAIN_RPC_URL: z.string().optional(),
  RATE_LIMIT_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOG_LEVEL: z.string().default('info'),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(2_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(3_000),
  DB_HEALTH_TIMEOUT_MS: z.coerce.number().int().min(1).default(2_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  // Above DB_STATEMENT_TIMEOUT_MS (+ the pool wait): a slow query still gets its 503 on an open socket.
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  // Above the 60 s idle timeout of common proxies (nginx, AWS ALB), so they never reuse a closed socket.
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(72_000),
  FOUR_EYES_THRESHOLD: z.string().optional().transform(fourEyesSetting),
  RELEASES_DIR: z.string().optional(),
  RELEASES_URL: z
    .string()
    .regex(/^(\/|https?:\/\/)\S*[^/]$/, 'RELEASES_URL must be a path or an http(s) URL, without a final /')
    .default('/remotes'),
  OPS_TOKEN: z.string().min(24, 'OPS_TOKEN must be at least 24 characters').optional(),
  // One admin alone never rolls a release back: 0 (off) or at least 2.
  RELEASE_AUTO_ROLLBACK_ADMINS: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n >= 2, 'RELEASE_AUTO_ROLLBACK_ADMINS must be 0 (off) or at least 2')
    .default(3),
  RELEASE_AUTO_ROLLBACK_RATE: z.coerce.number().min(0).max(1).default(0.5),
  RELEASE_AUTO_ROLLBACK_MINUTES: z.coerce.number().int().min(1).default(30),
  CHROMIUM_PATH: z.string().optional(),
  RELEASE_SMOKE_SETTLE_MS: z.coerce.number().int().min(100).default(500),
  RELEASE_INTEGRITY_SCAN_MS: z.coerce.number().int().min(0).default(60_000),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

/** `url` with `password` in it, unless it carries one already. */
function withPassword(url: string | undefined, password: string | undefined): string | undefined {
  if (!url || !password) return url;
  const parsed = new URL(url);
  if (!parsed.password) parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/** Reads and validates the environment; throws with a readable message when a value is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    readSecretFiles(env);
  } catch (err) {
    throw new Error(`Invalid environment:\n  ${(err as Error).message}`);
  }
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD)
    throw new Error('Invalid environment: ADMIN_EMAIL needs ADMIN_PASSWORD');
  const dataDir = resolve(e.DATA_DIR ?? resolve(REPO_ROOT, '.data'));
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET ?? randomBytes(32).toString('hex'),
    jwtSecretGenerated: !e.JWT_SECRET,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean),
    demo: e.DEMO,
    twoFactor: e.TWO_FACTOR,
    maintenance: e.MAINTENANCE,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    sessionMaxSeconds: e.SESSION_MAX_HOURS * 3600,
    setupTtlSeconds: 10 * 60,
    sessionCacheMs: e.SESSION_CACHE_MS,
    rateLimits: rateLimitsFor(e.RATE_LIMIT_MAX_FAILURES),
    callLimits: e.ADMIN_CALL_LIMITS,
    liveStreamsPerSession: e.LIVE_STREAMS_PER_SESSION,
    trustProxy: e.TRUST_PROXY,
    redisUrl: withPassword(e.REDIS_URL, e.REDIS_PASSWORD),
    sharedStatePrefix: e.SHARED_STATE_PREFIX,
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    readiness: {
      timeoutMs: e.READY_CHECK_TIMEOUT_MS,
      payoutLagMs: e.PAYOUT_LAG_MINUTES * 60_000,
      chainRpcUrl: e.CHAIN_RPC_URL,
    },
    logLevel: e.LOG_LEVEL,
    db: {
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      healthTimeoutMs: e.DB_HEALTH_TIMEOUT_MS,
    },
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    fourEyesThreshold: e.FOUR_EYES_THRESHOLD,
    releases: {
      dir: resolve(e.RELEASES_DIR ?? resolve(dataDir, 'console-releases')),
      url: e.RELEASES_URL,
      opsToken: e.OPS_TOKEN ?? null,
      autoRollback:
        e.RELEASE_AUTO_ROLLBACK_ADMINS === 0
          ? null
          : {
              windowMinutes: e.RELEASE_AUTO_ROLLBACK_MINUTES,
              admins: e.RELEASE_AUTO_ROLLBACK_ADMINS,
              rate: e.RELEASE_AUTO_ROLLBACK_RATE,
            },
      smoke: { chromium: findChromium(e.CHROMIUM_PATH), settleMs: e.RELEASE_SMOKE_SETTLE_MS },
      integrityScanMs: e.RELEASE_INTEGRITY_SCAN_MS,
    },
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null },
  };
}
