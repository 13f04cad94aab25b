import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow, paginationItems, rowRange, showingRange } from '../src/format/index.ts';

describe('pageWindow', () => {
  it('shows at most 5 pages with the current centred when possible', () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
  });

  it('sticks to the start', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 10)).toEqual([2, 3, 4, 5, 6]);
  });

  it('sticks to the end', () => {
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(8, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(7, 10)).toEqual([5, 6, 7, 8, 9]);
  });

  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('handles no pages and out-of-range input', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(3, -2)).toEqual([]);
    expect(pageWindow(99, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(Number.NaN, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('honours maxButtons', () => {
    expect(pageWindow(5, 10, { maxButtons: 3 })).toEqual([4, 5, 6]);
    expect(pageWindow(5, 10, { maxButtons: 4 })).toEqual([4, 5, 6, 7]);
    expect(pageWindow(5, 10, { maxButtons: 1 })).toEqual([5]);
  });
});

describe('paginationItems', () => {
  it('lists every page up to 9 pages', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it('shows 1 margin page, 2 pages around the current and ellipses in the middle', () => {
    expect(paginationItems(10, 20)).toEqual([1, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 20]);
  });

  it('near the start', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'ellipsis', 20]);
    expect(paginationItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'ellipsis', 20]);
    expect(paginationItems(6, 20)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8, 'ellipsis', 20]);
  });

  it('near the end', () => {
    expect(paginationItems(20, 20)).toEqual([1, 'ellipsis', 14, 15, 16, 17, 18, 19, 20]);
    expect(paginationItems(16, 20)).toEqual([1, 'ellipsis', 14, 15, 16, 17, 18, 19, 20]);
    expect(paginationItems(15, 20)).toEqual([1, 'ellipsis', 13, 14, 15, 16, 17, 'ellipsis', 20]);
  });

  it('never hides a single page behind an ellipsis', () => {
    for (let total = 1; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const items = paginationItems(current, total);
        expect(items).toContain(current);
        expect(items.length).toBe(Math.min(total, 9));
        items.forEach((item, index) => {
          if (item !== 'ellipsis') return;
          const before = items[index - 1] as number;
          const after = items[index + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
      }
    }
  });

  it('clamps the current page and honours options', () => {
    expect(paginationItems(50, 20)).toEqual(paginationItems(20, 20));
    expect(paginationItems(10, 20, { marginPages: 2, pagesAroundCurrent: 1 })).toEqual([
      1,
      2,
      'ellipsis',
      9,
      10,
      11,
      'ellipsis',
      19,
      20,
    ]);
  });
});

describe('showingRange', () => {
  it('describes the rows on the page', () => {
    expect(showingRange(1, 5, 12)).toBe('Showing 1 to 5 of 12 results');
    expect(showingRange(2, 5, 12)).toBe('Showing 6 to 10 of 12 results');
    expect(showingRange(3, 5, 12)).toBe('Showing 11 to 12 of 12 results');
    expect(showingRange(1, 10, 10)).toBe('Showing 1 to 10 of 10 results');
  });

  it('shows 0 to 0 of 0 for no results', () => {
    expect(showingRange(1, 5, 0)).toBe('Showing 0 to 0 of 0 results');
    expect(showingRange(3, 10, 0)).toBe('Showing 0 to 0 of 0 results');
  });

  it('stays within the total for pages past the end and bad input', () => {
    expect(rowRange(9, 5, 12)).toEqual({ from: 12, to: 12, total: 12 });
    expect(rowRange(0, 0, 3)).toEqual({ from: 1, to: 1, total: 3 });
  });
});

describe('pageCount', () => {
  it('rounds up', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(5, 0)).toBe(5);
  });
});
