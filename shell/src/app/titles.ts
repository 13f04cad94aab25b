import { findRemote } from '../registry/match.ts';
import type { Registry } from '../registry/registry.ts';

export const APP_NAME = 'Back Office';

const shellTitles: Record<string, string> = {
  '/': 'Dashboard',
  '/auth/signin': 'Sign In',
  '/maintenance': 'Maintenance',
  '/account/two-factor': 'Two-factor authentication',
  '/account/security': 'Password and sessions',
  '/admins': 'Admins',
  '/audit': 'Audit Log',
  '/settings': 'Settings',
  '/releases': 'Releases',
};

/** The browser tab title of a location (docs/screens.md#access): shell pages, then the registry's routes. */
export function titleFor(pathname: string, registry: Registry | null): string {
  const own = shellTitles[pathname];
  const page = own ?? (registry ? findRemote(registry, pathname)?.title : undefined);
  return page ? `${page} | ${APP_NAME}` : APP_NAME;
}
