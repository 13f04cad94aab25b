import { Button, Modal } from 'antd';
import { type ReactNode, useCallback, useId } from 'react';

export interface ConfirmModalProps {
  open: boolean;
  title: ReactNode;
  /** The question, read by screen readers with the title. */
  message: ReactNode;
  confirmLabel: ReactNode;
  danger?: boolean;
  /** Spinner on the confirm button; the dialog cannot be dismissed meanwhile. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A confirmation as an alert dialog (antd Modal): role=alertdialog described by its question, Cancel (the
 * safe choice) focused on open, Esc cancels.
 */
export function ConfirmModal({
  open,
  title,
  message,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const messageId = useId();
  // antd names its panel role=dialog; a confirmation is an alert dialog, described by the question.
  const panelRef = useCallback(
    (panel: HTMLDivElement | null) => {
      panel?.setAttribute('role', 'alertdialog');
      panel?.setAttribute('aria-describedby', messageId);
    },
    [messageId],
  );
  const cancelRef = useCallback((button: HTMLButtonElement | null) => {
    // After antd's own focus move into the dialog.
    if (button) requestAnimationFrame(() => button.focus());
  }, []);

  return (
    <Modal
      open={open}
      title={title}
      width={440}
      panelRef={panelRef}
      className="lottery-confirm"
      closable={!busy}
      keyboard={!busy}
      mask={{ closable: !busy }}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <>
          <Button ref={cancelRef} onClick={onCancel} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button type="primary" danger={danger} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p id={messageId} className="lottery-confirm__message">
        {message}
      </p>
    </Modal>
  );
}
