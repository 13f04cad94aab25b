import type { ReactNode } from 'react';
import { Button } from './Button.tsx';

export interface ErrorPanelProps {
  title: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: ReactNode;
}

/** A red alert box (role=alert) with an optional retry button. */
export function ErrorPanel({ title, message, onRetry, retryLabel = 'Retry' }: ErrorPanelProps) {
  return (
    <div className="bo-error" role="alert">
      <div className="bo-error__text">
        <strong className="bo-error__title">{title}</strong>
        {message && <div className="bo-error__message">{message}</div>}
      </div>
      {onRetry && (
        <Button size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
