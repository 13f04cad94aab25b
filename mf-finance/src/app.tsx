import { HostProvider, type RemoteAppProps } from '@backoffice/shared/host';
import { lazyScreen, preloadScreens } from '@backoffice/shared/ui';
import { Spin } from 'antd';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import '@backoffice/shared/ui/ui.css';
import './finance.css';

// Each screen is its own chunk: opening one page downloads only that page.
const PendingWithdrawals = lazyScreen(() => import('./features/pending/PendingWithdrawals.tsx'));
const ApprovedWithdrawals = lazyScreen(() => import('./features/processed/ApprovedWithdrawals.tsx'));
const CompletedWithdrawals = lazyScreen(() => import('./features/processed/CompletedWithdrawals.tsx'));
const Transactions = lazyScreen(() => import('./features/transactions/Transactions.tsx'));
const screens = {
  '/withdrawals/pending': PendingWithdrawals,
  '/withdrawals/approved': ApprovedWithdrawals,
  '/withdrawals/completed': CompletedWithdrawals,
  '/transactions': Transactions,
};
/** Loads a route's screen ahead, or every screen (the console: shell/src/federation/runtime.ts, preload.ts). */
export const preload = preloadScreens(screens);

function Loading() {
  return (
    <div className="finance-loading">
      <Spin size="large" />
    </div>
  );
}

/** The remote's one exposed module: its routes, rendered by the shell inside the console layout. */
export default function FinanceApp({ host }: RemoteAppProps) {
  return (
    <HostProvider host={host}>
      <Suspense fallback={<Loading />}>
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
