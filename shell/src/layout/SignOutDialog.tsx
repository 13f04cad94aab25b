import { useState } from 'react';
import { signOut } from '../auth/signOut.ts';
import { Dialog } from '../components/Dialog.tsx';

/** Spec section 2.3: 'Sign Out?' with Cancel and Sign Out. */
export function SignOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      title="Sign Out?"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await signOut();
              setBusy(false);
              onClose();
            }}
          >
            Sign Out
          </button>
        </>
      }
    >
      <p>Are you sure you want to sign out of the admin console?</p>
    </Dialog>
  );
}
