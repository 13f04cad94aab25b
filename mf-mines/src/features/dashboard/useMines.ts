import * as endpoints from '@backoffice/shared/endpoints';
import type { MinesListOrder } from '@backoffice/shared/facts';
import { type CallAnswer, errorMessage, useHost } from '@backoffice/shared/host';
import { PAGINATION } from '@backoffice/shared/rules';
import { useListPage, useLoad } from '@backoffice/shared/ui';
import { useEffect } from 'react';

export type MinesPage = CallAnswer<'minesList'>['data'];
export type MinesStats = CallAnswer<'minesStats'>['data'];

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  /** The spec's message of a failed load (the server's, or the screen's fallback); null otherwise. */
  error: string | null;
}

/** useLoad plus spec section 8: a failure is toasted once, with the server's message or `fallback`. */
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
 * One list of the dashboard ('' = active games, 'true' = recent big wins), 5 per page, through the list
 * controller: the two lists share the page, so each one's URL keys carry its name (`wins.page`).
 */
export function useMinesList(order: MinesListOrder, name: string, failure: string) {
  return useListPage({
    area: 'mines',
    list: name,
    prefix: name,
    endpoint: endpoints.minesList,
    filters: {},
    pageSizes: [PAGINATION.minesPageSize],
    defaultPageSize: PAGINATION.minesPageSize,
    pageSizeParam: 'limit',
    fixed: { order },
    failure,
    rows: (answer) => answer.data.data,
    total: (answer) => answer.data.total,
  });
}

/** A list's state as the dashboard's cards read it. */
export function loadedOf(list: ReturnType<typeof useMinesList>): Loaded<MinesPage> {
  return { data: list.answer?.data, loading: list.loading, error: list.error };
}

export function useMinesStats(): Loaded<MinesStats> {
  const { http } = useHost();
  return useNotifiedLoad(
    async (signal) => (await http.call(endpoints.minesStats, {}, { signal })).data,
    [http],
    'Failed to fetch mine stats',
  );
}
