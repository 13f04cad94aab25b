import type { SupportTicket } from '@backoffice/shared/contract';
import { useHost } from '@backoffice/shared/host';
import { AlertDialog } from '@backoffice/shared/ui';
import { useState } from 'react';
import { failureText, SUPPORT_FALLBACKS } from '../../data/messages.ts';
import { closeSupportTicket } from '../../data/support.ts';

/** The delete action, which closes the ticket (nothing is deleted), after a confirmation. */
export function CloseTicketDialog({
  ticket,
  onClose,
  onDone,
}: {
  ticket: SupportTicket;
  onClose: () => void;
  onDone: () => void;
}) {
  const { http, notify } = useHost();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await closeSupportTicket(http, ticket.id);
      notify.success('Support ticket closed successfully');
      onDone();
    } catch (error) {
      notify.error(failureText(error, SUPPORT_FALLBACKS.close), error);
      setBusy(false);
    }
  };
  return (
    <AlertDialog
      open
      title="Close Support Ticket"
      message={`Close ticket #${ticket.id} from ${ticket.User.name || ticket.User.username}? Its message and remarks are kept; the status becomes closed.`}
      confirmLabel="Close Ticket"
      danger
      busy={busy}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
