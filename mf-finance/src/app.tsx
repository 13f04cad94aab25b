import { HostProvider, type RemoteAppProps } from '@backoffice/shared/host';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import '@backoffice/shared/ui/ui.css';
import './finance.css';

// Each screen is its own chunk: opening one page downloads only that page.
const PendingWithdrawals = lazy(() => import('./features/pending/PendingWithdrawals.tsx'));
const ApprovedWithdrawals = lazy(() => import('./features/processed/ApprovedWithdrawals.tsx'));
const CompletedWithdrawals = lazy(() => import('./features/processed/CompletedWithdrawals.tsx'));
const Transactions = lazy(() => import('./features/transactions/Transactions.tsx'));

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
          <Route path="/withdrawals/pending" element={<PendingWithdrawals />} />
          <Route path="/withdrawals/approved" element={<ApprovedWithdrawals />} />
          <Route path="/withdrawals/completed" element={<CompletedWithdrawals />} />
          <Route path="/transactions" element={<Transactions />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </HostProvider>
  );
}
