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
/** Loads every screen ahead (the console does it in the background: shell/src/federation/preload.ts). */
export const preload = preloadScreens(SupportTickets, UsersList, UserPage);

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
          <Route path="/support" element={<SupportTickets />} />
          <Route path="/users" element={<UsersList />} />
          <Route path="/users/:id" element={<UserPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </HostProvider>
  );
}
