import type {
  MineGame,
  MinesListResponse,
  MinesStats,
  MinesStatsResponse,
} from '@backoffice/shared/contract';
import { errorMessage, type HttpClient, isCanceled, trusted, useHost } from '@backoffice/shared/host';
import { PAGINATION } from '@backoffice/shared/rules';
import { useEffect, useState } from 'react';

type Load<T> = { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'error'; message: string };

export interface MinesPage {
  games: MineGame[];
  total: number;
  totalPages: number;
}

/**
 * Loads once per change of `key`: loading, then the value or the error (also toasted, with the
 * server's message or `fallback`). A newer load cancels the one in flight.
 */
function useLoad<T>(
  key: string,
  fallback: string,
  load: (http: HttpClient, signal: AbortSignal) => Promise<T>,
) {
  const { http, notify } = useHost();
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for everything `load` reads
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(http, controller.signal)
      .then((value) => setState({ status: 'loaded', value }))
      .catch((error: unknown) => {
        if (isCanceled(error)) return;
        const message = errorMessage(error, fallback);
        notify.error(message);
        setState({ status: 'error', message });
      });
    return () => controller.abort();
  }, [http, notify, key, fallback]);
  return state;
}

/** One list of the dashboard ('' = active games, 'true' = recent big wins), 5 per page. */
export function useMinesList(order: '' | 'true', page: number, fallback: string): Load<MinesPage> {
  return useLoad(`${order}:${page}`, fallback, async (http, signal) => {
    const answer = await http.get('/admin/mines', trusted<MinesListResponse>(), {
      params: { page, limit: PAGINATION.minesPageSize, order },
      signal,
    });
    return { games: answer.data.data, total: answer.data.total, totalPages: answer.data.totalPages };
  });
}

export function useMinesStats(): Load<MinesStats> {
  return useLoad('stats', 'Failed to fetch mine stats', async (http, signal) => {
    return (await http.get('/admin/mines/stats', trusted<MinesStatsResponse>(), { signal })).data;
  });
}
