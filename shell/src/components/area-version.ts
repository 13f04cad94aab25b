import type { RemoteEntry } from '../registry/registry.ts';

/** One build of an area, as the console loads it. */
export interface AreaBuild {
  version: string;
  /** Its mf-manifest.json URL. */
  entry: string;
  /** The registry names the live version's commit only. */
  commit: string | null;
}

/** What an area should load now: its live version (and the one before, to fall back on), or a preview. */
export interface Wanted {
  build: AreaBuild;
  previous: AreaBuild | null;
  /** An ops admin's preview of a version that is not live: loaded alone, no fallback. */
  preview: boolean;
}

export function wantedOf(remote: RemoteEntry, preview: { version: string; entry: string } | null): Wanted {
  if (preview) return { build: { ...preview, commit: null }, previous: null, preview: true };
  return {
    build: { version: remote.version, entry: remote.entry, commit: remote.commit },
    previous: remote.previous && { ...remote.previous, commit: null },
    preview: false,
  };
}

/** What an area shows and how far it got. */
export interface AreaState {
  /** What was wanted when `shown` was chosen: a different wanted build is an update. */
  basis: Wanted;
  shown: AreaBuild;
  /** The live build that failed, while `shown` is the previous one. */
  failed: AreaBuild | null;
  /** mounted: committed once; failed: no build left to try (the boundary shows why). */
  phase: 'loading' | 'mounted' | 'failed';
  /** The route (`resetKey`) where a mounted area crashed; it works again on another route. */
  crashedOn: { route: string | undefined } | null;
  /** Retries: each one loads anew and re-registers the remote. */
  attempt: number;
}

export const sameBuild = (a: AreaBuild, b: AreaBuild) => a.entry === b.entry && a.version === b.version;

/** Loads `wanted` from the start; `retry` counts as a new attempt. */
export function restart(state: AreaState | null, wanted: Wanted, retry = false): AreaState {
  const attempt = (state?.attempt ?? 0) + (retry ? 1 : 0);
  return { basis: wanted, shown: wanted.build, failed: null, phase: 'loading', crashedOn: null, attempt };
}

/** Mounted, and not showing a crash on the current route. */
export function isWorking(state: AreaState, route: string | undefined): boolean {
  return state.phase === 'mounted' && (state.crashedOn === null || state.crashedOn.route !== route);
}

/**
 * The registry or the preview changed. A working area keeps its build (the console offers a Reload);
 * one that is loading or failed, or a preview started or ended, takes the new build at once.
 * Returns `state` itself when nothing changes.
 */
export function follow(state: AreaState, wanted: Wanted, route: string | undefined): AreaState {
  const { basis } = state;
  const same =
    sameBuild(basis.build, wanted.build) &&
    basis.preview === wanted.preview &&
    (basis.previous === wanted.previous ||
      (basis.previous !== null && wanted.previous !== null && sameBuild(basis.previous, wanted.previous)));
  if (same) return state;
  if (wanted.preview || basis.preview || !isWorking(state, route)) return restart(state, wanted);
  // Already showing the new live build (the previous one, after a rollback): nothing to reload.
  if (sameBuild(wanted.build, state.shown) || sameBuild(wanted.build, basis.build))
    return { ...state, basis: wanted };
  return state;
}

/** A newer live build than the one a working area shows: the area offers to reload. */
export function updateWaiting(state: AreaState, wanted: Wanted, route: string | undefined): boolean {
  return isWorking(state, route) && !wanted.preview && !sameBuild(wanted.build, state.basis.build);
}

/**
 * The shown build failed. Before its first commit, a live build falls back to the previous one; with
 * nothing left to try the area has failed. A mounted area that crashes keeps its build.
 */
export function fail(state: AreaState, route: string | undefined): AreaState {
  if (state.phase === 'mounted') return { ...state, crashedOn: { route } };
  const { previous, preview } = state.basis;
  if (!preview && !state.failed && previous && !sameBuild(previous, state.shown))
    return { ...state, shown: previous, failed: state.shown };
  return state.phase === 'failed' ? state : { ...state, phase: 'failed' };
}

export function mounted(state: AreaState): AreaState {
  return state.phase === 'mounted' ? state : { ...state, phase: 'mounted', crashedOn: null };
}
