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
const screens = {
  '/lottery/create-lottery': CreateLottery,
  '/lottery/open': OpenLotteries,
  '/lottery/upcoming': UpcomingLotteries,
  '/lottery/closed': ClosedLotteries,
  '/lottery/completed': CompletedLotteries,
  '/lottery/ticket-history': TicketHistory,
  '/lottery/details/:id': LotteryDetails,
  '/lottery/publish/:id': AnnounceResults,
  '/lottery/publish-ticket': PublishMockup,
};
/** Loads a route's screen ahead, or every screen (the console: shell/src/federation/runtime.ts, preload.ts). */
export const preload = preloadScreens(screens);
/** Pages that only change lotteries. */
const WRITERS_ONLY = new Set(['/lottery/create-lottery']);

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
          {Object.entries(screens).map(([path, Page]) => {
            const page = (
              <Screen>
                <Page />
              </Screen>
            );
            return (
              <Route
                key={path}
                path={path}
                element={WRITERS_ONLY.has(path) ? <WritersOnly>{page}</WritersOnly> : page}
              />
            );
          })}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </div>
    </HostProvider>
  );
}
