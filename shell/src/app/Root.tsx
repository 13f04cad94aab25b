import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
// The unstyled build with the stylesheet: the default build carries the same CSS again, injected from JS.
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import { useAuth } from '../auth/store.ts';
import { AppErrorBoundary } from '../components/ErrorPage.tsx';
import { setNavigator } from '../http/services.ts';
import { useRegistry } from '../registry/store.ts';
import { useAppearance } from '../theme/preferences.ts';
import { AppRoutes } from './router.tsx';
import { titleFor } from './titles.ts';

// With a session, the registry is read as the app starts, beside the layout's chunks (router.tsx) and
// not after them: the admin check (/admin/auth/me) starts with the layout, the area needs both.
// Nothing is read when index.html came with the registry inlined.
if (useAuth.getState().token) void useRegistry.getState().load();

/** Route-change duties (docs/screens.md#access): scroll to top and the tab title. */
function LocationEffects() {
  const { pathname } = useLocation();
  const registry = useRegistry((state) => state.registry);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    document.title = titleFor(pathname, registry);
  }, [pathname, registry]);
  return null;
}

export function Root() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, options) => navigate(to, options)), [navigate]);
  const mode = useAppearance((state) => state.mode);
  return (
    <>
      <LocationEffects />
      <AppErrorBoundary>
        <AppRoutes />
      </AppErrorBoundary>
      {/* shared/src/rules/constants.ts: top right, 4000 ms, 3 visible, swipe (20 px of 356 px), close button. */}
      <ToastContainer
        position="top-right"
        autoClose={4000}
        limit={3}
        newestOnTop
        closeOnClick={false}
        draggable
        draggablePercent={6}
        pauseOnFocusLoss={false}
        theme={mode}
      />
    </>
  );
}
