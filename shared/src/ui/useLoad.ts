import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

export interface LoadState<T> {
  /** The last loaded value; kept while a newer load runs. */
  data: T | undefined;
  /** The latest run's failure; null while a run is under way or after a success (never a cancel). */
  error: unknown;
  loading: boolean;
  /** Loads again with the same deps. */
  reload: () => void;
  /**
   * Loads again in the background (a live event): `loading` stays false and the data stays until the
   * new data replaces it; a failure is dropped (the data shown stays, the next event tries again).
   */
  refresh: () => void;
}

/** Aborted fetches, the host's ApiError of kind 'canceled' and DOM AbortErrors. */
function isCanceled(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, kind } = error as { name?: unknown; kind?: unknown };
  return kind === 'canceled' || name === 'AbortError' || name === 'CanceledError';
}

/**
 * Runs `load` when deps change (and on reload()), passing an AbortSignal; a newer run aborts the one
 * in flight, and results of aborted runs are dropped.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): LoadState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const quiet = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps stand for `load`
  useEffect(() => {
    const controller = new AbortController();
    const inBackground = quiet.current;
    quiet.current = false;
    if (!inBackground) {
      setLoading(true);
      setError(null);
    }
    // Through a Promise so that a `load` throwing synchronously lands in `error` too.
    new Promise<T>((resolve) => resolve(load(controller.signal))).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setLoading(false);
      },
      (failure: unknown) => {
        if (isCanceled(failure, controller.signal) || inBackground) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const refresh = useCallback(() => {
    quiet.current = true;
    setAttempt((n) => n + 1);
  }, []);
  return { data, error, loading, reload, refresh };
}
