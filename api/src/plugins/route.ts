import type { RouteDef } from '@backoffice/shared/contract';
import { API_PREFIX, errorResponse } from '@backoffice/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RequestAdmin } from '../types.ts';

type Out<R, K extends string> = R extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

export interface RouteContext<R extends RouteDef> {
  body: Out<R, 'body'>;
  query: Out<R, 'query'>;
  params: Out<R, 'params'>;
  /** The signed-in admin (always set on routes whose auth is not 'none'). */
  admin: RequestAdmin;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one call of the contract's route catalogue: the caller's roles must grant its permission
 * (plugins/auth.ts answers 403 'Insufficient permissions' before anything else), its params/query/body are validated and its
 * answer is checked against the response schema (an answer that breaks the contract becomes a 500;
 * see response-serializer.ts).
 */
export function defineRoute<const R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  options: { tags: string[]; summary: string },
  handler: (ctx: RouteContext<R>) => Promise<z.output<R['response']>>,
): void {
  // A public route reads no token, so it could check no permission: the two must agree.
  if ((def.auth === 'none') !== (def.permission === 'public'))
    throw new Error(`${def.method} ${def.path}: auth '${def.auth}' with permission '${def.permission}'`);
  app.route({
    method: def.method,
    url: API_PREFIX + def.path,
    // The auth plugin checks the token and that the admin's current roles grant `permission` (else 403).
    config: { auth: def.auth, permission: def.permission },
    schema: {
      tags: options.tags,
      summary: options.summary,
      ...(def.auth === 'none' ? {} : { security: [{ bearerAuth: [] }] }),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: def.response, '4xx': errorResponse, '5xx': errorResponse },
    },
    handler: (request, reply) =>
      handler({
        body: request.body as Out<R, 'body'>,
        query: request.query as Out<R, 'query'>,
        params: request.params as Out<R, 'params'>,
        admin: request.admin as RequestAdmin,
        request,
        reply,
      }),
  });
}
