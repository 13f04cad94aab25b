import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export interface CardProps {
  title?: ReactNode;
  /** Shown at the right of the title row (buttons, counters). */
  extra?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A white panel with an optional title row. */
export function Card({ title, extra, children, className }: CardProps) {
  return (
    <section className={cx('bo-card', className)}>
      {(title || extra) && (
        <header className="bo-card__head">
          {title && <h2 className="bo-card__title">{title}</h2>}
          {extra && <div className="bo-card__extra">{extra}</div>}
        </header>
      )}
      <div className="bo-card__body">{children}</div>
    </section>
  );
}
