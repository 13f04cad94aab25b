import { Button, Modal } from 'antd';
import { type ReactNode, useId } from 'react';

export interface AlertDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question, with the figures the admin confirms. */
  children: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  danger?: boolean;
  /** The confirm button spins; nothing can be closed meanwhile. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A confirmation as an alert dialog (WAI-ARIA): role=alertdialog named by its title and described by its
 * question, the focus on the safe choice (Cancel), Esc cancels.
 */
export function AlertDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: AlertDialogProps) {
  const describedBy = useId();
  const labelledBy = useId();
  return (
    <Modal
      open={open}
      title={<span id={labelledBy}>{title}</span>}
      width={440}
      closable={!busy}
      keyboard={!busy}
      mask={{ closable: !busy }}
      onCancel={onCancel}
      destroyOnHidden
      modalRender={(node) => (
        <div role="alertdialog" aria-modal="true" aria-labelledby={labelledBy} aria-describedby={describedBy}>
          {node}
        </div>
      )}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>,
        <Button key="confirm" type="primary" danger={danger} loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>,
      ]}
    >
      <div id={describedBy}>{children}</div>
    </Modal>
  );
}
