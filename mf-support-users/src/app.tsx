import { HostProvider, type RemoteAppProps } from '@backoffice/shared/host';
import { lazyScreen, preloadScreens } from '@backoffice/shared/ui';
import { Spin } from 'antd';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import '@backoffice/shared/ui/ui.css';
import './su.css';

// Each screen is its own chunk: a page downloads only itself.
const SupportTickets = lazyScreen(() => import('./features/support/SupportTickets.tsx'));
const UsersList = lazyScreen(() => import('./features/users/UsersList.tsx'));
const UserPage = lazyScreen(() => import('./features/user/UserPage.tsx'));
const screens = { '/support': SupportTickets, '/users': UsersList, '/users/:id': UserPage };
/** Loads a route's screen ahead, or every screen (the console: shell/src/federation/runtime.ts, preload.ts). */
export const preload = preloadScreens(screens);

/** The remote's one exposed module: its routes, rendered by the shell inside the console layout. */
export default function SupportUsersApp({ host }: RemoteAppProps) {
  return (
    <HostProvider host={host}>
      <Suspense
        fallback={
          <div className="su-loading">
            <Spin size="large" />
          </div>
        }
      >
        <Routes>
          {Object.entries(screens).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </HostProvider>
  );
}
