import * as endpoints from '@backoffice/shared/endpoints';
import { errorMessage } from '@backoffice/shared/host';
import { Button, Modal } from 'antd';
import { useEffect, useId, useState } from 'react';
import { http } from '../http/services.ts';
import { notify } from '../notify.ts';
import { announcement, expiryOf, formatRemaining, WARN_BEFORE_MS } from './session-expiry.ts';
import { signOut } from './sign-out.ts';
import { useAuth } from './store.ts';

export const CANNOT_EXTEND = 'Your session cannot be extended. Please sign in again.';

/**
 * 'Your session expires in 1:59', with Stay signed in (a new session from the API) and Sign out. An
 * alertdialog: announced when it opens, then again at 1 minute, 30 and 10 seconds (a polite live region),
 * not at every tick of the visible countdown. `final`: a renewal could not move the end (the sign-in's
 * bound): it says so, with Sign out and Continue (work on until the end) instead.
 */
export default function SessionExpiryDialog({
  expiresAt,
  final = false,
  onFinal,
  onClose,
}: {
  expiresAt: number;
  final?: boolean;
  /** A renewal came back ending within the warning: that end is the last. */
  onFinal?(end: number): void;
  onClose?(): void;
}) {
  const [now, setNow] = useState(Date.now);
  const [busy, setBusy] = useState<'renew' | 'sign-out' | null>(null);
  const textId = useId();
  const left = expiresAt - now;

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  // antd's Modal is a role=dialog: this one interrupts, so it is an alertdialog described by its text.
  // Set once its body is in the page (antd renders it into a portal after the first render).
  const asAlertDialog = (node: HTMLDivElement | null) => {
    const dialog = node?.closest('[role="dialog"], [role="alertdialog"]');
    dialog?.setAttribute('role', 'alertdialog');
    dialog?.setAttribute('aria-describedby', textId);
  };

  const staySignedIn = async () => {
    setBusy('renew');
    try {
      const answer = await http.call(endpoints.sessionRenew, {});
      const end = expiryOf(answer.data.token);
      if (end !== null && end - Date.now() <= WARN_BEFORE_MS) {
        onFinal?.(end);
        setBusy(null);
      }
      // A new token: the watch (SessionExpiryWarning) starts again and closes this dialog (unless final).
      useAuth.getState().signIn(answer.data.token, answer.data.user);
    } catch (error) {
      notify.error(errorMessage(error, 'Could not renew the session'), error);
      setBusy(null);
    }
  };

  return (
    <Modal
      open
      title="Session about to expire"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={[
        <Button
          key="sign-out"
          disabled={busy !== null}
          loading={busy === 'sign-out'}
          onClick={() => {
            setBusy('sign-out');
            void signOut();
          }}
        >
          Sign out
        </Button>,
        final ? (
          <Button key="continue" type="primary" autoFocus disabled={busy === 'sign-out'} onClick={onClose}>
            Continue
          </Button>
        ) : (
          <Button
            key="stay"
            type="primary"
            autoFocus
            disabled={busy === 'sign-out'}
            loading={busy === 'renew'}
            onClick={staySignedIn}
          >
            Stay signed in
          </Button>
        ),
      ]}
    >
      <div ref={asAlertDialog}>
        <p id={textId}>Your session expires in {formatRemaining(left)}</p>
        {/* In the page from the start, so that its text is announced when it comes. */}
        <p role="status" className={final ? undefined : 'bo-sr-only'}>
          {final && CANNOT_EXTEND}
        </p>
        <p className="bo-sr-only" aria-live="polite">
          {announcement(left)}
        </p>
      </div>
    </Modal>
  );
}
