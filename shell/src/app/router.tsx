import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Loading } from '../components/Loading.tsx';
import SignInPage from '../features/signin/SignInPage.tsx';
import { PublicOnly, RequireAuth } from './guards.tsx';
import { RemoteRoute } from './RemoteRoute.tsx';

// The sign-in page is in the first chunk (it is the first thing a visitor sees); every signed-in
// page is a chunk of its own.
const AppLayout = lazy(() => import('../layout/AppLayout.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));
const MaintenancePage = lazy(() => import('../features/maintenance/MaintenancePage.tsx'));

const page = (element: ReactNode) => (
  <Suspense fallback={<Loading size="large" fullScreen />}>{element}</Suspense>
);

/** The shell's routes; every other path belongs to a remote (the registry) or goes to '/'. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/auth/signin"
        element={
          <PublicOnly>
            <SignInPage />
          </PublicOnly>
        }
      />
      <Route element={<RequireAuth>{page(<AppLayout />)}</RequireAuth>}>
        <Route path="/" element={page(<DashboardPage />)} />
        <Route path="/maintenance" element={page(<MaintenancePage />)} />
        <Route path="*" element={<RemoteRoute />} />
      </Route>
    </Routes>
  );
}
