import * as endpoints from '@backoffice/shared/endpoints';
import { useEffect } from 'react';
import { http } from '../http/services.ts';
import { useAuth } from './store.ts';

/**
 * Reads the signed-in admin's current roles (GET /admin/auth/me) once per signed-in page load: a role given
 * or taken away since the sign-in shows in the sidebar without signing in again.
 */
export function useCurrentAdmin() {
  const token = useAuth((state) => state.token);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    http
      .call(endpoints.me, {}, { signal: controller.signal })
      .then((answer) => {
        if (useAuth.getState().token === token) useAuth.getState().setUser(answer.data);
      })
      // A failure keeps the stored admin: the API checks every call anyway, and a lost session is handled by
      // the client (401).
      .catch(() => undefined);
    return () => controller.abort();
  }, [token]);
}
