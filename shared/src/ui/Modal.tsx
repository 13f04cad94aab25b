import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** Buttons at the bottom right. */
  footer?: ReactNode;
  /** Dialog width on wide screens (default 520); phones get the full width minus a margin. */
  width?: number | string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs in opening order; only the top one (see topDialog) reacts to Esc and keeps focus. */
const openDialogs: HTMLElement[] = [];

/** The dialog that gets keys: the latest opened one with no open dialog inside it. */
function topDialog(): HTMLElement | undefined {
  return openDialogs.findLast(
    (dialog) => !openDialogs.some((other) => other !== dialog && dialog.contains(other)),
  );
}

function focusables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/**
 * A centred dialog over a dimmed backdrop (role=dialog, aria-modal, aria-labelledby the title).
 * Esc, the × button and a click on the backdrop call onClose; Tab cycles inside; focus goes to the first
 * control of the body/footer on open and back where it was on close.
 */
export function Modal({ open, title, onClose, children, footer, width = 520 }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    openDialogs.push(dialog);
    if (topDialog() === dialog) {
      const first = focusables(dialog).find((el) => !el.classList.contains('bo-modal__close'));
      (first ?? dialog).focus();
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (topDialog() !== dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        const items = focusables(dialog);
        const active = document.activeElement;
        if (items.length === 0) {
          event.preventDefault();
          dialog.focus();
          return;
        }
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        const inside = active instanceof Node && dialog.contains(active);
        if (event.shiftKey && (active === firstItem || !inside || active === dialog)) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && (active === lastItem || !inside)) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      if (openDialogs.length === 0) document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is the mouse twin of Esc
    <div
      className="bo-modal-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="bo-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width }}
      >
        <div className="bo-modal__head">
          <h2 className="bo-modal__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="bo-modal__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="bo-modal__body">{children}</div>
        {footer && <div className="bo-modal__footer">{footer}</div>}
      </div>
    </div>
  );
}
