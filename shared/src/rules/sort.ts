// Sortable lists (spec 9): default createdAt descending; clicking the sorted column toggles it.
export type SortType = 'asc' | 'desc';

export interface SortState {
  sort_by: string;
  sort_type: SortType;
}

/**
 * The sort after a click on column `by`: the sorted column toggles its direction, another column
 * starts in `firstType(by)` (descending unless a screen says otherwise).
 */
export function nextSort(
  current: { sort_by: string; sort_type: string },
  by: string,
  firstType: (by: string) => SortType = () => 'desc',
): SortState {
  if (current.sort_by === by) return { sort_by: by, sort_type: current.sort_type === 'asc' ? 'desc' : 'asc' };
  return { sort_by: by, sort_type: firstType(by) };
}

/** A sort direction read back from the URL: anything but 'asc' is the default 'desc'. */
export function sortTypeOf(value: string): SortType {
  return value === 'asc' ? 'asc' : 'desc';
}
