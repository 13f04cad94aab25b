/**
 * Errors that mean "the database is away or gave up", not "the request is wrong": the API answers them
 * 503 'Service temporarily unavailable' (plugins/errors.ts) and the client may try again.
 */

/** SQLSTATEs of a server that ended the session (the connection is gone afterwards). */
const SESSION_ENDED = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, server stop
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '25P03', // idle_in_transaction_session_timeout
]);

/** SQLSTATEs of a statement the server gave up on (the connection stays usable). */
const GAVE_UP = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '53300', // too_many_connections
]);

/**
 * SQLSTATEs of a transaction the server aborted because of a concurrent one: the work was right, its
 * timing was not. db/retry.ts runs the transaction again; when that keeps failing the API answers 503.
 */
const CONFLICT = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** Socket errors of the driver (no answer from the server at all). */
const SOCKET = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** node-postgres / pg-pool messages of a connection that is gone or never came. */
const DRIVER_MESSAGES = [
  'Connection terminated', // ...unexpectedly, ...due to connection timeout
  'timeout exceeded when trying to connect', // pool connectionTimeoutMillis
  'Query read timeout', // client-side query_timeout
  'is not queryable', // a client whose connection already failed
  'Cannot use a pool after calling end',
];

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when the connection that ran the statement is lost (do not try ROLLBACK on it, drop it). */
export function isConnectionLost(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = codeOf(err);
  if (code && (SESSION_ENDED.has(code) || code.startsWith('08') || SOCKET.has(code))) return true;
  return DRIVER_MESSAGES.some((m) => err.message.includes(m));
}

/** True for a deadlock victim or a serialization failure (a retry may succeed). */
export function isTransactionConflict(err: unknown): boolean {
  const code = codeOf(err);
  return code !== undefined && CONFLICT.has(code);
}

/**
 * True for every database fault that should answer 503 (the connection lost, or a timeout), and for a
 * shared store that does not answer (errors marked `unavailable`, see lib/shared-store/redis.ts).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (isConnectionLost(err) || (err as { unavailable?: unknown } | null)?.unavailable === true) return true;
  const code = codeOf(err);
  if (code && GAVE_UP.has(code)) return true;
  const cause = (err as { cause?: unknown } | null)?.cause;
  return cause !== undefined && cause !== err && isDatabaseUnavailable(cause);
}
