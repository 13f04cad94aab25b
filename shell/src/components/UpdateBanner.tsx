import type { ReactNode } from 'react';
import './UpdateBanner.css';

/**
 * A line that says what changed under the admin's feet, with the one thing to do about it: a newer
 * version to reload, a preview to leave.
 */
export function UpdateBanner({
  children,
  action,
  onAction,
  variant = 'update',
}: {
  children: ReactNode;
  action: string;
  onAction: () => void;
  variant?: 'update' | 'preview' | 'console';
}) {
  return (
    <div className={`shell-update-banner shell-update-banner--${variant}`} role="status">
      <span>{children}</span>
      <button type="button" className="shell-btn shell-update-banner__action" onClick={onAction}>
        {action}
      </button>
    </div>
  );
}
