import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Red confirm button. */
  danger?: boolean;
  /** Spinner on the confirm button; nothing can be clicked or closed meanwhile. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A small Modal asking to confirm an action (Cancel gets the focus first). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      width={416}
      onClose={() => {
        if (!busy) onCancel();
      }}
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="bo-confirm__message">{message}</div>
    </Modal>
  );
}
