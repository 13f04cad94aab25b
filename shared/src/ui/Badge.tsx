import type { ReactNode } from 'react';

export type BadgeColor = 'yellow' | 'blue' | 'red' | 'green' | 'grey' | 'purple' | 'orange';

export interface BadgeProps {
  color: BadgeColor;
  children?: ReactNode;
}

/** A small coloured tag like antd's Tag presets. */
export function Badge({ color, children }: BadgeProps) {
  return <span className={`bo-badge bo-badge--${color}`}>{children}</span>;
}
