import type { SupportTicket } from '@backoffice/shared/contract';
import { formatDateTime } from '@backoffice/shared/format';
import { Button, Modal } from '@backoffice/shared/ui';

/** The 'View More' dialog: the whole message with who sent it and when. */
export function MessageDialog({ ticket, onClose }: { ticket: SupportTicket; onClose: () => void }) {
  return (
    <Modal
      open
      title={`Support Message #${ticket.id}`}
      onClose={onClose}
      width={640}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <dl className="su-meta">
        <dt>From</dt>
        <dd>
          {ticket.User.name || ticket.User.username} <span className="su-muted">@{ticket.User.username}</span>
        </dd>
        <dt>Type</dt>
        <dd>{ticket.type}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(ticket.createdAt)}</dd>
      </dl>
      <p className="su-full-message">{ticket.message}</p>
    </Modal>
  );
}
