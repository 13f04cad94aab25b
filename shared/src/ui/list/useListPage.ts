import { useEffect } from 'react';
import type { RouteName } from '../../contract/routes.ts';
import {
  type CallAnswer,
  type CallInput,
  type Endpoint,
  errorMessage,
  errorReference,
  type LiveTopic,
  useHost,
} from '../../host/index.ts';
import { PAGINATION } from '../../rules/constants.ts';
import { useLoad } from '../useLoad.ts';
import { useUrlQuery } from '../useUrlQuery.ts';
import { useListPrefs } from './prefs.ts';

export type SortType = 'asc' | 'desc';
export interface ListSort {
  by: string;
  type: SortType;
}

/** What a list's request is built from. */
export interface ListState<F> {
  filters: F;
  page: number;
  perPage: number;
  sort: ListSort | undefined;
}

export interface ListPageOptions<N extends RouteName, F extends Record<string, string>, Row> {
  /** Area and list name: where the admin's page size, sort and columns are remembered. */
  area: string;
  list: string;
  endpoint: Endpoint<N>;
  /** The filters kept in the URL, with their empty values. */
  filters: F;
  /** Default sort; none for lists the server sorts itself. */
  sort?: ListSort;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** The call's input for the current state (e.g. filters without empty values, dates as instants). */
  input(state: ListState<F>): CallInput<N>;
  rows(answer: CallAnswer<N>): Row[];
  total(answer: CallAnswer<N>): number;
  /** The screen's message for a failed load when the server sent none (spec section 8). */
  failure: string;
  /**
   * A queue that others work too: reloaded in the background (no spinner, same page, filters and
   * selection) each time the API says this topic changed (host.live).
   */
  liveTopic?: LiveTopic;
}

export interface ListPageState<N extends RouteName, F, Row> extends ListState<F> {
  /** The current request's query without its page: what an export of the same list takes. */
  exportQuery: Record<string, unknown>;
  answer: CallAnswer<N> | undefined;
  rows: Row[];
  total: number;
  totalPages: number;
  pageSizes: readonly number[];
  /** The first load or a reload after a failure: no rows to show yet. */
  loading: boolean;
  /** An answer is in and the latest load did not fail: the total means something and the list exports. */
  loaded: boolean;
  /** The failure's message; a failed load is an error panel, never an empty list. */
  error: string | null;
  /** The failure's reference (the API's request id), shown in the error panel. */
  errorReference: string | undefined;
  reload(): void;
  /** New filters: back to page 1. */
  setFilters(patch: Partial<F>): void;
  resetFilters(): void;
  setPage(page: number): void;
  setPerPage(perPage: number): void;
  setSort(sort: ListSort): void;
  /** Remembered hidden columns of this list. */
  hiddenColumns: readonly string[];
  setHiddenColumns(keys: string[]): void;
}

/**
 * The headless controller of every list screen: filters, page, page size and sort in the URL (page size and
 * sort remembered per list), the request through the route catalogue, loading and error, page clamping and
 * refresh.
 */
export function useListPage<N extends RouteName, F extends Record<string, string>, Row>(
  options: ListPageOptions<N, F, Row>,
): ListPageState<N, F, Row> {
  const { http, live } = useHost();
  const [prefs, updatePrefs] = useListPrefs(options.area, options.list);
  const pageSizes = options.pageSizes ?? PAGINATION.pageSizeOptions;
  const fallbackSize = options.defaultPageSize ?? PAGINATION.defaultPageSize;
  const rememberedSize = prefs.pageSize && pageSizes.includes(prefs.pageSize) ? prefs.pageSize : fallbackSize;
  const defaultSort = prefs.sort ?? options.sort;
  const [query, setQuery, resetQuery] = useUrlQuery({
    ...options.filters,
    page: 1,
    per_page: rememberedSize,
    sort_by: defaultSort?.by ?? '',
    sort_type: defaultSort?.type ?? '',
  });

  const filters = Object.fromEntries(Object.keys(options.filters).map((key) => [key, query[key]])) as F;
  const page = Number.isInteger(query.page) && query.page >= 1 ? query.page : 1;
  const perPage = pageSizes.includes(query.per_page) ? query.per_page : rememberedSize;
  const sort: ListSort | undefined = query.sort_by
    ? { by: String(query.sort_by), type: query.sort_type === 'asc' ? 'asc' : 'desc' }
    : undefined;
  const state: ListState<F> = { filters, page, perPage, sort };

  // The request depends on the state only: `key` stands for it.
  const key = JSON.stringify(state);
  const load = useLoad(
    (signal) => http.call(options.endpoint, options.input(state), { signal }),
    [http, key],
  );
  const { liveTopic } = options;
  const { refresh } = load;
  useEffect(
    () => (liveTopic && live ? live.subscribe(liveTopic, refresh) : undefined),
    [live, liveTopic, refresh],
  );
  const total = load.data ? options.total(load.data) : 0;
  const totalPages = Math.ceil(total / perPage);

  // A page past the end (rows deleted, or a stale link): go to the last page that exists.
  useEffect(() => {
    if (load.loading || load.error || !load.data) return;
    if (page > Math.max(totalPages, 1))
      setQuery({ page: Math.max(totalPages, 1) } as never, { replace: true });
  }, [load.loading, load.error, load.data, page, totalPages, setQuery]);

  const {
    page: _page,
    per_page: _perPage,
    limit: _limit,
    ...exportQuery
  } = ((options.input(state) as { query?: object }).query ?? {}) as Record<string, unknown>;

  return {
    ...state,
    exportQuery,
    answer: load.data,
    rows: load.data && !load.error ? options.rows(load.data) : [],
    total,
    totalPages,
    pageSizes,
    loading: load.loading,
    loaded: load.data !== undefined && !load.error,
    error: load.error ? errorMessage(load.error, options.failure) : null,
    errorReference: errorReference(load.error),
    reload: load.reload,
    setFilters: (patch) => setQuery({ ...patch, page: 1 } as never),
    resetFilters: () => resetQuery(),
    setPage: (next) => setQuery({ page: next } as never),
    // The URL first, then the remembered value: the other order renders once with the new default and the
    // old page, and the page clamping would act on that.
    setPerPage: (next) => {
      setQuery({ per_page: next, page: 1 } as never);
      updatePrefs({ pageSize: next });
    },
    setSort: (next) => {
      setQuery({ sort_by: next.by, sort_type: next.type, page: 1 } as never);
      updatePrefs({ sort: next });
    },
    hiddenColumns: prefs.hiddenColumns ?? [],
    setHiddenColumns: (keys) => updatePrefs({ hiddenColumns: keys }),
  };
}

/** The filters that are set (an empty text is no filter). */
export function filledIn<F extends Record<string, string>>(filters: F): Partial<F> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as Partial<F>;
}

/** The sort key when the list's contract sorts by it: an edited or stale URL gets the server's default order. */
export function sortField<T extends string>(sort: ListSort | undefined, fields: readonly T[]): T | undefined {
  return fields.find((field) => field === sort?.by);
}

/** The usual list query: page, per_page, the sort (one of the contract's `sortFields`) and the filters set. */
export function pagedQuery<F extends Record<string, string>, T extends string>(
  { filters, page, perPage, sort }: ListState<F>,
  sortFields: readonly T[],
) {
  const sortBy = sortField(sort, sortFields);
  return { page, per_page: perPage, sort_by: sortBy, sort_type: sortBy && sort?.type, ...filledIn(filters) };
}
