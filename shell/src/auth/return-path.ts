/** The sign-in page's parameter naming where to go once signed in (as Ant Design Pro's `redirect`). */
export const RETURN_PARAM = 'redirect';

const SIGN_IN = '/auth/signin';
// Any origin will do: a relative path resolved against it stays on it; anything else is elsewhere.
const BASE = 'https://console.invalid';

/**
 * The console path a sign-in may return to, or null: only a path of this origin ('/withdrawals?page=3').
 * Never an open redirect: '//host' and '/\host' are other hosts to a browser, 'https:...' and
 * 'javascript:...' are not paths, and a backslash or a control character anywhere is refused outright
 * (browsers read '\' as '/' and drop tabs and line breaks). The sign-in page itself is no destination.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  // '/.//host' normalises to '//host': checked again after.
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  if (url.pathname === SIGN_IN || url.pathname.startsWith(`${SIGN_IN}/`)) return null;
  return url.pathname + url.search + url.hash;
}

/** Where to go once signed in: the sign-in URL's `redirect` when it is a console path, else the dashboard. */
export function returnPathOf(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? '/';
}

/** The sign-in page, remembering the page asked for (not the dashboard: it is where a sign-in goes anyway). */
export function signInPathFor(location: { pathname: string; search: string; hash: string }): string {
  const asked = safeReturnPath(location.pathname + location.search + location.hash);
  if (!asked || asked === '/') return SIGN_IN;
  return `${SIGN_IN}?${new URLSearchParams({ [RETURN_PARAM]: asked })}`;
}
