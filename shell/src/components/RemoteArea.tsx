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
import { ErrorPage } from './ErrorPage.tsx';
import { Loading } from './Loading.tsx';
import './message-page.css';
import './RemoteArea.css';

/** The remote could not be LOADED (manifest, entry or chunk fetch): the 'unavailable' fallback with Retry. */
export class RemoteLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'RemoteLoadError';
  }
}

/**
 * A failure to fetch code, also when a loaded remote fetches one of its own lazy chunks later
 * (the bundler's ChunkLoadError, the Module Federation runtime's '#RUNTIME-' errors).
 */
export function isLoadFailure(error: unknown): boolean {
  if (error instanceof RemoteLoadError) return true;
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /^Loading (CSS )?chunk .+ failed/.test(error.message) ||
    error.message.includes('#RUNTIME-')
  );
}

class AreaBoundary extends Component<
  { fallback: (error: Error) => ReactNode; resetKey?: string | undefined; children: ReactNode },
  { error: Error | null; resetKey?: string | undefined }
> {
  override state: { error: Error | null; resetKey?: string | undefined } = {
    error: null,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  /** Another route of the same area clears a crash (a remote that cannot load fails there too). */
  static getDerivedStateFromProps(
    props: { resetKey?: string | undefined },
    state: { error: Error | null; resetKey?: string | undefined },
  ) {
    if (props.resetKey === state.resetKey) return null;
    return { resetKey: props.resetKey, error: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(
      isLoadFailure(error) ? 'Remote area failed to load' : 'Remote area crashed',
      error,
      info.componentStack,
    );
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
    <div className="shell-message-page shell-message-page--card shell-area-unavailable" role="alert">
      <div className="shell-area-unavailable__icon" aria-hidden>
        !
      </div>
      <h2>This area is unavailable</h2>
      <p>
        {area ? `The ${area} area` : 'This part of the console'} could not be loaded. It may be restarting or
        being redeployed; the rest of the console works as usual.
      </p>
      <details className="shell-area-unavailable__detail">
        <summary>Technical details</summary>
        <code>{detail}</code>
      </details>
      <button type="button" className="shell-btn shell-btn--primary" onClick={onRetry}>
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
    <p className="shell-area-release" title={release.commit ? `commit ${release.commit}` : undefined}>
      {remote.name} {release.version}
    </p>
  );
}

function areaName(remote: RemoteEntry): string {
  return remote.menu[0]?.label ?? remote.routes[0]?.title ?? remote.name;
}

/**
 * One remote, isolated: its own error boundary and suspense, so a remote that is down or throws
 * leaves the rest of the console (the sidebar) working. A remote that cannot be loaded shows
 * 'This area is unavailable' with Retry, which builds a NEW lazy component (React caches a rejected
 * one) and re-registers the remote, so it recovers without a page reload. A loaded remote that throws
 * while rendering shows the spec's error page (section 2.1) with the message, until the route changes
 * (`resetKey`, the pathname).
 */
export function RemoteArea({
  remote,
  host,
  resetKey,
}: {
  remote: RemoteEntry;
  host: HostContext;
  resetKey?: string;
}) {
  const [attempt, setAttempt] = useState(0);
  const RemoteApp = useMemo(
    () =>
      lazy(() =>
        loadRemoteApp(remote, attempt > 0).catch((error: unknown) => {
          throw new RemoteLoadError(error);
        }),
      ),
    [remote, attempt],
  );
  return (
    <AreaBoundary
      key={`${remote.name}:${attempt}`}
      resetKey={resetKey}
      fallback={(error) =>
        isLoadFailure(error) ? (
          <AreaUnavailable
            area={areaName(remote)}
            detail={error.message}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        ) : (
          <ErrorPage error={error} inline onHome={() => host.navigate('/')} />
        )
      }
    >
      <Suspense fallback={<Loading size="large" />}>
        <RemoteApp host={host} />
        <AreaRelease remote={remote} />
      </Suspense>
    </AreaBoundary>
  );
}
