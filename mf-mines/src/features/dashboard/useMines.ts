import { endpoints } from '@backoffice/shared/endpoints';
import { type CallAnswer, errorMessage, useHost } from '@backoffice/shared/host';
import { PAGINATION } from '@backoffice/shared/rules';
import { useLoad } from '@backoffice/shared/ui';
import { useEffect } from 'react';

export type MinesPage = CallAnswer<'minesList'>['data'];
export type MinesStats = CallAnswer<'minesStats'>['data'];

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  /** The spec's message of a failed load (the server's, or the screen's fallback); null otherwise. */
  error: string | null;
}

/**
 * useLoad plus shared/src/rules/messages.ts: a failure is toasted once, with the server's message or
 * `fallback`.
 */
function useNotifiedLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[], fallback: string) {
  const { notify } = useHost();
  const state = useLoad(load, deps);
  const error = state.error ? errorMessage(state.error, fallback) : null;
  useEffect(() => {
    if (error) notify.error(error);
  }, [error, notify]);
  return { data: state.data, loading: state.loading, error } satisfies Loaded<T>;
}

/**
 * One list of the dashboard ('' = active games, 'true' = recent big wins), 5 per page
 * (docs/screens.md#mines-dashboard).
 */
export function useMinesList(order: '' | 'true', page: number, fallback: string): Loaded<MinesPage> {
  const { http } = useHost();
  return useNotifiedLoad(
    async (signal) => {
      const query = { page, limit: PAGINATION.minesPageSize, order };
      return (await http.call(endpoints.minesList, { query }, { signal })).data;
    },
    [http, order, page],
    fallback,
  );
}

export function useMinesStats(): Loaded<MinesStats> {
  const { http } = useHost();
  return useNotifiedLoad(
    async (signal) => (await http.call(endpoints.minesStats, {}, { signal })).data,
    [http],
    'Failed to fetch mine stats',
  );
}
