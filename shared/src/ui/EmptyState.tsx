import { Empty } from 'antd';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** What there is nothing of yet ('No games yet'). */
  title: string;
  /** What to do about it, or what will show here. */
  children?: ReactNode;
}

/** A page or card with nothing to show yet: antd's simple empty picture, a title and a hint. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <section className="bo-empty-state" aria-label={title}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <strong>{title}</strong>
            {children && <div>{children}</div>}
          </>
        }
      />
    </section>
  );
}
