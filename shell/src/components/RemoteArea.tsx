import type { HostContext, RemoteAppProps } from '@backoffice/shared/host';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
} from 'react';
import { reportFailure, reportLoad } from '../federation/reports.ts';
import { loadedRemoteApp, loadRemoteApp, type RemoteBuild } from '../federation/runtime.ts';
import type { PreviewVersion } from '../registry/preview.ts';
import { refreshWithin } from '../registry/refresh.ts';
import type { RemoteEntry } from '../registry/registry.ts';
import { useRegistry } from '../registry/store.ts';
import {
  type AreaBuild,
  fail,
  fallbackLeft,
  follow,
  mounted,
  restart,
  updateWaiting,
  wantedOf,
} from './area-version.ts';
import { Loading } from './Loading.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';
import './message-page.css';
import './RemoteArea.css';

/** Retry asks the API for the live version first, for this long at most. */
const RETRY_REFRESH_MS = 3_000;

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

interface BoundaryProps {
  fallback: (error: Error) => ReactNode;
  onError: (error: Error) => void;
  children: ReactNode;
}

/** Catches what the area throws, at any time after it started; RemoteArea decides what comes next. */
class AreaBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(
      isLoadFailure(error) ? 'Remote area failed to load' : 'Remote area crashed',
      error,
      info.componentStack,
    );
    this.props.onError(error instanceof Error ? error : new Error(String(error)));
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

/**
 * The mounted build of an area, in small print under it (which version a rollback, a fallback or a
 * preview brought). Rendered after the remote's app in the same Suspense: its effect runs once the area
 * has committed, which is what `onMounted` means.
 */
function AreaRelease({ name, build, onMounted }: { name: string; build: AreaBuild; onMounted: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount; the boundary remounts it for each build
  useEffect(() => onMounted(), []);
  return (
    <p className="shell-area-release" title={build.commit ? `commit ${build.commit}` : undefined}>
      {name} {build.version}
    </p>
  );
}

/**
 * The remote's app, with its release line, once its code (and the page's screen) is in; until then the
 * loading indicator as a plain render, not a Suspense fallback: React shows what follows a fallback no
 * sooner than 300 ms after it, which entering an area would wait for. A remote loaded already (in the
 * background, or earlier in this page) renders at once. A failed load is thrown to the AreaBoundary.
 */
function AreaApp({
  build,
  retry,
  host,
  release,
}: {
  build: RemoteBuild;
  retry: boolean;
  host: HostContext;
  release: ReactNode;
}) {
  const [load, setLoad] = useState<{ App?: ComponentType<RemoteAppProps>; error?: Error }>(() => ({
    App: retry ? undefined : loadedRemoteApp(build)?.default,
  }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount; the boundary remounts it for each build and attempt
  useEffect(() => {
    if (load.App) return;
    let current = true;
    loadRemoteApp(build, retry).then(
      (module) => current && setLoad({ App: module.default }),
      (error: unknown) => current && setLoad({ error: new RemoteLoadError(error) }),
    );
    return () => {
      current = false;
    };
  }, []);
  if (load.error) throw load.error;
  if (!load.App) return <Loading size="large" />;
  return (
    <>
      <load.App host={host} />
      {release}
    </>
  );
}

export function areaName(remote: RemoteEntry): string {
  return remote.menu[0]?.label ?? remote.routes[0]?.title ?? remote.name;
}

/**
 * One remote, isolated: its own error boundary and suspense, so a remote that is down or throws
 * leaves the rest of the console (the sidebar) working.
 *
 * Which build: the registry's live one (a cohort's version for its admins), or an ops admin's `preview`.
 * A live build that fails, to load (manifest, entry, chunk, shared versions, a file whose integrity does
 * not match) or at any time after (a render, an effect, in any route), gives way to the registry's
 * previous build in this tab, with a notice. When no build works, 'This area is unavailable' with Retry,
 * which reads the registry again and loads the build afresh; after a crash, another route of the area
 * tries again. A newer live build never replaces a working area under the admin's hands: a banner offers
 * to reload it. Every failure, and each first load, is reported.
 */
export function RemoteArea({
  remote,
  host,
  resetKey,
  preview = null,
  onExitPreview,
}: {
  remote: RemoteEntry;
  host: HostContext;
  resetKey?: string;
  preview?: PreviewVersion | null;
  onExitPreview?: () => void;
}) {
  const wanted = wantedOf(remote, preview);
  const [tracked, setState] = useState(() => restart(null, wanted));
  // Adjusted while rendering (not in an effect): a new build must not start loading the old one first.
  const state = follow(tracked, wanted, resetKey);
  if (state !== tracked) setState(state);
  const { shown, attempt, epoch } = state;
  const name = remote.name;

  const build = { area: remote.area, version: shown.version };
  const onMounted = () => {
    setState(mounted);
    reportLoad(host.http, build);
  };
  const onError = (error: Error) => {
    setState((current) => fail(current, resetKey, !isLoadFailure(error)));
    // A report may make the API roll the version back: the registry then says so.
    void reportFailure(host.http, build, error).then((rolledBack) => {
      if (rolledBack) void useRegistry.getState().refresh();
    });
  };
  const retry = () =>
    void refreshWithin(RETRY_REFRESH_MS).then(() =>
      setState((current) => restart(current, current.basis, true)),
    );

  const label = areaName(remote);
  return (
    <>
      {state.basis.preview && (
        <UpdateBanner variant="preview" action="Exit preview" onAction={() => onExitPreview?.()}>
          Preview {remote.area} {shown.version}
        </UpdateBanner>
      )}
      {updateWaiting(state, wanted) && (
        <UpdateBanner action="Reload" onAction={() => setState(restart(state, wanted))}>
          {label} was updated —{' '}
        </UpdateBanner>
      )}
      {state.failed && state.phase !== 'failed' && (
        <p className="shell-area-notice" role="status">
          {label} {state.failed.version} failed to load; showing {shown.version}
        </p>
      )}
      <AreaBoundary
        key={epoch}
        onError={onError}
        fallback={(error) =>
          // The previous build comes next; with none left, no build works.
          fallbackLeft(state) ? (
            <Loading size="large" />
          ) : (
            <AreaUnavailable area={label} detail={error.message} onRetry={retry} />
          )
        }
      >
        <Suspense fallback={<Loading size="large" />}>
          <AreaApp
            build={{ name, entry: shown.entry, integrity: shown.integrity }}
            retry={attempt > 0}
            host={host}
            release={<AreaRelease name={name} build={shown} onMounted={onMounted} />}
          />
        </Suspense>
      </AreaBoundary>
    </>
  );
}
