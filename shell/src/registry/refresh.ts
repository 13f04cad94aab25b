import { useRegistry } from './store.ts';

/** How often an open console asks for new versions, while its tab is visible. */
export const REFRESH_MS = 60_000;
/** A registry read this recently is current enough to enter an area with (the page's first read). */
const FRESH_MS = 5_000;

export function isRegistryFresh(): boolean {
  return Date.now() - useRegistry.getState().readAt < FRESH_MS;
}

/** Refreshes the registry, waiting `ms` at most: a slow API delays nothing by more than that. */
export function refreshWithin(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void useRegistry
      .getState()
      .refresh()
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}

/**
 * Keeps an open console's registry current: every minute while the tab is visible, and on coming back
 * to a tab whose last read is older than that. Returns the stop function.
 */
export function watchRegistry(): () => void {
  const visible = () => document.visibilityState === 'visible';
  const timer = setInterval(() => {
    if (visible()) void useRegistry.getState().refresh();
  }, REFRESH_MS);
  const onVisibility = () => {
    if (visible() && Date.now() - useRegistry.getState().readAt >= REFRESH_MS)
      void useRegistry.getState().refresh();
  };
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
