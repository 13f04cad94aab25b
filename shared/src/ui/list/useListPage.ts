import { useCallback, useEffect } from 'react';
import type { RouteName } from '../../contract/routes.ts';
import { dayBounds } from '../../format/dates.ts';
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
  /**
   * Two lists on one page: each one's URL keys start with its prefix (`wins.page`), so they page apart.
   * None for the one list of a screen.
   */
  prefix?: string;
  /**
   * The call's input for the current state. By default the usual list query (see `listQuery`): page, page
   * size, sort, the filters that are set, the day range as instants and the fixed values.
   */
  input?(state: ListState<F>): CallInput<N>;
  /** For the default input: the fields the server sorts by (`sort_by` is left out for any other). */
  sortFields?: readonly string[];
  /** For the default input: the filters that are days, sent as the start and end instants of those days. */
  dayRange?: { from: keyof F & string; to: keyof F & string };
  /** For the default input: values the screen fixes (not in the URL), e.g. a status. */
  fixed?: Record<string, unknown>;
  /** For the default input: the page size's parameter ('per_page' unless the endpoint takes 'limit'). */
  pageSizeParam?: 'per_page' | 'limit';
  rows(answer: CallAnswer<N>): Row[];
  total(answer: CallAnswer<N>): number;
  /**
   * The screen's message for a failed load when the server sent none. A failed load is an error panel and,
   * once per failure, an error toast: the controller shows both.
   */
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
 * refresh, and the failed load's toast.
 */
export function useListPage<N extends RouteName, F extends Record<string, string>, Row>(
  options: ListPageOptions<N, F, Row>,
): ListPageState<N, F, Row> {
  const { http, live, notify } = useHost();
  const [prefs, updatePrefs] = useListPrefs(options.area, options.list);
  const pageSizes = options.pageSizes ?? PAGINATION.pageSizeOptions;
  const fallbackSize = options.defaultPageSize ?? PAGINATION.defaultPageSize;
  const rememberedSize = prefs.pageSize && pageSizes.includes(prefs.pageSize) ? prefs.pageSize : fallbackSize;
  const defaultSort = prefs.sort ?? options.sort;
  const prefixed = prefixer(options.prefix);
  const [urlQuery, setUrlQuery, resetQuery] = useUrlQuery(
    prefixed.keys({
      ...options.filters,
      page: 1,
      per_page: rememberedSize,
      sort_by: defaultSort?.by ?? '',
      sort_type: defaultSort?.type ?? '',
    }) as Record<string, string | number>,
  );
  const query = prefixed.values(urlQuery) as Record<string, string | number>;
  const prefix = options.prefix;
  const setQuery = useCallback(
    (patch: Record<string, unknown>, opts?: { replace?: boolean }) =>
      setUrlQuery(prefixer(prefix).keys(patch) as never, opts),
    [setUrlQuery, prefix],
  );

  const filters = Object.fromEntries(Object.keys(options.filters).map((key) => [key, query[key]])) as F;
  const page = Number.isInteger(query.page) && Number(query.page) >= 1 ? Number(query.page) : 1;
  const perPage = pageSizes.includes(Number(query.per_page)) ? Number(query.per_page) : rememberedSize;
  const sort: ListSort | undefined = query.sort_by
    ? { by: String(query.sort_by), type: query.sort_type === 'asc' ? 'asc' : 'desc' }
    : undefined;
  const state: ListState<F> = { filters, page, perPage, sort };
  const input = (current: ListState<F>): CallInput<N> =>
    options.input ? options.input(current) : ({ query: listQuery(current, options) } as CallInput<N>);

  // The request depends on the state only: `key` stands for it.
  const key = JSON.stringify(state);
  const load = useLoad((signal) => http.call(options.endpoint, input(state), { signal }), [http, key]);
  const error = load.error ? errorMessage(load.error, options.failure) : null;

  // A failed load is also an error toast, once per failure (the list shows its error panel beside it).
  useEffect(() => {
    if (!load.loading && error) notify.error(error);
  }, [load.loading, error, notify]);
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
    if (page > Math.max(totalPages, 1)) setQuery({ page: Math.max(totalPages, 1) }, { replace: true });
  }, [load.loading, load.error, load.data, page, totalPages, setQuery]);

  const {
    page: _page,
    per_page: _perPage,
    limit: _limit,
    ...exportQuery
  } = ((input(state) as { query?: object }).query ?? {}) as Record<string, unknown>;

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
    error,
    errorReference: errorReference(load.error),
    reload: load.reload,
    setFilters: (patch) => setQuery({ ...patch, page: 1 }),
    resetFilters: () => resetQuery(),
    setPage: (next) => setQuery({ page: next }),
    // The URL first, then the remembered value: the other order renders once with the new default and the
    // old page, and the page clamping would act on that.
    setPerPage: (next) => {
      setQuery({ per_page: next, page: 1 });
      updatePrefs({ pageSize: next });
    },
    setSort: (next) => {
      setQuery({ sort_by: next.by, sort_type: next.type, page: 1 });
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

/** Adds a list's prefix to its URL keys (`page` -> `wins.page`) and takes it off again. */
function prefixer(prefix: string | undefined) {
  const rename = (values: Record<string, unknown>, from: (key: string) => string | null) =>
    Object.fromEntries(
      Object.entries(values).flatMap(([key, value]) => {
        const renamed = from(key);
        return renamed === null ? [] : [[renamed, value]];
      }),
    );
  return {
    keys: (values: Record<string, unknown>) =>
      prefix ? rename(values, (key) => `${prefix}.${key}`) : values,
    values: (values: Record<string, unknown>) =>
      prefix
        ? rename(values, (key) => (key.startsWith(`${prefix}.`) ? key.slice(prefix.length + 1) : null))
        : values,
  };
}

type QueryOptions<F> = Pick<
  ListPageOptions<never, never, never>,
  'sortFields' | 'fixed' | 'pageSizeParam'
> & {
  dayRange?: { from: keyof F & string; to: keyof F & string } | undefined;
};

/**
 * The usual list query: page and page size, the sort (`sort_by` only when it is one of `sortFields`), the
 * filters that are set, the day range as instants (the viewer's days) and the fixed values.
 */
export function listQuery<F extends Record<string, string>>(
  { filters, page, perPage, sort }: ListState<F>,
  { sortFields, dayRange, fixed, pageSizeParam = 'per_page' }: QueryOptions<F>,
): Record<string, unknown> {
  const text: Record<string, string> = { ...filters };
  if (dayRange) {
    delete text[dayRange.from];
    delete text[dayRange.to];
  }
  const sortBy = sortFields ? sortField(sort, sortFields) : undefined;
  const from = dayRange ? dayBounds(filters[dayRange.from] ?? '')?.start : undefined;
  const to = dayRange ? dayBounds(filters[dayRange.to] ?? '')?.end : undefined;
  return {
    page,
    [pageSizeParam]: perPage,
    ...(sortBy ? { sort_by: sortBy } : {}),
    ...(sort && (sortBy || !sortFields) ? { sort_type: sort.type } : {}),
    ...filledIn(text),
    ...(dayRange && from ? { [dayRange.from]: from } : {}),
    ...(dayRange && to ? { [dayRange.to]: to } : {}),
    ...fixed,
  };
}
