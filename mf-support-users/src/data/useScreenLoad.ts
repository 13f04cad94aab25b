import { errorMessage, isCanceled, useHost } from '@backoffice/shared/host';
import { useLoad } from '@backoffice/shared/ui';
import { type DependencyList, useCallback, useEffect, useState } from 'react';

/**
 * The kit's useLoad plus spec section 8: a failed load is toasted with the server's message or the
 * screen's fallback, and `message` is the same text for the screen's error panel.
 * `refresh()` reloads while the rows on screen stay (after an action, or Refresh): `busy` is true only
 * for loads that replace what is shown (first load, another page, other filters).
 */
export function useScreenLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  fallback: string,
) {
  const { notify } = useHost();
  const state = useLoad<T>(async (signal) => {
    try {
      return await load(signal);
    } catch (error) {
      if (!isCanceled(error) && !signal.aborted) notify.error(errorMessage(error, fallback));
      throw error;
    }
  }, deps);
  const [quiet, setQuiet] = useState(false);
  useEffect(() => {
    if (!state.loading) setQuiet(false);
  }, [state.loading]);
  const { reload } = state;
  const refresh = useCallback(() => {
    setQuiet(true);
    reload();
  }, [reload]);
  return {
    ...state,
    refresh,
    busy: state.loading && !quiet,
    message: state.error ? errorMessage(state.error, fallback) : null,
  };
}
