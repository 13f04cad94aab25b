import { type ComponentType, createElement, lazy, useState } from 'react';
import { matchPath } from 'react-router-dom';

/** A screen in a chunk of its own that can be loaded ahead of its first render. */
export type LazyScreen<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * Like React.lazy, plus `preload()`: once its chunk is in, the screen renders at once. React.lazy suspends
 * at a component's first render even when its chunk is already loaded, and a Suspense fallback shown
 * holds back what follows it: React reveals it no sooner than 300 ms after the fallback appeared. The
 * console preloads the page it opens on (shell/src/app/router.tsx), the page's screen with its area, and
 * the other areas' screens in the background (shell/src/federation).
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // Not kept: the next render or preload tries again (a chunk may fail on a bad network).
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  // Called once per screen at module level, as React.lazy is. Which of the two a mounted screen renders
  // is fixed at its mount: switching would remount the page and lose its state.
  // biome-ignore lint/correctness/noComponentHookFactories: a module-level factory, like React.lazy
  function Screen(props: P) {
    const [Component] = useState(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Screen, { preload });
}

/** An area's screens by route pattern ('/lottery/details/:id'), as its <Routes> lists them. */
export type ScreenRoutes = Record<string, Pick<LazyScreen<object>, 'preload'>>;

/**
 * An area's `preload` export: the screens of the routes matching `pathname`, or every screen without one.
 * The console calls it with the page's path as soon as the area's code is in, so the screen downloads
 * beside the rest and the area's first render shows it (no second fallback, no second 300 ms).
 */
export function preloadScreens(routes: ScreenRoutes): (pathname?: string) => Promise<void> {
  return (pathname) => {
    const screens = Object.entries(routes)
      .filter(([pattern]) => pathname === undefined || matchPath(pattern, pathname))
      .map(([, screen]) => screen.preload());
    return Promise.all(screens).then(() => undefined);
  };
}
