import { errorMessage, isApiError } from '@backoffice/shared/host';

/** shared/src/rules/messages.ts: the fallbacks of the support and users screens. */
export const USER_FALLBACKS = {
  list: 'Failed to fetch users',
  block: 'Failed to block user',
  unblock: 'Failed to unblock user',
  /** Not in the spec (the user screen is left open there); worded like the list's 'Failed to fetch users'. */
  detail: 'Failed to fetch user',
} as const;

export const SUPPORT_FALLBACKS = {
  list: 'Failed to fetch support tickets',
  update: 'Failed to update support',
  close: 'Failed to close support ticket',
} as const;

// The API names the field of a failed validation ('reason: Reason is required'): admins read the rule only.
const FIELD_PATH = /^[A-Za-z_][\w.]*: (?=\S)/;

/** The server's message (without a validation field path) or the screen's fallback. */
export function failureText(error: unknown, fallback: string): string {
  const text = errorMessage(error, fallback);
  return isApiError(error) && error.status === 400 ? text.replace(FIELD_PATH, '') : text;
}

/** A user that does not exist (any more): retrying cannot help. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** The user changed (409) or went away (404) since the screen was loaded: reload it to show what is. */
export function isStale(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 409);
}
