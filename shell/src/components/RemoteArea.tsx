import type { HostContext } from '@backoffice/shared/host';
import {
  Component,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { fetchRelease, type RemoteRelease } from '../federation/release.ts';
import { loadRemoteApp } from '../federation/runtime.ts';
import type { RemoteEntry } from '../registry/registry.ts';
import { Loading } from './Loading.tsx';

class AreaBoundary extends Component<
  { fallback: (error: Error) => ReactNode; children: ReactNode },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Remote area failed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function AreaUnavailable({
  area,
  detail,
  onRetry,
}: {
  area?: string;
  detail: string;
  onRetry: () => void;
}) {
  return (
    <div className="area-unavailable" role="alert">
      <div className="area-unavailable__icon" aria-hidden>
        !
      </div>
      <h2>This area is unavailable</h2>
      <p>
        {area ? `The ${area} area` : 'This part of the console'} could not be loaded. It may be restarting or
        being redeployed; the rest of the console works as usual.
      </p>
      <details className="area-unavailable__detail">
        <summary>Technical details</summary>
        <code>{detail}</code>
      </details>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** The loaded build of an area, in small print under it (which version a rollback brought back). */
function AreaRelease({ remote }: { remote: RemoteEntry }) {
  const [release, setRelease] = useState<RemoteRelease | null>(null);
  useEffect(() => {
    let current = true;
    fetchRelease(remote.entry).then((found) => current && setRelease(found));
    return () => {
      current = false;
    };
  }, [remote.entry]);
  if (!release) return null;
  return (
    <p className="area-release" title={release.commit ? `commit ${release.commit}` : undefined}>
      {remote.name} {release.version}
    </p>
  );
}

function areaName(remote: RemoteEntry): string {
  return remote.menu[0]?.label ?? remote.routes[0]?.title ?? remote.name;
}

/**
 * One remote, isolated: its own error boundary and suspense, so a remote that is down or throws
 * leaves the rest of the console working. Retry builds a NEW lazy component (React caches a rejected
 * one) and re-registers the remote, so it recovers without a page reload.
 */
export function RemoteArea({ remote, host }: { remote: RemoteEntry; host: HostContext }) {
  const [attempt, setAttempt] = useState(0);
  const RemoteApp = useMemo(() => lazy(() => loadRemoteApp(remote, attempt > 0)), [remote, attempt]);
  return (
    <AreaBoundary
      key={`${remote.name}:${attempt}`}
      fallback={(error) => (
        <AreaUnavailable
          area={areaName(remote)}
          detail={error.message}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
    >
      <Suspense fallback={<Loading size="large" />}>
        <RemoteApp host={host} />
        <AreaRelease remote={remote} />
      </Suspense>
    </AreaBoundary>
  );
}
