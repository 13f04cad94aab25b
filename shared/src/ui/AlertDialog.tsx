import { Button, Modal } from 'antd';
import { type ReactNode, useCallback, useId } from 'react';

export interface AlertDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question, with the figures the admin confirms; read by screen readers with the title. */
  message: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  danger?: boolean;
  /** Spinner on the confirm button; the dialog cannot be dismissed meanwhile. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A confirmation as an alert dialog (antd Modal, WAI-ARIA alertdialog): described by its question, Cancel
 * (the safe choice) focused on open, Esc cancels.
 */
export function AlertDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: AlertDialogProps) {
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
      closable={!busy}
      keyboard={!busy}
      mask={{ closable: !busy }}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <>
          <Button ref={cancelRef} onClick={onCancel} disabled={busy} autoFocus>
            {cancelLabel}
          </Button>
          <Button type="primary" danger={danger} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div id={messageId} className="bo-alert-dialog__message">
        {message}
      </div>
    </Modal>
  );
}
