import type { RemoteEntry } from '../registry/registry.ts';

/** One build of an area, as the console loads it. */
export interface AreaBuild {
  version: string;
  /** Its mf-manifest.json URL. */
  entry: string;
  /** The registry names the live version's commit only. */
  commit: string | null;
  /** Its first files' integrity (runtime.ts RemoteBuild). */
  integrity: Record<string, string>;
}

/** What an area should load now: its live version (and the one before, to fall back on), or a preview. */
export interface Wanted {
  build: AreaBuild;
  previous: AreaBuild | null;
  /** An ops admin's preview of a version that is not live: loaded alone, no fallback. */
  preview: boolean;
}

export function wantedOf(
  remote: RemoteEntry,
  preview: { version: string; entry: string; integrity?: Record<string, string> } | null,
): Wanted {
  if (preview) return { build: { integrity: {}, ...preview, commit: null }, previous: null, preview: true };
  return {
    build: {
      version: remote.version,
      entry: remote.entry,
      commit: remote.commit,
      integrity: remote.integrity,
    },
    previous: remote.previous && { ...remote.previous, commit: null },
    preview: false,
  };
}

/** What an area shows and how far it got. */
export interface AreaState {
  /** What was wanted when `shown` was chosen: a different wanted build is an update. */
  basis: Wanted;
  shown: AreaBuild;
  /** The live build that failed (to load, or later), while `shown` is the previous one. */
  failed: AreaBuild | null;
  /** mounted: committed once; failed: no build left to try (the boundary shows why). */
  phase: 'loading' | 'mounted' | 'failed';
  /** The route (`resetKey`) where the last build left crashed: another route tries the area again. */
  crashedOn: { route: string | undefined } | null;
  /** Retries: each one loads anew and re-registers the remote. */
  attempt: number;
  /** Each start from the top (the boundary's key): a new route after a crash starts again too. */
  epoch: number;
}

export const sameBuild = (a: AreaBuild, b: AreaBuild) => a.entry === b.entry && a.version === b.version;

/** Loads `wanted` from the start; `retry` counts as a new attempt. */
export function restart(state: AreaState | null, wanted: Wanted, retry = false): AreaState {
  const attempt = (state?.attempt ?? 0) + (retry ? 1 : 0);
  const epoch = (state?.epoch ?? 0) + 1;
  return {
    basis: wanted,
    shown: wanted.build,
    failed: null,
    phase: 'loading',
    crashedOn: null,
    attempt,
    epoch,
  };
}

export function isWorking(state: AreaState): boolean {
  return state.phase === 'mounted';
}

/**
 * The registry or the preview changed. A working area keeps its build (the console offers a Reload);
 * one that is loading or failed, or a preview started or ended, takes the new build at once.
 * Returns `state` itself when nothing changes.
 */
export function follow(state: AreaState, wanted: Wanted, route: string | undefined): AreaState {
  const { basis } = state;
  // Every build crashed on one route: another route of the area tries it afresh (a crash may be that
  // page's alone, or its data's).
  if (state.crashedOn && state.crashedOn.route !== route) return restart(state, wanted);
  const same =
    sameBuild(basis.build, wanted.build) &&
    basis.preview === wanted.preview &&
    (basis.previous === wanted.previous ||
      (basis.previous !== null && wanted.previous !== null && sameBuild(basis.previous, wanted.previous)));
  if (same) return state;
  if (wanted.preview || basis.preview || !isWorking(state)) return restart(state, wanted);
  // Already showing the new live build (the previous one, after a rollback): nothing to reload.
  if (sameBuild(wanted.build, state.shown) || sameBuild(wanted.build, basis.build))
    return { ...state, basis: wanted };
  return state;
}

/** A newer live build than the one a working area shows: the area offers to reload. */
export function updateWaiting(state: AreaState, wanted: Wanted): boolean {
  return isWorking(state) && !wanted.preview && !sameBuild(wanted.build, state.basis.build);
}

/**
 * The shown build failed: to load, on mount, or at any time after (a render, an effect). A live build
 * gives way to the previous one in this tab; with nothing left to try the area has failed. `crash`: it
 * had loaded (not a failure to fetch code), so another route may try again.
 */
export function fail(state: AreaState, route: string | undefined, crash: boolean): AreaState {
  const { previous } = state.basis;
  if (fallbackLeft(state) && previous)
    return { ...state, shown: previous, failed: state.shown, phase: 'loading', epoch: state.epoch + 1 };
  if (state.phase === 'failed') return state;
  return { ...state, phase: 'failed', crashedOn: crash ? { route } : null };
}

/** Whether a failure of the shown build leaves another one to show (the live one's previous). */
export function fallbackLeft(state: AreaState): boolean {
  const { previous, preview } = state.basis;
  return !preview && !state.failed && !!previous && !sameBuild(previous, state.shown);
}

export function mounted(state: AreaState): AreaState {
  return state.phase === 'mounted' ? state : { ...state, phase: 'mounted', crashedOn: null };
}
