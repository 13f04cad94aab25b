import { rolesGrant } from '@backoffice/shared/permissions';
import { NoAccess } from '@backoffice/shared/ui';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { areaOf } from '../auth/access.ts';
import { useAuth } from '../auth/store.ts';
import { Loading } from '../components/Loading.tsx';
import { AreaUnavailable, RemoteArea } from '../components/RemoteArea.tsx';
import { findRemote } from '../registry/match.ts';
import { useRegistry } from '../registry/store.ts';
import { useHostContext } from './host.ts';

/** Any path the shell does not own: the registry says which remote owns it; unknown paths go to '/'. */
export default function RemoteRoute() {
  const { pathname } = useLocation();
  const { registry, error, load } = useRegistry();
  const host = useHostContext();
  const roles = useAuth((state) => state.user?.roles) ?? [];
  useEffect(() => {
    void load();
  }, [load]);

  if (error) return <AreaUnavailable detail={error} onRetry={() => void load()} />;
  if (!registry) return <Loading size="large" />;
  const match = findRemote(registry, pathname);
  if (!match) return <Navigate to="/" replace />;
  const area = areaOf(match.remote);
  if (area && !rolesGrant(roles, `${area}:read`)) return <NoAccess />;
  return <RemoteArea key={match.remote.name} remote={match.remote} host={host} resetKey={pathname} />;
}
