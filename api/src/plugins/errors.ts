import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/errors.ts';
import { HttpError, serviceUnavailable, transactionConflict } from '../lib/http-error.ts';
import { globalPlugin } from './plugin.ts';
import { ResponseContractError } from './response-serializer.ts';

export const UNEXPECTED = 'An unexpected error occurred';

/** "/metrics/0" -> "metrics.0" */
const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

/**
 * One error handler for the whole API: `{ success: false, message }` with the status.
 * Validation -> 400 naming the field ("email: Invalid email format"); unknown route -> 404;
 * a database fault (connection lost, pool or statement/lock timeout: db/errors.ts) -> 503
 * 'Service temporarily unavailable' with Retry-After (logged at warn: the request may be repeated);
 * a deadlock or serialization failure that outlived its retries (db/retry.ts) -> 503 saying so;
 * anything unexpected -> 500 without details (logged server-side, never a stack trace).
 */
export const errorsPlugin = globalPlugin('errors', async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first ? fieldOf(first.instancePath) : '';
      const message = first ? (field ? `${field}: ${first.message}` : first.message) : 'Invalid request';
      return reply.status(400).send({ success: false, message });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ success: false, message: error.message });
    }
    if (error instanceof ResponseContractError) {
      request.log.error({ err: error, issues: error.issues }, 'response does not match its schema');
      return reply.status(500).send({ success: false, message: UNEXPECTED });
    }
    if (isTransactionConflict(error)) {
      // A transaction was retried already (db/retry.ts), a lone statement is not: either way it rolled
      // back, so the client may repeat the call.
      request.log.warn({ err: error }, 'deadlock or serialization failure');
      const conflict = transactionConflict();
      return reply
        .status(conflict.statusCode)
        .headers(conflict.headers)
        .send({ success: false, message: conflict.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const unavailable = serviceUnavailable();
      return reply
        .status(unavailable.statusCode)
        .headers(unavailable.headers)
        .send({ success: false, message: unavailable.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type...).
      return reply.status(status).send({ success: false, message: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ success: false, message: UNEXPECTED });
  });

  app.setNotFoundHandler((_request, reply) => {
    return reply.status(404).send({ success: false, message: 'Route not found' });
  });
});
