import type { SupportStatus, SupportTicket } from '@backoffice/shared/contract';
import { errorMessage, useHost } from '@backoffice/shared/host';
import { Button, Field, Modal, Select, TextArea } from '@backoffice/shared/ui';
import { type FormEvent, useState } from 'react';
import { SUPPORT_FALLBACKS, updateSupportTicket } from '../../data/support.ts';

const statusOptions = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];
const REMARKS_MAX = 1000;

/** 'Update Support Ticket': status and remarks. */
export function UpdateTicketDialog({
  ticket,
  onClose,
  onDone,
}: {
  ticket: SupportTicket;
  onClose: () => void;
  onDone: () => void;
}) {
  const { http, notify } = useHost();
  const [status, setStatus] = useState<SupportStatus>(ticket.status);
  const [remarks, setRemarks] = useState(ticket.remarks ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const text = remarks.trim();
      await updateSupportTicket(http, ticket.id, { status, remarks: text === '' ? null : text });
      notify.success('Support updated successfully');
      onDone();
    } catch (error) {
      notify.error(errorMessage(error, SUPPORT_FALLBACKS.update));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title="Update Support Ticket"
      onClose={busy ? () => {} : onClose}
      width={520}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="su-update-ticket" variant="primary" loading={busy}>
            Update
          </Button>
        </>
      }
    >
      <form id="su-update-ticket" className="su-form" onSubmit={submit}>
        <p className="su-muted">
          Ticket #{ticket.id} from {ticket.User.name || ticket.User.username} ({ticket.type})
        </p>
        <Field label="Status" htmlFor="su-update-status">
          <Select
            options={statusOptions}
            value={status}
            onChange={(e) => setStatus(e.target.value as SupportStatus)}
          />
        </Field>
        <Field label="Remarks" htmlFor="su-update-remarks" hint={`${remarks.length}/${REMARKS_MAX}`}>
          <TextArea
            rows={4}
            maxLength={REMARKS_MAX}
            placeholder="What was done, or what the user was told"
            value={remarks}
            onChange={(e) => setRemarks(e.target.value)}
          />
        </Field>
      </form>
    </Modal>
  );
}
