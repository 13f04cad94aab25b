import { pageCount, pageWindow, showingRange } from '../format/pagination.ts';
import { PageButton, PagerArrow } from './PageButton.tsx';

export interface SimplePagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** 'Showing x to y of z results', Previous, at most 5 numbered buttons, Next. Nothing when there are no rows. */
export function SimplePager({ page, pageSize, total, onChange }: SimplePagerProps) {
  const pages = pageCount(total, pageSize);
  if (pages === 0) return null;
  return (
    <div className="bo-simple-pager">
      <p className="bo-simple-pager__range" aria-live="polite">
        {showingRange(page, pageSize, total)}
      </p>
      <nav className="bo-pager" aria-label="Pagination">
        <PagerArrow label="Previous" disabled={page <= 1} onClick={() => onChange(page - 1)} />
        {pageWindow(page, pages).map((number) => (
          <PageButton key={number} number={number} current={number === page} onChange={onChange} />
        ))}
        <PagerArrow label="Next" disabled={page >= pages} onClick={() => onChange(page + 1)} />
      </nav>
    </div>
  );
}
