/**
 * An error with an HTTP status whose message is safe to show to the client: the API's one way to refuse
 * a request (`throw new HttpError(404, 'User not found')`); the errors plugin turns it into the envelope.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable';
/** Seconds a client should wait before trying again after a 503 caused by a database fault. */
export const RETRY_AFTER_SECONDS = 2;
/** The database is away or timed out: the request may succeed when repeated. */
export const serviceUnavailable = () =>
  new HttpError(503, SERVICE_UNAVAILABLE, { 'retry-after': String(RETRY_AFTER_SECONDS) });

export const TRANSACTION_CONFLICT = 'The database was busy with conflicting changes: please try again';
/** A transaction kept losing to concurrent ones (deadlock, serialization failure) after its retries. */
export const transactionConflict = () =>
  new HttpError(503, TRANSACTION_CONFLICT, { 'retry-after': String(RETRY_AFTER_SECONDS) });
