import { DEFAULT_SORT, type SortType } from '@backoffice/shared/rules';

export const defaultSort = {
  sort_by: DEFAULT_SORT.sortBy as string,
  sort_type: DEFAULT_SORT.sortType as SortType,
};

/** A page-size from the URL, kept to the offered options (10, 25, 50, 100). */
export function perPageOf(value: number, options: readonly number[], fallback: number): number {
  return options.includes(value) ? value : fallback;
}

/** A page number from the URL: whole and >= 1. */
export function pageOf(value: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1;
}
