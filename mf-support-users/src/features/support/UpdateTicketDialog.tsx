import type { SupportStatus, SupportTicket } from '@backoffice/shared/contract';
import { supportStatusOptions } from '@backoffice/shared/facts';
import { useHost } from '@backoffice/shared/host';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { failureText, SUPPORT_FALLBACKS } from '../../data/messages.ts';
import { updateSupportTicket } from '../../data/support.ts';

const REMARKS_MAX = 1000;

interface Values {
  status: SupportStatus;
  remarks: string;
}

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
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ status, remarks }: Values) => {
    setBusy(true);
    try {
      const text = (remarks ?? '').trim();
      await updateSupportTicket(http, ticket.id, { status, remarks: text === '' ? null : text });
      notify.success('Support updated successfully');
      onDone();
    } catch (error) {
      notify.error(failureText(error, SUPPORT_FALLBACKS.update), error);
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title="Update Support Ticket"
      width={520}
      closable={!busy}
      keyboard={!busy}
      maskClosable={!busy}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={busy}>
          Cancel
        </Button>,
        <Button key="update" type="primary" loading={busy} onClick={() => form.submit()}>
          Update
        </Button>,
      ]}
    >
      <Form
        form={form}
        id="su-update-ticket"
        // Prefixes the field ids: the search form beside it has a 'status' field too, and a label must find
        // its own control.
        name="su-update-ticket"
        layout="vertical"
        className="su-form"
        initialValues={{ status: ticket.status, remarks: ticket.remarks ?? '' }}
        onFinish={submit}
      >
        <p className="su-muted">
          Ticket #{ticket.id} from {ticket.User.name || ticket.User.username} ({ticket.type})
        </p>
        <Form.Item label="Status" name="status">
          <Select options={[...supportStatusOptions]} />
        </Form.Item>
        <Form.Item label="Remarks" name="remarks">
          <Input.TextArea
            rows={4}
            maxLength={REMARKS_MAX}
            showCount
            placeholder="What was done, or what the user was told"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
