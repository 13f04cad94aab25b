import type { Permission } from '@backoffice/shared/permissions';
import { type LazyScreen, lazyScreen } from '@backoffice/shared/ui';
import { type ReactNode, Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { useAuth } from '../auth/store.ts';
import { Loading } from '../components/Loading.tsx';
import { PublicOnly, RequireAuth, RequirePermission } from './guards.tsx';

// Every page is a chunk of its own, the sign-in page too: it carries antd's form controls and the
// login schema, which no signed-in page needs. The chunk name is what build/preload-sign-in.ts preloads
// from index.html.
const SignInPage = lazyScreen(
  () => import(/* webpackChunkName: "signin" */ '../features/signin/SignInPage.tsx'),
);
// The layout and the remote route (the registry, the federation runtime's loader) are no part of the
// sign-in page.
const AppLayout = lazyScreen(() => import(/* webpackChunkName: "layout" */ '../layout/AppLayout.tsx'));
const RemoteRoute = lazyScreen(() => import(/* webpackChunkName: "remote-route" */ './RemoteRoute.tsx'));

/** The shell's own pages in the layout; a permission beyond the session where one is needed. */
const shellPages: Record<string, { screen: LazyScreen<object>; permission?: Permission }> = {
  // Named, as the layout: build/antd-chunks.ts gives the antd parts they share with the list pages a file
  // of their own.
  '/': {
    screen: lazyScreen(
      () => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardPage.tsx'),
    ),
  },
  '/maintenance': { screen: lazyScreen(() => import('../features/maintenance/MaintenancePage.tsx')) },
  '/account/two-factor': { screen: lazyScreen(() => import('../features/account/TwoFactorPage.tsx')) },
  '/account/security': { screen: lazyScreen(() => import('../features/account/SecurityPage.tsx')) },
  '/audit': {
    screen: lazyScreen(() => import('../features/audit/AuditLogPage.tsx')),
    permission: 'audit:read',
  },
  '/admins': {
    screen: lazyScreen(() => import('../features/admins/AdminsPage.tsx')),
    permission: 'admins:manage',
  },
  '/settings': {
    screen: lazyScreen(() => import('../features/settings/SettingsPage.tsx')),
    permission: 'admins:manage',
  },
  '/releases': {
    screen: lazyScreen(() => import('../features/releases/ReleasesPage.tsx')),
    permission: 'releases:manage',
  },
};

/**
 * The chunks of the page the console opens on: index.tsx renders the app once they are in. A page
 * rendered before its chunk shows a Suspense fallback, and React reveals what follows a fallback no
 * sooner than 300 ms after it; started here, as this module runs, they download side by side.
 */
export function loadFirstPage(pathname = window.location.pathname): Promise<unknown> {
  if (!useAuth.getState().token) return SignInPage.preload();
  const shellPage = Object.entries(shellPages).find(([path]) => matchPath(path, pathname))?.[1];
  // An area is a click away from any page: its loader comes along, waited for only on an area's page.
  const remoteRoute = RemoteRoute.preload();
  if (shellPage) remoteRoute.catch(() => {});
  return Promise.all([AppLayout.preload(), shellPage ? shellPage.screen.preload() : remoteRoute]);
}

const page = (element: ReactNode) => (
  <Suspense fallback={<Loading size="large" fullScreen />}>{element}</Suspense>
);

/** The shell's routes; every other path belongs to a remote (the registry) or goes to '/'. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/auth/signin" element={<PublicOnly>{page(<SignInPage />)}</PublicOnly>} />
      <Route element={<RequireAuth>{page(<AppLayout />)}</RequireAuth>}>
        {Object.entries(shellPages).map(([path, { screen: Page, permission }]) => (
          <Route
            key={path}
            path={path}
            element={
              permission ? (
                <RequirePermission permission={permission}>{page(<Page />)}</RequirePermission>
              ) : (
                page(<Page />)
              )
            }
          />
        ))}
        <Route path="*" element={page(<RemoteRoute />)} />
      </Route>
    </Routes>
  );
}
