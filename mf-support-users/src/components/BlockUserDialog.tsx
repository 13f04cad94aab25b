import { errorMessage, useHost } from '@backoffice/shared/host';
import { Button, Field, Modal, TextArea } from '@backoffice/shared/ui';
import { type FormEvent, useState } from 'react';
import { blockUser, USER_FALLBACKS } from '../data/users.ts';

const REASON_MAX = 500;
/** The API's message (contract users.ts BLOCK_REASON_REQUIRED), checked here before any call. */
export const REASON_REQUIRED = 'Reason is required';

/** Block with a reason: the reason is stored in the user's block history (who, when, why). */
export function BlockUserDialog({
  user,
  onClose,
  onDone,
}: {
  user: { id: number; username: string; name: string | null };
  onClose: () => void;
  onDone: () => void;
}) {
  const { http, notify } = useHost();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonError(REASON_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await blockUser(http, user.id, reason);
      notify.success('User blocked successfully');
      onDone();
    } catch (error) {
      notify.error(errorMessage(error, USER_FALLBACKS.block));
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title="Block User"
      onClose={busy ? () => {} : onClose}
      width={520}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="su-block-user" variant="danger" loading={busy}>
            Block
          </Button>
        </>
      }
    >
      <form id="su-block-user" className="su-form" onSubmit={submit}>
        <p>
          Block <strong>{user.name || user.username}</strong>{' '}
          <span className="su-muted">@{user.username}</span>? The user is marked blocked until an
          administrator unblocks them.
        </p>
        <Field
          label="Reason"
          htmlFor="su-block-reason"
          error={reasonError}
          hint={`Kept in the user's block history with your name and the time. ${reason.length}/${REASON_MAX}`}
        >
          <TextArea
            rows={3}
            maxLength={REASON_MAX}
            placeholder="Why is this user blocked?"
            value={reason}
            aria-required="true"
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(null);
            }}
          />
        </Field>
      </form>
    </Modal>
  );
}
