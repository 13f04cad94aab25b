import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as non-encapsulated (what fastify-plugin does): its decorators and hooks apply to
 * the instance that registers it.
 */
export function globalPlugin<Options extends Record<string, unknown> = Record<never, never>>(
  name: string,
  fn: (app: FastifyInstance, opts: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  const plugin = fn as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  plugin[Symbol.for('skip-override')] = true;
  plugin[Symbol.for('fastify.display-name')] = name;
  return plugin;
}
