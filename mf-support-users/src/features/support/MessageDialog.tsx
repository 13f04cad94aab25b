import type { SupportTicket } from '@backoffice/shared/contract';
import { formatDateTime } from '@backoffice/shared/format';
import { Button, Descriptions, Modal } from 'antd';

/** The 'View More' dialog: the whole message with who sent it and when. */
export function MessageDialog({ ticket, onClose }: { ticket: SupportTicket; onClose: () => void }) {
  return (
    <Modal
      open
      title={`Support Message #${ticket.id}`}
      onCancel={onClose}
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Descriptions
        size="small"
        column={1}
        className="su-message-meta"
        items={[
          {
            key: 'from',
            label: 'From',
            children: (
              <span>
                {ticket.User.name || ticket.User.username}{' '}
                <span className="su-muted">@{ticket.User.username}</span>
              </span>
            ),
          },
          { key: 'type', label: 'Type', children: ticket.type },
          { key: 'created', label: 'Created', children: formatDateTime(ticket.createdAt) },
        ]}
      />
      <p className="su-full-message">{ticket.message}</p>
    </Modal>
  );
}
