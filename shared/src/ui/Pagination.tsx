import { paginationItems } from '../format/pagination.ts';
import { PageButton, PagerArrow } from './PageButton.tsx';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** The navigation's accessible name, to tell several pagers of one page apart. */
  label?: string;
}

/** The spec pager: 1 margin page, 2 around the current one, ellipses, Previous/Next. Nothing when no pages. */
export function Pagination({ page, totalPages, onChange, label = 'Pagination' }: PaginationProps) {
  if (!(totalPages >= 1)) return null;
  const items = paginationItems(page, totalPages);
  return (
    <nav className="bo-pager" aria-label={label}>
      <PagerArrow label="Previous" disabled={page <= 1} onClick={() => onChange(page - 1)} />
      {items.map((item, index) =>
        item === 'ellipsis' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: at most two ellipses, told apart by position
          <span key={`gap-${index}`} className="bo-pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <PageButton key={item} number={item} current={item === page} onChange={onChange} />
        ),
      )}
      <PagerArrow label="Next" disabled={page >= totalPages} onClick={() => onChange(page + 1)} />
    </nav>
  );
}
