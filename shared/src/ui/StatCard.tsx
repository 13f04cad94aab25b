import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export interface StatCardProps {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'blue' | 'green' | 'red' | 'orange' | 'purple';
}

/** A figure with its label, e.g. 'Tickets Sold 1,234'. */
export function StatCard({ label, value, hint, tone = 'blue' }: StatCardProps) {
  return (
    <div className={cx('bo-stat', `bo-tone--${tone}`)}>
      <div className="bo-stat__label">{label}</div>
      <div className="bo-stat__value">{value}</div>
      {hint && <div className="bo-stat__hint">{hint}</div>}
    </div>
  );
}
