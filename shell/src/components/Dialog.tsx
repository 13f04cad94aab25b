import { type ReactNode, useEffect, useId, useRef } from 'react';

/** A small modal dialog on the native <dialog> (focus trap, Escape and backdrop for free). */
export function Dialog({
  open,
  title,
  children,
  actions,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // A click on the backdrop closes it.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape, native to <dialog>, is the keyboard equivalent
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog__body">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div className="dialog__content">{children}</div>
        <div className="dialog__actions">{actions}</div>
      </div>
    </dialog>
  );
}
