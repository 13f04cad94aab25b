/** The generic HTTP failure kinds of spec section 8. */
export type ApiErrorKind = 'network' | 'timeout' | 'bad-request' | 'bad-response' | 'canceled';

/** A failed call: `message` is the server's message when it sent one. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly kind: ApiErrorKind;
  /** True when `message` beats a screen's fallback: the server's own message, or a broken answer. */
  readonly fromServer: boolean;

  constructor(message: string, options: { status?: number; kind: ApiErrorKind; fromServer?: boolean }) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.kind = options.kind;
    this.fromServer = options.fromServer ?? false;
  }
}

/** Spec section 8: the server's message when present, otherwise the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer && error.message ? error.message : fallback;
}

export function isCanceled(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'canceled';
}
