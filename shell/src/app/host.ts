import type { HostContext } from '@backoffice/shared/host';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../auth/sign-out.ts';
import { useAuth } from '../auth/store.ts';
import { runtimeConfig } from '../config.ts';
import { http } from '../http/services.ts';
import { liveEvents } from '../live/live.ts';
import { notify } from '../notify.ts';

/** The HostContext handed to every remote: the only way a remote reaches the shell. */
export function useHostContext(): HostContext {
  const admin = useAuth((state) => state.user);
  const routerNavigate = useNavigate();
  return useMemo(
    () => ({
      http,
      notify,
      admin,
      config: runtimeConfig,
      live: liveEvents,
      signOut: () => void signOut(),
      navigate: (to, options) => routerNavigate(to, options),
    }),
    [admin, routerNavigate],
  );
}
