export type SortType = 'asc' | 'desc';

/** Columns whose natural first click is newest/largest first. */
const DESC_FIRST = new Set(['createdAt', 'last_login', 'id']);

/** Spec 9: clicking the sorted column toggles its direction; another column starts in its natural order. */
export function nextSort(current: { sort_by: string; sort_type: string }, by: string) {
  if (current.sort_by === by) {
    return { sort_by: by, sort_type: current.sort_type === 'asc' ? 'desc' : 'asc', page: 1 };
  }
  return { sort_by: by, sort_type: DESC_FIRST.has(by) ? 'desc' : 'asc', page: 1 };
}

export function asSortType(value: string): SortType {
  return value === 'asc' ? 'asc' : 'desc';
}
