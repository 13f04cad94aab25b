import type { DashboardStats } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { errorMessage, isCanceled } from '@backoffice/shared/host';
import { DASHBOARD_REFRESH_MS } from '@backoffice/shared/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { http } from '../../http/services.ts';
import { liveEvents } from '../../live/live.ts';
import { notify } from '../../notify.ts';

const FALLBACK = 'Failed to fetch dashboard stats';

type State =
  | { status: 'loading' }
  | { status: 'loaded'; stats: DashboardStats; refreshing: boolean }
  | { status: 'error'; message: string };

/**
 * docs/screens.md#dashboard: loading, loaded, error; read on load, every 5 minutes, on each live
 * 'dashboard' event, and on Refresh. Refresh asks the API to recompute (POST /admin/dashboard/refresh);
 * the timer reads the current figures.
 */
export function useDashboardStats() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const inFlight = useRef<AbortController | null>(null);
  const loaded = useRef(false);
  useEffect(() => {
    loaded.current = state.status === 'loaded';
  }, [state.status]);

  const fetchStats = useCallback(async (mode: 'initial' | 'refresh' | 'poll') => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState((previous) =>
      previous.status === 'loaded' ? { ...previous, refreshing: mode === 'refresh' } : { status: 'loading' },
    );
    try {
      const answer =
        mode === 'refresh'
          ? await http.call(endpoints.dashboardRefresh, { body: {} }, { signal: controller.signal })
          : await http.call(endpoints.dashboardStats, {}, { signal: controller.signal });
      setState({ status: 'loaded', stats: answer.data, refreshing: false });
    } catch (error) {
      if (isCanceled(error)) return;
      const message = errorMessage(error, FALLBACK);
      notify.error(message);
      setState((previous) =>
        previous.status === 'loaded' && mode === 'poll'
          ? { ...previous, refreshing: false }
          : { status: 'error', message },
      );
    }
  }, []);

  useEffect(() => {
    void fetchStats('initial');
    const timer = window.setInterval(() => void fetchStats('poll'), DASHBOARD_REFRESH_MS);
    // The figures as soon as they change (server push, at most once a second); the timer stays for
    // when the event stream is down. Not while the error panel shows: that waits for Retry, rather than
    // flickering and toasting at every change.
    const unsubscribe = liveEvents.subscribe('dashboard', () => {
      if (loaded.current) void fetchStats('poll');
    });
    return () => {
      unsubscribe();
      window.clearInterval(timer);
      inFlight.current?.abort();
    };
  }, [fetchStats]);

  return {
    state,
    refresh: () => fetchStats('refresh'),
    retry: () => fetchStats('initial'),
  };
}
