import { HostProvider, type RemoteAppProps, useCan } from '@backoffice/shared/host';
import { lazyScreen, NoAccess, preloadScreens, Spinner } from '@backoffice/shared/ui';
import '@backoffice/shared/ui/ui.css';
import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import './lottery.css';

// Each screen is its own chunk: a page downloads only itself.
const CreateLottery = lazyScreen(() => import('./features/create/CreateLottery.tsx'));
const OpenLotteries = lazyScreen(() => import('./features/open/OpenLotteries.tsx'));
const UpcomingLotteries = lazyScreen(() => import('./features/upcoming/UpcomingLotteries.tsx'));
const ClosedLotteries = lazyScreen(() => import('./features/closed/ClosedLotteries.tsx'));
const CompletedLotteries = lazyScreen(() => import('./features/completed/CompletedLotteries.tsx'));
const TicketHistory = lazyScreen(() => import('./features/ticket-history/TicketHistory.tsx'));
const LotteryDetails = lazyScreen(() => import('./features/details/LotteryDetails.tsx'));
const AnnounceResults = lazyScreen(() => import('./features/publish/AnnounceResults.tsx'));
const PublishMockup = lazyScreen(() => import('./features/publish-ticket/PublishMockup.tsx'));
/** Loads every screen ahead (the console does it in the background: shell/src/federation/preload.ts). */
export const preload = preloadScreens(
  CreateLottery,
  OpenLotteries,
  UpcomingLotteries,
  ClosedLotteries,
  CompletedLotteries,
  TicketHistory,
  LotteryDetails,
  AnnounceResults,
  PublishMockup,
);

function Screen({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="lottery-loading">
          <Spinner size="large" label="Loading" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** A page that only changes lotteries: a read-only admin (e.g. an auditor) is told so instead of a form the API would refuse. */
function WritersOnly({ children }: { children: ReactNode }) {
  return useCan('lottery:write') ? (
    children
  ) : (
    <NoAccess
      title="You do not have access to this page"
      subTitle="Your roles let you view lotteries but not change them. Ask a superadmin for the lottery role if you need it."
    />
  );
}

/** The remote's one exposed module: its routes, rendered by the shell inside the console layout. */
export default function LotteryApp({ host }: RemoteAppProps) {
  return (
    <HostProvider host={host}>
      <div className="lottery-app">
        <Routes>
          <Route
            path="/lottery/create-lottery"
            element={
              <WritersOnly>
                <Screen>
                  <CreateLottery />
                </Screen>
              </WritersOnly>
            }
          />
          <Route
            path="/lottery/open"
            element={
              <Screen>
                <OpenLotteries />
              </Screen>
            }
          />
          <Route
            path="/lottery/upcoming"
            element={
              <Screen>
                <UpcomingLotteries />
              </Screen>
            }
          />
          <Route
            path="/lottery/closed"
            element={
              <Screen>
                <ClosedLotteries />
              </Screen>
            }
          />
          <Route
            path="/lottery/completed"
            element={
              <Screen>
                <CompletedLotteries />
              </Screen>
            }
          />
          <Route
            path="/lottery/ticket-history"
            element={
              <Screen>
                <TicketHistory />
              </Screen>
            }
          />
          <Route
            path="/lottery/details/:id"
            element={
              <Screen>
                <LotteryDetails />
              </Screen>
            }
          />
          <Route
            path="/lottery/publish/:id"
            element={
              <Screen>
                <AnnounceResults />
              </Screen>
            }
          />
          <Route
            path="/lottery/publish-ticket"
            element={
              <Screen>
                <PublishMockup />
              </Screen>
            }
          />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </div>
    </HostProvider>
  );
}
