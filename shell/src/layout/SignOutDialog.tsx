import { Button, Modal } from 'antd';
import { useState } from 'react';
import { signOut } from '../auth/sign-out.ts';

/** docs/screens.md#shell: 'Sign Out?' with Cancel and Sign Out. */
export function SignOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title="Sign Out?"
      onCancel={onClose}
      closable={false}
      mask={{ closable: !busy }}
      keyboard={!busy}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={busy}>
          Cancel
        </Button>,
        <Button
          key="sign-out"
          danger
          type="primary"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            await signOut();
            setBusy(false);
            onClose();
          }}
        >
          Sign Out
        </Button>,
      ]}
    >
      <p>Are you sure you want to sign out of the admin console?</p>
    </Modal>
  );
}
