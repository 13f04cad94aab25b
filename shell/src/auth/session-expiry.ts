/** How long before the session's end the console warns (and offers to stay signed in). */
export const WARN_BEFORE_MS = 2 * 60_000;

/** When the token stops working (its `exp` claim, ms since epoch), or null for a token without one. */
export function expiryOf(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const { exp } = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { exp?: unknown };
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** '1:59' for 119 s left (rounded up: the dialog never says 0:00 while the session still works). */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The moments a screen reader is told the time left again, after the dialog's opening (not every
 * second): 1 minute, 30 and 10 seconds.
 */
const ANNOUNCED_AT_S = [60, 30, 10];

/** What the live region says with `ms` left: the last of those moments reached, in words ('' before). */
export function announcement(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const moment = ANNOUNCED_AT_S.filter((at) => seconds <= at).at(-1);
  if (moment === undefined) return '';
  const words = moment === 60 ? '1 minute' : `${moment} seconds`;
  return `Your session expires in less than ${words}.`;
}
