import { PAGINATION } from '@backoffice/shared/rules';

/**
 * A hand-edited URL may carry any page or page size: the size falls back to the default unless it is one
 * of the offered 10/25/50/100, and the page is a whole number from 1.
 */
export function normalizePaging<T extends { page: number; per_page: number }>(query: T): T {
  const sizes: readonly number[] = PAGINATION.pageSizeOptions;
  const per_page = sizes.includes(query.per_page) ? query.per_page : PAGINATION.defaultPageSize;
  const page = Number.isInteger(query.page) && query.page >= 1 ? query.page : 1;
  return per_page === query.per_page && page === query.page ? query : { ...query, per_page, page };
}
