import type { Permission } from '@backoffice/shared/permissions';
import { NoAccess } from '@backoffice/shared/ui';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCanShell } from '../auth/access.ts';
import { useAuth } from '../auth/store.ts';

/** Every route but the sign-in page needs a stored token (spec section 2.1). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuth((state) => state.token);
  return token ? children : <Navigate to="/auth/signin" replace />;
}

/** A signed-in admin has nothing to do on the sign-in page. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const token = useAuth((state) => state.token);
  return token ? <Navigate to="/" replace /> : children;
}

/** A shell page that needs more than a session (the admin screens, the audit log). */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCanShell(permission) ? children : <NoAccess />;
}
