import { DEFAULT_SORT } from '@backoffice/shared/rules';

export type SortType = 'asc' | 'desc';

/** Clicking the sorted column toggles its direction; another column starts descending (spec 9). */
export function nextSort(
  current: { sort_by: string; sort_type: SortType },
  by: string,
): { sort_by: string; sort_type: SortType } {
  if (current.sort_by === by) return { sort_by: by, sort_type: current.sort_type === 'asc' ? 'desc' : 'asc' };
  return { sort_by: by, sort_type: 'desc' };
}

export const defaultSort = {
  sort_by: DEFAULT_SORT.sortBy as string,
  sort_type: DEFAULT_SORT.sortType as SortType,
};

/** A sort direction read back from the URL: anything but 'asc' is the default 'desc'. */
export function sortTypeOf(value: string): SortType {
  return value === 'asc' ? 'asc' : 'desc';
}

/** A page-size from the URL, kept to the offered options (10, 25, 50, 100). */
export function perPageOf(value: number, options: readonly number[], fallback: number): number {
  return options.includes(value) ? value : fallback;
}

/** A page number from the URL: whole and >= 1. */
export function pageOf(value: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1;
}
