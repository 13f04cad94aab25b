/** The generic HTTP failure kinds (shared/src/rules/messages.ts). */
export type ApiErrorKind = 'network' | 'timeout' | 'bad-request' | 'bad-response' | 'canceled';

/**
 * Brand shared by every copy of this module: the shell and each remote bundle their own copy of
 * @backoffice/shared, so an ApiError thrown by the shell's HTTP client is not `instanceof` a remote's class.
 */
const API_ERROR = Symbol.for('backoffice.ApiError');

/** A failed call: `message` is the server's message when it sent one. */
export class ApiError extends Error {
  readonly [API_ERROR] = true;
  readonly status: number | undefined;
  readonly kind: ApiErrorKind;
  /** True when `message` beats a screen's fallback: the server's own message, or a broken answer. */
  readonly fromServer: boolean;
  /** The API's X-Request-Id of the failed answer: the reference support finds the log line by. */
  readonly requestId: string | undefined;

  constructor(
    message: string,
    options: { status?: number; kind: ApiErrorKind; fromServer?: boolean; requestId?: string },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.kind = options.kind;
    this.fromServer = options.fromServer ?? false;
    this.requestId = options.requestId;
  }
}

/** An ApiError from any bundle (see API_ERROR). */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError ||
    (typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[API_ERROR] === true)
  );
}

/** shared/src/rules/messages.ts: the server's message when present, otherwise the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer && error.message ? error.message : fallback;
}

/** The reference to show with a failure (the API's request id), when the API answered it. */
export function errorReference(error: unknown): string | undefined {
  return isApiError(error) && typeof error.requestId === 'string' ? error.requestId : undefined;
}

export function isCanceled(error: unknown): boolean {
  return isApiError(error) && error.kind === 'canceled';
}
