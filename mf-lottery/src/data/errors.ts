// What a failed lottery call tells the admin (shared/src/rules/messages.ts), with the safe ApiError checks
// only.
import { ApiError, errorMessage, isApiError } from '@backoffice/shared/host';

/** Marks an answer `{ success: false }` that came with a 2xx status (the spec's "Failed to ..." cases). */
const UNSUCCESSFUL = Symbol.for('backoffice.lottery.unsuccessful');

function unsuccessful(message: string | undefined): ApiError {
  const error = new ApiError(message ?? '', { kind: 'bad-response', fromServer: Boolean(message) });
  Object.defineProperty(error, UNSUCCESSFUL, { value: true });
  return error;
}

function isUnsuccessful(error: unknown): boolean {
  return isApiError(error) && (error as unknown as Record<symbol, unknown>)[UNSUCCESSFUL] === true;
}

export function ensureSuccess<T extends { success: boolean; message?: string }>(answer: T): T {
  if (answer.success === false) throw unsuccessful(answer.message);
  return answer;
}

/**
 * A 400 names the field of a failed validation ('winner_distributions: Total percentage must equal 80%...',
 * see the API's errors plugin): the admin reads the message only.
 */
export function withoutFieldName(message: string): string {
  return message.replace(/^[A-Za-z_][\w.[\]/]*: (?=\S)/, '');
}

/** The server's message (without a field name) when it sent one, else the screen's fallback. */
export function userMessage(error: unknown, fallback: string): string {
  const message = errorMessage(error, fallback);
  return isApiError(error) && error.status === 400 ? withoutFieldName(message) : message;
}

/**
 * shared/src/rules/messages.ts has two fallbacks for some calls: `failed` when the server answered without
 * success, `error` when the call itself failed. The server's own message wins over both.
 */
export function failureMessage(error: unknown, failed: string, otherwise: string): string {
  return userMessage(error, isUnsuccessful(error) ? failed : otherwise);
}

/** A 404 without a server message reads 'Lottery not found'. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
