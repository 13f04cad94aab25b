import type { DashboardTrends } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { viewerZone } from '@backoffice/shared/format';
import { errorMessage, isCanceled } from '@backoffice/shared/host';
import { useEffect, useState } from 'react';
import { http } from '../../http/services.ts';

export type TrendsState =
  | { status: 'loading' }
  | { status: 'loaded'; trends: DashboardTrends }
  | { status: 'error'; message: string };

/**
 * The last 30 days of the series the admin may read, by day in the viewer's zone (as every date of the
 * console). Read once per dashboard visit: the API keeps them a minute, and days change slowly.
 */
export function useTrends(): TrendsState {
  const [state, setState] = useState<TrendsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    http
      .call(endpoints.dashboardTrends, { query: { tz: viewerZone() } }, { signal: controller.signal })
      .then((answer) => setState({ status: 'loaded', trends: answer.data }))
      .catch((error) => {
        if (!isCanceled(error))
          setState({ status: 'error', message: errorMessage(error, 'Failed to load trends') });
      });
    return () => controller.abort();
  }, []);
  return state;
}
