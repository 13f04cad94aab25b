import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config, RateLimits, TrustProxy } from './config.ts';
import type { DbHandle } from './db/types.ts';
import { MemoryStore, type SharedStore } from './lib/shared-store/index.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { adminsRoutes } from './modules/admins/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { lotteryRoutes } from './modules/lottery/routes.ts';
import { minesRoutes } from './modules/mines/routes.ts';
import { releaseRoutes } from './modules/releases/routes.ts';
import { ReleaseService } from './modules/releases/service.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { transactionsRoutes } from './modules/transactions/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { withdrawalsRoutes } from './modules/withdrawals/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { maintenancePlugin } from './plugins/maintenance.ts';
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

  // JSON bodies: an empty body with a JSON content type is "no body" rather than an error.
  const defaultJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return defaultJson(request, body as string, done);
  });

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
  await fastify.register(releaseRoutes, {
    service: new ReleaseService(opts.db, fastify.config.releases, fastify.store, fastify.clock, fastify.log),
  });
});

/** TRUST_PROXY as Fastify takes it: N hops is "believe the last N hops" (what proxy-addr does for a number). */
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** A Fastify instance with the zod type provider and the API registered (not listening). */
export async function buildApp(
  opts: AppOptions & { logger?: FastifyServerOptions['logger'] },
): Promise<FastifyInstance> {
  const fastify = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(opts.config.trustProxy),
  });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(({ schema, method, url, contentType }) =>
    // A CSV answer is a stream, sent as it is: never through the JSON serializer.
    contentType === 'text/csv'
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
