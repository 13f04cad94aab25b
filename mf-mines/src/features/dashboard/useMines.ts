import {
  type MineGame,
  type MinesStats,
  minesListResponse,
  minesStatsResponse,
} from '@backoffice/shared/contract';
import { errorMessage, isCanceled, useHost } from '@backoffice/shared/host';
import { PAGINATION } from '@backoffice/shared/rules';
import { useEffect, useState } from 'react';

type Load<T> = { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'error'; message: string };

export interface MinesPage {
  games: MineGame[];
  total: number;
  totalPages: number;
}

/** One list of the dashboard ('' = active games, 'true' = recent big wins), 5 per page. */
export function useMinesList(order: '' | 'true', page: number, fallback: string): Load<MinesPage> {
  const { http, notify } = useHost();
  const [state, setState] = useState<Load<MinesPage>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    http
      .get('/admin/mines', minesListResponse, {
        params: { page, limit: PAGINATION.minesPageSize, order },
        signal: controller.signal,
      })
      .then((answer) =>
        setState({
          status: 'loaded',
          value: { games: answer.data.data, total: answer.data.total, totalPages: answer.data.totalPages },
        }),
      )
      .catch((error: unknown) => {
        if (isCanceled(error)) return;
        const message = errorMessage(error, fallback);
        notify.error(message);
        setState({ status: 'error', message });
      });
    return () => controller.abort();
  }, [http, notify, order, page, fallback]);
  return state;
}

export function useMinesStats(): Load<MinesStats> {
  const { http, notify } = useHost();
  const [state, setState] = useState<Load<MinesStats>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    http
      .get('/admin/mines/stats', minesStatsResponse, { signal: controller.signal })
      .then((answer) => setState({ status: 'loaded', value: answer.data }))
      .catch((error: unknown) => {
        if (isCanceled(error)) return;
        const message = errorMessage(error, 'Failed to fetch mine stats');
        notify.error(message);
        setState({ status: 'error', message });
      });
    return () => controller.abort();
  }, [http, notify]);
  return state;
}
