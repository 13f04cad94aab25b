import type { Permission } from '@backoffice/shared/permissions';
import { NoAccess } from '@backoffice/shared/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useCanShell } from '../auth/access.ts';
import { returnPathOf, signInPathFor } from '../auth/return-path.ts';
import { useAuth } from '../auth/store.ts';

/**
 * Every route but the sign-in page needs a stored token (docs/screens.md#access); the sign-in page remembers
 * the page asked for, so a deep link survives the sign-in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuth((state) => state.token);
  const location = useLocation();
  return token ? children : <Navigate to={signInPathFor(location)} replace />;
}

/** A signed-in admin has nothing to do on the sign-in page: on to the page it was asked for. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const token = useAuth((state) => state.token);
  const { search } = useLocation();
  return token ? <Navigate to={returnPathOf(search)} replace /> : children;
}

/** A shell page that needs more than a session (the admin screens, the audit log). */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCanShell(permission) ? children : <NoAccess />;
}
