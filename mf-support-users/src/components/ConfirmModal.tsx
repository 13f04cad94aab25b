import { Button, Modal } from 'antd';
import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * An alert dialog on antd's Modal: read as role=alertdialog with the question as its description, the safe
 * choice (Cancel) focused, Esc cancels. antd's dialog element is role=dialog; the message marks it once
 * mounted (the attribute is not a prop there).
 */
export function ConfirmModal({
  title,
  message,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open
      title={title}
      width={440}
      closable={!busy}
      keyboard={!busy}
      maskClosable={!busy}
      onCancel={onCancel}
      afterOpenChange={(open) => open && cancel.current?.focus()}
      footer={[
        <Button key="cancel" ref={cancel} onClick={onCancel} disabled={busy}>
          Cancel
        </Button>,
        <Button key="ok" type="primary" danger={danger} loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>,
      ]}
    >
      <AlertMessage onMounted={() => cancel.current?.focus()}>{message}</AlertMessage>
    </Modal>
  );
}

function AlertMessage({ children, onMounted }: { children: ReactNode; onMounted: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog's DOM exists
  useEffect(() => {
    const dialog = ref.current?.closest('[role="dialog"]');
    dialog?.setAttribute('role', 'alertdialog');
    dialog?.setAttribute('aria-describedby', id);
    onMounted();
  }, []);
  return (
    <div id={id} ref={ref}>
      {children}
    </div>
  );
}
