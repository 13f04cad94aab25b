import type { ReactNode } from 'react';

/** Centered muted text for "nothing here". */
export function EmptyState({ children }: { children?: ReactNode }) {
  return <div className="bo-empty">{children}</div>;
}
