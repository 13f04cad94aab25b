import type { RouteDef } from '@backoffice/shared/contract';
import {
  API_PREFIX,
  type CallLimit,
  callLimitOf,
  type csvFile,
  EXPORT_TOTAL_HINT_HEADER,
  errorResponse,
  isCsvRoute,
  isEventStreamRoute,
  routes,
} from '@backoffice/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { type CsvExport, sendCsv } from '../lib/csv/export.ts';
import { HttpError } from '../lib/http-error.ts';
import { tooManyRequests } from '../lib/rate-limit.ts';
import { AUDIT_MISSING, AuditWriter } from '../modules/audit/writer.ts';
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
  /**
   * The audit writer bound to this request (who, IP, request id, the route's action). Pass it to the
   * service, which records inside the transaction that makes the change (modules/audit/writer.ts).
   */
  audit: AuditWriter;
}

/** Whether a method changes state (every such route must name its audit action in the catalogue). */
export const isMutating = (method: RouteDef['method']): boolean => method !== 'GET';

/**
 * Registers one call of the contract's route catalogue: the caller's roles must grant its permission
 * (plugins/auth.ts answers 403 'Insufficient permissions' before anything else), its params/query/body are validated and its
 * answer is checked against the response schema (an answer that breaks the contract becomes a 500;
 * see response-serializer.ts).
 *
 * Audit: a mutating route names either an `audit` action or why it is `unaudited` (else it cannot be
 * registered: throws at start-up), and a call of an audited one that succeeds without writing its
 * record (or declaring that it changed nothing) answers 500 instead of its result.
 *
 * Call limit (`callLimitOf`, overridden by ADMIN_CALL_LIMITS): each admin's calls are counted in the
 * shared store before the handler runs; past the limit 429 with Retry-After.
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
  if (isMutating(def.method) ? !def.audit === !def.unaudited : def.audit || def.unaudited)
    throw new Error(
      `${def.method} ${def.path}: a state-changing route needs an audit action in the catalogue, or why it is unaudited (one of the two); a GET route neither`,
    );
  const name = catalogueNames.get(routeKey(def)) ?? routeKey(def);
  const limit = Object.hasOwn(app.config.callLimits, name) ? app.config.callLimits[name] : callLimitOf(def);
  app.route({
    method: def.method,
    url: API_PREFIX + def.path,
    // The auth plugin checks the token and that the admin's current roles grant `permission` (else 403).
    config: { auth: def.auth, permission: def.permission },
    // Most bodies are small (buildApp's default); the catalogue names the few routes that need more.
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    schema: {
      ...operationIdOf(def),
      tags: options.tags,
      summary: options.summary,
      // A public route says so (an empty list), rather than leaving clients to guess.
      security:
        def.auth === 'none' ? [] : [{ bearerAuth: [] }, ...(def.auth === 'ops' ? [{ opsToken: [] }] : [])],
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: answerSchema(def), '4xx': errorResponse, '5xx': errorResponse },
    },
    handler: async (request, reply) => {
      const admin = request.admin;
      if (limit && admin) await countCall(request, `calls:${name}:${admin.id}`, limit);
      const audit = new AuditWriter({
        action: def.audit,
        actor: admin ? { id: admin.id, email: admin.email } : null,
        ip: request.ip ?? null,
        requestId: String(request.id),
      });
      const result = await handler({
        body: request.body as Out<R, 'body'>,
        query: request.query as Out<R, 'query'>,
        params: request.params as Out<R, 'params'>,
        admin: admin as RequestAdmin,
        request,
        reply,
        audit,
      });
      if (def.audit && isMutating(def.method) && !audit.satisfied) {
        request.log.error({ route: `${def.method} ${def.path}` }, AUDIT_MISSING);
        throw new HttpError(500, AUDIT_MISSING);
      }
      return result;
    },
  });
}

/**
 * Counts one call of an admin against the route's limit, or throws 429 (nothing counted) past it. A
 * shared store that does not answer (Redis down) lets the call through: the limit guards against floods,
 * and must not turn an outage of the store into one of every limited route.
 */
async function countCall(request: FastifyRequest, key: string, limit: CallLimit): Promise<void> {
  const { store, clock } = request.server;
  const rule = { max: limit.max, windowMs: limit.windowSeconds * 1000 };
  let retryAfterMs: number;
  try {
    ({ retryAfterMs } = await store.take(key, rule, clock()));
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    request.log.warn({ err }, 'call limit not counted: the shared store does not answer');
    return;
  }
  if (retryAfterMs > 0) throw tooManyRequests(retryAfterMs);
}

/** Each catalogue route's name by `METHOD path`: routes added to the catalogue are named with no edit here. */
const catalogueNames = new Map(Object.entries(routes).map(([name, def]) => [routeKey(def), name]));

function routeKey(def: Pick<RouteDef, 'method' | 'path'>): string {
  return `${def.method} ${def.path}`;
}

/**
 * The OpenAPI operationId: the route's key in the catalogue, which clients generated from the document
 * name their methods after, so it is stable as long as the catalogue's name is. A definition outside the
 * catalogue (a test's) has none; test/openapi.test.ts checks every documented operation has one.
 */
function operationIdOf(def: RouteDef): { operationId?: string } {
  const name = catalogueNames.get(routeKey(def));
  return name ? { operationId: name } : {};
}

/**
 * The 200 schema as Fastify takes it: JSON answers by their zod schema (serialised by
 * response-serializer.ts); a CSV file as `text/csv` content, which documents it in OpenAPI and keeps
 * it away from the JSON serializer (a stream is sent as it is).
 */
function answerSchema(def: RouteDef) {
  if (isEventStreamRoute(def))
    return { description: 'Event stream', content: { 'text/event-stream': { schema: def.response } } };
  if (!isCsvRoute(def)) return def.response;
  return { description: 'CSV file', content: { 'text/csv': { schema: def.response } } };
}

/** A route of the catalogue whose answer is a CSV file. */
type CsvRouteDef = RouteDef & { response: typeof csvFile };

/**
 * Registers a CSV export of the catalogue (its response is `csvFile`): params and query are validated
 * as for any route (a bad filter answers the list's 400), then the handler's export is streamed
 * (lib/csv/export.ts) with the file named after the app clock's day.
 *
 * Audit: data leaving the platform is recorded, once the download ended (the row count is known only
 * then): action `export.<name>`, the filters, the rows sent and whether the client abandoned it.
 */
export function defineCsvRoute<const R extends CsvRouteDef, Row>(
  app: FastifyInstance,
  def: R,
  options: { tags: string[]; summary: string },
  handler: (ctx: RouteContext<R>) => Promise<CsvExport<Row>>,
): void {
  defineRoute(app, def, options, async (ctx) => {
    const { count, ...spec } = await handler(ctx);
    // The console sent the total its list showed: no count of our own, the first rows go out at once.
    const hinted = /^\d+$/.test(String(ctx.request.headers[EXPORT_TOTAL_HINT_HEADER] ?? ''));
    // A stream answer: Fastify sends it as it is and ends it when the client goes away.
    const reply = await sendCsv(ctx.reply, app.db, hinted || !count ? spec : { ...spec, count }, {
      now: new Date(app.clock()),
      adminId: ctx.admin.id,
      onEnd: ({ rows, aborted }) => {
        // Not in a transaction: the export changed nothing. The answer is gone by now, so a failure
        // here can only be logged.
        ctx.audit
          .record(app.db, {
            action: `export.${spec.name}`,
            targetType: 'export',
            targetId: spec.name,
            details: { filters: ctx.query ?? {}, rows, aborted },
          })
          .catch((err: unknown) => ctx.request.log.error({ err }, 'export audit record not written'));
      },
    });
    return reply as unknown as z.output<R['response']>;
  });
}
