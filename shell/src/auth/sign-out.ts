import type { LogoutResponse } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { errorMessage, trusted } from '@backoffice/shared/host';
import { http, navigate } from '../http/services.ts';
import { notify } from '../notify.ts';
import { useAuth } from './store.ts';

/** Revokes the session on the server, then forgets it here whatever the server said. */
export async function signOut(): Promise<void> {
  try {
    const answer = await http.post(endpoints.logout.path, {}, trusted<LogoutResponse>());
    notify.success(answer.message || 'Logged out successfully');
  } catch (error) {
    notify.error(errorMessage(error, 'Logout failed'), error);
  } finally {
    useAuth.getState().clear();
    navigate('/auth/signin', { replace: true });
  }
}
