import type { RouteDef } from '@backoffice/shared/contract';
import { API_PREFIX, type csvFile, errorResponse, isCsvRoute } from '@backoffice/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type CsvExport, sendCsv } from '../lib/csv/export.ts';
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
 * Registers one call of the contract's route catalogue: its params/query/body are validated and its
 * answer is checked against the response schema (an answer that breaks the contract becomes a 500;
 * see response-serializer.ts).
 */
export function defineRoute<const R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  options: { tags: string[]; summary: string },
  handler: (ctx: RouteContext<R>) => Promise<z.output<R['response']>>,
): void {
  app.route({
    method: def.method,
    url: API_PREFIX + def.path,
    config: { auth: def.auth },
    schema: {
      tags: options.tags,
      summary: options.summary,
      ...(def.auth === 'none' ? {} : { security: [{ bearerAuth: [] }] }),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: answerSchema(def), '4xx': errorResponse, '5xx': errorResponse },
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

/**
 * The 200 schema as Fastify takes it: JSON answers by their zod schema (serialised by
 * response-serializer.ts); a CSV file as `text/csv` content, which documents it in OpenAPI and keeps
 * it away from the JSON serializer (a stream is sent as it is).
 */
function answerSchema(def: RouteDef) {
  if (!isCsvRoute(def)) return def.response;
  return { description: 'CSV file', content: { 'text/csv': { schema: def.response } } };
}

/** A route of the catalogue whose answer is a CSV file. */
type CsvRouteDef = RouteDef & { response: typeof csvFile };

/**
 * Registers a CSV export of the catalogue (its response is `csvFile`): params and query are validated
 * as for any route (a bad filter answers the list's 400), then the handler's export is streamed
 * (lib/csv/export.ts) with the file named after the app clock's day.
 */
export function defineCsvRoute<const R extends CsvRouteDef, Row>(
  app: FastifyInstance,
  def: R,
  options: { tags: string[]; summary: string },
  handler: (ctx: RouteContext<R>) => Promise<CsvExport<Row>>,
): void {
  defineRoute(app, def, options, async (ctx) => {
    const spec = await handler(ctx);
    // A stream answer: Fastify sends it as it is and ends it when the client goes away.
    const reply = await sendCsv(ctx.reply, app.db, spec, { now: new Date(app.clock()) });
    return reply as unknown as z.output<R['response']>;
  });
}
