import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every cross-cutting plugin of the API goes through fastify-plugin: non-encapsulated, so its decorators and
 * hooks apply to the instance that registers it, and named in Fastify's plugin tree and errors.
 * Route modules (modules/<name>/routes.ts) stay encapsulated plugins and do not use it.
 */
export function globalPlugin<Options extends Record<string, unknown> = Record<never, never>>(
  name: string,
  fn: (app: FastifyInstance, opts: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  return fp(fn, { name, fastify: '5.x' });
}
