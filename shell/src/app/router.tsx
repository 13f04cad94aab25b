import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useAuth } from '../auth/store.ts';
import { Loading } from '../components/Loading.tsx';
import { PublicOnly, RequireAuth, RequirePermission } from './guards.tsx';

// Every page is a chunk of its own, the sign-in page too: it carries antd's form controls and the
// login schema, which no signed-in page needs. A visitor without a session starts downloading it
// at once, while React mounts.
// The chunk name is what build/preload-sign-in.ts preloads from index.html.
const loadSignIn = () => import(/* webpackChunkName: "signin" */ '../features/signin/SignInPage.tsx');
// The layout and the remote route (the registry, the federation runtime's loader) are no part of the
// sign-in page; with a session they start downloading at once, side by side.
const loadLayout = () => import(/* webpackChunkName: "layout" */ '../layout/AppLayout.tsx');
const loadRemoteRoute = () => import(/* webpackChunkName: "remote-route" */ './RemoteRoute.tsx');
if (useAuth.getState().token) {
  void loadLayout();
  void loadRemoteRoute();
} else void loadSignIn();
const SignInPage = lazy(loadSignIn);
const AppLayout = lazy(loadLayout);
const RemoteRoute = lazy(loadRemoteRoute);
// Named, as the layout: build/antd-chunks.ts gives the antd parts they share with the list pages a file
// of their own.
const DashboardPage = lazy(
  () => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardPage.tsx'),
);
const MaintenancePage = lazy(() => import('../features/maintenance/MaintenancePage.tsx'));
const TwoFactorPage = lazy(() => import('../features/account/TwoFactorPage.tsx'));
const AdminsPage = lazy(() => import('../features/admins/AdminsPage.tsx'));
const SecurityPage = lazy(() => import('../features/account/SecurityPage.tsx'));
const AuditLogPage = lazy(() => import('../features/audit/AuditLogPage.tsx'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage.tsx'));
const ReleasesPage = lazy(() => import('../features/releases/ReleasesPage.tsx'));

const page = (element: ReactNode) => (
  <Suspense fallback={<Loading size="large" fullScreen />}>{element}</Suspense>
);

/** The shell's routes; every other path belongs to a remote (the registry) or goes to '/'. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/auth/signin" element={<PublicOnly>{page(<SignInPage />)}</PublicOnly>} />
      <Route element={<RequireAuth>{page(<AppLayout />)}</RequireAuth>}>
        <Route path="/" element={page(<DashboardPage />)} />
        <Route path="/maintenance" element={page(<MaintenancePage />)} />
        <Route path="/account/two-factor" element={page(<TwoFactorPage />)} />
        <Route path="/account/security" element={page(<SecurityPage />)} />
        <Route
          path="/audit"
          element={<RequirePermission permission="audit:read">{page(<AuditLogPage />)}</RequirePermission>}
        />
        <Route
          path="/admins"
          element={<RequirePermission permission="admins:manage">{page(<AdminsPage />)}</RequirePermission>}
        />
        <Route
          path="/settings"
          element={<RequirePermission permission="admins:manage">{page(<SettingsPage />)}</RequirePermission>}
        />
        <Route
          path="/releases"
          element={
            <RequirePermission permission="releases:manage">{page(<ReleasesPage />)}</RequirePermission>
          }
        />
        <Route path="*" element={page(<RemoteRoute />)} />
      </Route>
    </Routes>
  );
}
