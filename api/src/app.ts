import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config, RateLimits, TrustProxy } from './config.ts';
import type { DbHandle } from './db/types.ts';
import { HttpError } from './lib/http-error.ts';
import { traceRoutePlugin } from './lib/metrics/trace-route.ts';
import { requestIdGenerator } from './lib/request-id.ts';
import { MemoryStore, type SharedStore } from './lib/shared-store/index.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { adminsRoutes } from './modules/admins/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { lotteryRoutes } from './modules/lottery/routes.ts';
import { minesRoutes } from './modules/mines/routes.ts';
import { FieldReports } from './modules/releases/field.ts';
import { operatorTokenRoutes } from './modules/releases/operator-routes.ts';
import { releaseRoutes } from './modules/releases/routes.ts';
import { ReleaseService } from './modules/releases/service.ts';
import { watchReleaseFiles } from './modules/releases/watch.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { transactionsRoutes } from './modules/transactions/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { withdrawalsRoutes } from './modules/withdrawals/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { maintenancePlugin } from './plugins/maintenance.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { globalPlugin } from './plugins/plugin.ts';
import { compileResponseSerializer } from './plugins/response-serializer.ts';
import { securityPlugin } from './plugins/security.ts';
import { xsrfPlugin } from './plugins/xsrf.ts';
import './types.ts';

export interface AppOptions extends Record<string, unknown> {
  config: Config;
  /** The database (a handle: exports open cursors on it). */
  db: DbHandle;
  /** Clock (ms) for TOTP and rate limits; default Date.now. */
  clock?: () => number;
  /** Overrides config.rateLimits (tests use small numbers). */
  rateLimits?: Partial<RateLimits>;
  /** Also check every answer with zod and throw when the compiled check disagrees (the API's tests). */
  crossCheckResponses?: boolean;
  /** State shared with the other replicas (server.ts: openSharedStore); default: this process's memory. */
  store?: SharedStore;
  /** The event stream's heartbeat (default 15 s; tests use a short one). */
  liveHeartbeatMs?: number;
}

/**
 * The API as a plugin: decorators, then cross-cutting plugins in hook order
 * (CORS -> maintenance 503 -> XSRF -> auth), then one route module per domain.
 */
export const app = globalPlugin<AppOptions>('backoffice-api', async (fastify, opts) => {
  fastify.decorate('config', {
    ...opts.config,
    rateLimits: { ...opts.config.rateLimits, ...opts.rateLimits },
  });
  fastify.decorate('db', opts.db);
  fastify.decorate('clock', opts.clock ?? Date.now);
  fastify.decorate('store', opts.store ?? new MemoryStore());

  // JSON bodies: an empty body with a JSON content type is "no body" rather than an error; a body
  // nested deeper than any valid one is refused by a cheap scan before the (costly) parse.
  const defaultJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH))
      return done(new HttpError(400, JSON_TOO_DEEP), undefined);
    return defaultJson(request, body as string, done);
  });

  await fastify.register(traceRoutePlugin);
  await fastify.register(metricsPlugin);
  await fastify.register(errorsPlugin);
  await fastify.register(securityPlugin);
  await fastify.register(maintenancePlugin);
  await fastify.register(xsrfPlugin);
  await fastify.register(authPlugin);
  await fastify.register(openapiPlugin);

  await fastify.register(healthRoutes);
  await fastify.register(authRoutes);
  await fastify.register(accountRoutes);
  await fastify.register(adminsRoutes);
  await fastify.register(dashboardRoutes);
  await fastify.register(minesRoutes);
  await fastify.register(supportRoutes);
  await fastify.register(usersRoutes);
  await fastify.register(lotteryRoutes);
  await fastify.register(withdrawalsRoutes);
  await fastify.register(transactionsRoutes);
  await fastify.register(auditRoutes);
  await fastify.register(settingsRoutes);
  await fastify.register(liveRoutes, { heartbeatMs: opts.liveHeartbeatMs });
  const releases = new ReleaseService(opts.db, fastify.config.releases, fastify.log, {
    sign: (payload) => fastify.jwt.sign(payload),
    // The smoke load reads this API in-process: no port, the same routes, the gate's own session.
    get: async (url, headers) => {
      const answer = await fastify.inject({ method: 'GET', url, headers });
      return {
        status: answer.statusCode,
        type: String(answer.headers['content-type'] ?? ''),
        body: answer.body,
      };
    },
  });
  await fastify.register(releaseRoutes, {
    service: releases,
    field: new FieldReports(releases, fastify.store, fastify.clock, fastify.log),
  });
  await fastify.register(operatorTokenRoutes);
  watchReleaseFiles(fastify, releases);
});

/** TRUST_PROXY as Fastify takes it: N hops is "believe the last N hops" (what proxy-addr does for a number). */
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * Bodies are small JSON documents: 16 KiB by default, more only where the catalogue says a route needs
 * it (RouteDef.bodyLimit), so an anonymous client cannot make every route read and parse a megabyte.
 */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
/** Valid bodies nest 3 levels at most; anything far deeper is an attack on the parser and validator. */
export const MAX_JSON_DEPTH = 20;
export const JSON_TOO_DEEP = `JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/** True once arrays/objects in a JSON text nest deeper than `max` (one linear pass, strings skipped). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character: \" does not end the string.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The HTTP server's options from the config: body limit, request ids and timeouts (config.http), so
 * slow or idle sockets are closed. Node checks requestTimeout every connectionsCheckingInterval (30 s by
 * default): a shorter interval for short timeouts keeps the limit close to what was asked.
 */
export function serverOptions(config: Pick<Config, 'http' | 'trustProxy'>): FastifyHttpOptions<Server> {
  const { requestTimeoutMs, connectionTimeoutMs, keepAliveTimeoutMs } = config.http;
  const checkEveryMs = requestTimeoutMs
    ? Math.min(30_000, Math.max(100, Math.floor(requestTimeoutMs / 4)))
    : 30_000;
  return {
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: requestIdGenerator(config.trustProxy),
    requestTimeout: requestTimeoutMs,
    connectionTimeout: connectionTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: { connectionsCheckingInterval: checkEveryMs },
  };
}

/** A Fastify instance with the zod type provider and the API registered (not listening). */
export async function buildApp(
  opts: AppOptions & { logger?: FastifyServerOptions['logger'] },
): Promise<FastifyInstance> {
  const fastify = Fastify({ ...serverOptions(opts.config), logger: opts.logger ?? false });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(({ schema, method, url, contentType }) =>
    // A CSV file or an event stream is a stream, sent as it is: never through the JSON serializer.
    contentType === 'text/csv' || contentType === 'text/event-stream'
      ? (data: unknown) => String(data)
      : compileResponseSerializer(
          schema as z.ZodType,
          `${method} ${url}`,
          opts.crossCheckResponses,
          (dropped) => fastify.log.error(dropped, 'list rows left out of an answer: they break the contract'),
        ),
  );
  await fastify.register(app, opts);
  await fastify.ready();
  return fastify;
}
