import { type Area, rolesGrant } from '@backoffice/shared/permissions';
import { NoAccess } from '@backoffice/shared/ui';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { areaOf } from '../auth/access.ts';
import { useAuth } from '../auth/store.ts';
import { Loading } from '../components/Loading.tsx';
import { AreaUnavailable, RemoteArea } from '../components/RemoteArea.tsx';
import { startLoading } from '../federation/runtime.ts';
import { findRemote } from '../registry/match.ts';
import { type PreviewVersion, usePreview } from '../registry/preview.ts';
import { isRegistryFresh, refreshWithin } from '../registry/refresh.ts';
import { useRegistry } from '../registry/store.ts';
import { useHostContext } from './host.ts';

/** A preview started from the Releases screen is for ops only: anyone else loads the live version. */
function previewFor(
  area: Area | null,
  roles: readonly string[],
  previews: Partial<Record<Area, PreviewVersion>>,
) {
  return area && rolesGrant(roles, 'releases:manage') ? (previews[area] ?? null) : null;
}

/**
 * The page's first area starts loading with this chunk, which router.tsx fetches beside the layout's
 * when there is a session: its runtime, manifest, entry and chunks then come while the layout's chunks
 * download and run, not once the layout has rendered (RemoteArea takes that load, see startLoading).
 */
function startFirstArea() {
  const { registry } = useRegistry.getState();
  const { token, user } = useAuth.getState();
  const match = registry && token ? findRemote(registry, window.location.pathname) : null;
  const area = match && areaOf(match.remote);
  const roles = user?.roles ?? NO_ROLES;
  if (!match || !area || !rolesGrant(roles, `${area}:read`)) return;
  const preview = previewFor(area, roles, usePreview.getState().previews);
  const build = preview ?? match.remote;
  startLoading({ name: match.remote.name, entry: build.entry, integrity: build.integrity });
}

/** Entering an area waits this long at most for the registry's answer. */
const ENTRY_REFRESH_MS = 500;
const NO_ROLES: string[] = [];

/**
 * Entering an area (another remote than the one shown) asks the API for the registry first, briefly:
 * an area rolled back since the last read then loads its new live version. The page's first area, with a
 * registry read a moment ago, is entered at once. True once the area may load.
 */
function useRegistryOnEntry(remoteName: string | undefined): boolean {
  const [entry, setEntry] = useState<{ name?: string | undefined; ready: boolean }>({ ready: false });
  if (entry.name !== remoteName) {
    const { pageRead } = useRegistry.getState();
    if (remoteName && pageRead) useRegistry.setState({ pageRead: false });
    setEntry({ name: remoteName, ready: !remoteName || (pageRead && isRegistryFresh()) });
  }
  useEffect(() => {
    if (!remoteName || entry.name !== remoteName || entry.ready) return;
    let current = true;
    void refreshWithin(ENTRY_REFRESH_MS).then(() => {
      if (current) setEntry({ name: remoteName, ready: true });
    });
    return () => {
      current = false;
    };
  }, [remoteName, entry]);
  return entry.name === remoteName && entry.ready;
}

/** Any path the shell does not own: the registry says which remote owns it; unknown paths go to '/'. */
export default function RemoteRoute() {
  const { pathname } = useLocation();
  const registry = useRegistry((state) => state.registry);
  const error = useRegistry((state) => state.error);
  const host = useHostContext();
  const roles = useAuth((state) => state.user?.roles) ?? NO_ROLES;
  const previews = usePreview((state) => state.previews);
  useEffect(() => {
    void useRegistry.getState().load();
  }, []);
  const match = registry ? findRemote(registry, pathname) : null;
  const entered = useRegistryOnEntry(match?.remote.name);

  if (!registry) {
    if (!error) return <Loading size="large" />;
    return <AreaUnavailable detail={error} onRetry={() => void useRegistry.getState().refresh()} />;
  }
  if (!match) return <Navigate to="/" replace />;
  const area = areaOf(match.remote);
  if (area && !rolesGrant(roles, `${area}:read`)) return <NoAccess />;
  if (!entered) return <Loading size="large" />;
  const preview = previewFor(area, roles, previews);
  return (
    <RemoteArea
      key={match.remote.name}
      remote={match.remote}
      host={host}
      resetKey={pathname}
      preview={preview}
      onExitPreview={() => area && usePreview.getState().exit(area)}
    />
  );
}

if (typeof window !== 'undefined') startFirstArea();
