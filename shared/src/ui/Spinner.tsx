import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export interface SpinnerProps {
  size?: 'small' | 'medium' | 'large';
  /** Text shown under the spinner and read by screen readers (default 'Loading...' for readers only). */
  label?: ReactNode;
}

/** A rotating ring with role=status. */
export function Spinner({ size = 'medium', label }: SpinnerProps) {
  return (
    <span className={cx('bo-spinner', `bo-spinner--${size}`)} role="status">
      <span className="bo-spinner__ring" aria-hidden="true" />
      {label ? (
        <span className="bo-spinner__label">{label}</span>
      ) : (
        <span className="bo-sr-only">Loading...</span>
      )}
    </span>
  );
}
