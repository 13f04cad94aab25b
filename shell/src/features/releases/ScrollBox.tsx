import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its card on a phone: a named, focusable region, so that a
 * keyboard user can scroll it too (WCAG 2.1.1) and a screen reader says which table it is.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="shell-releases__scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
