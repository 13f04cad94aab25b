import { nextSort, type SortType } from '@backoffice/shared/rules';

/** Columns whose natural first click is newest/largest first; the others start ascending. */
const DESC_FIRST = new Set(['createdAt', 'last_login', 'id']);

/** Spec 9: clicking the sorted column toggles its direction; another column starts in its natural order. */
export function nextUserSort(current: { sort_by: string; sort_type: string }, by: string) {
  const firstType = (column: string): SortType => (DESC_FIRST.has(column) ? 'desc' : 'asc');
  return { ...nextSort(current, by, firstType), page: 1 };
}
