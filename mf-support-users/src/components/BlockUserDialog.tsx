import * as endpoints from '@backoffice/shared/endpoints';
import { useHost } from '@backoffice/shared/host';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { failureText, isStale, USER_FALLBACKS } from '../data/messages.ts';

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
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      await http.call(endpoints.userBlock, {
        params: { id: user.id },
        body: { userId: user.id, reason: reason.trim() },
      });
      notify.success('User blocked successfully');
      onDone();
    } catch (error) {
      notify.error(failureText(error, USER_FALLBACKS.block), error);
      // Blocked or deleted by someone else meanwhile: nothing left to do here, show what is now.
      if (isStale(error)) onDone();
      else setBusy(false);
    }
  };
  return (
    <Modal
      open
      title="Block User"
      width={520}
      closable={!busy}
      keyboard={!busy}
      maskClosable={!busy}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={busy}>
          Cancel
        </Button>,
        <Button key="block" type="primary" danger loading={busy} onClick={() => form.submit()}>
          Block
        </Button>,
      ]}
    >
      <Form form={form} id="su-block-user" layout="vertical" onFinish={submit} className="su-form">
        <p>
          Block <strong>{user.name || user.username}</strong>{' '}
          <span className="su-muted">@{user.username}</span>? The user is marked blocked until an
          administrator unblocks them.
        </p>
        <Form.Item
          label="Reason"
          name="reason"
          extra="Kept in the user's block history with your name and the time."
          rules={[{ required: true, whitespace: true, message: REASON_REQUIRED }]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder="Why is this user blocked?" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
