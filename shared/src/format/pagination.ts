// Page-number windows and 'Showing x to y of z results' for the console's tables.
import { PAGINATION } from '../rules/constants.ts';

/** Whole number >= min, else the fallback (guards against NaN, fractions and negatives from query strings). */
function wholeAtLeast(value: number, min: number, fallback: number): number {
  return Number.isFinite(value) ? Math.max(min, Math.floor(value)) : fallback;
}

function range(from: number, to: number): number[] {
  const pages: number[] = [];
  for (let page = from; page <= to; page++) pages.push(page);
  return pages;
}

/** Number of pages for `total` rows (0 rows -> 0 pages). */
export function pageCount(total: number, perPage: number): number {
  const rows = wholeAtLeast(total, 0, 0);
  return Math.ceil(rows / wholeAtLeast(perPage, 1, 1));
}

export interface PageWindowOptions {
  maxButtons?: number;
}

/** Up to `maxButtons` consecutive page numbers with the current page centred when possible. */
export function pageWindow(current: number, totalPages: number, options: PageWindowOptions = {}): number[] {
  const total = wholeAtLeast(totalPages, 0, 0);
  if (total === 0) return [];
  const max = wholeAtLeast(options.maxButtons ?? PAGINATION.maxPageButtons, 1, 1);
  const page = Math.min(total, wholeAtLeast(current, 1, 1));
  // With an even count the extra button goes after the current page.
  const end = Math.min(total, Math.max(page + Math.ceil((max - 1) / 2), max));
  return range(Math.max(1, end - max + 1), end);
}

export type PaginationItem = number | 'ellipsis';

export interface PaginationItemsOptions {
  /** Pages always shown at each end (default 1). */
  marginPages?: number;
  /** Pages shown on each side of the current one (default 2). */
  pagesAroundCurrent?: number;
}

/**
 * Page numbers with 'ellipsis' markers: the margin pages at both ends, the pages around the current one,
 * and an ellipsis for each hidden run. The item count stays constant while paging so buttons don't jump,
 * and an ellipsis never stands for a single page (that page is shown instead).
 */
export function paginationItems(
  current: number,
  totalPages: number,
  options: PaginationItemsOptions = {},
): PaginationItem[] {
  const total = wholeAtLeast(totalPages, 0, 0);
  const margin = wholeAtLeast(options.marginPages ?? PAGINATION.marginPages, 0, 1);
  const around = wholeAtLeast(options.pagesAroundCurrent ?? PAGINATION.pagesAroundCurrent, 0, 2);
  // margins + ellipsis slot on each side + current with its neighbours
  const slots = 2 * margin + 2 * around + 3;
  if (total <= slots) return range(1, total);
  const page = Math.min(total, wholeAtLeast(current, 1, 1));
  // The middle run (current with its neighbours) slides between the two slots next to the margins.
  const middleStart = Math.min(Math.max(page - around, margin + 2), total - margin - 1 - 2 * around);
  const middleEnd = middleStart + 2 * around;
  return [
    ...range(1, margin),
    // A slot hiding exactly one page shows that page instead of an ellipsis.
    middleStart === margin + 2 ? margin + 1 : 'ellipsis',
    ...range(middleStart, middleEnd),
    middleEnd === total - margin - 1 ? total - margin : 'ellipsis',
    ...range(total - margin + 1, total),
  ];
}

export interface RowRange {
  from: number;
  to: number;
  total: number;
}

/** 1-based row numbers shown on a page (0 rows -> 0 to 0). */
export function rowRange(page: number, perPage: number, total: number): RowRange {
  const rows = wholeAtLeast(total, 0, 0);
  const size = wholeAtLeast(perPage, 1, 1);
  const first = (wholeAtLeast(page, 1, 1) - 1) * size + 1;
  if (rows === 0) return { from: 0, to: 0, total: 0 };
  return { from: Math.min(first, rows), to: Math.min(first + size - 1, rows), total: rows };
}

/** 'Showing x to y of z results'. */
export function showingRange(page: number, perPage: number, total: number): string {
  const { from, to, total: rows } = rowRange(page, perPage, total);
  return `Showing ${from} to ${to} of ${rows} results`;
}
