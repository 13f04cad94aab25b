import { validateWithdrawalStatusForm } from '@backoffice/shared/rules';
import { Button, Form, Input, Modal, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import type { Decision, StatusChoice } from './updates.ts';

const STATUS_OPTIONS = [
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

interface Values {
  status?: Decision;
  reason?: string;
}

const FORM_ID = 'finance-status-form';

/**
 * 'Update Withdrawal Status' (one) or 'Update Status (N withdrawals)' (bulk): a Status select and, for
 * Rejected only, the reason. Rendered only while open, so every opening starts empty. `onSubmit` resolves
 * when the update is done (it toasts itself and closes the dialog when it should).
 */
export function UpdateStatusModal({
  count,
  secondApproval = null,
  figures,
  onClose,
  onSubmit,
}: {
  /** null: one withdrawal; a number: the bulk update of that many. */
  count: number | null;
  /**
   * Four-eyes (docs/architecture.md#console-behaviour): the notice of a withdrawal awaiting its second
   * approval (who gave the first, when); the dialog is then 'Second Approval of Withdrawal'.
   */
  secondApproval?: ReactNode;
  /**
   * What the admin decides on (docs/architecture.md#console-behaviour): one withdrawal's user, amount and
   * address, or the count and sum.
   */
  figures: ReactNode;
  onClose(): void;
  onSubmit(choice: StatusChoice): Promise<void>;
}) {
  const [form] = Form.useForm<Values>();
  const status = Form.useWatch('status', form);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Values) => {
    if (busy || !values.status) return;
    setBusy(true);
    try {
      await onSubmit({
        status: values.status,
        reason: values.status === 'rejected' ? (values.reason ?? '').trim() : '',
      });
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal
      open
      title={
        count !== null
          ? `Update Status (${count} withdrawals)`
          : secondApproval
            ? 'Second Approval of Withdrawal'
            : 'Update Withdrawal Status'
      }
      onCancel={close}
      closable={!busy}
      mask={{ closable: !busy }}
      keyboard={!busy}
      footer={[
        <Button key="cancel" onClick={close} disabled={busy}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" htmlType="submit" form={FORM_ID} loading={busy} disabled={busy}>
          {busy ? 'Updating...' : 'Update'}
        </Button>,
      ]}
    >
      {secondApproval && <div className="finance-decision">{secondApproval}</div>}
      <div className="finance-decision">{figures}</div>
      <Form<Values>
        id={FORM_ID}
        name="finance-status"
        form={form}
        layout="vertical"
        className="finance-status-form"
        disabled={busy}
        onFinish={submit}
      >
        <Form.Item
          label="Status"
          name="status"
          rules={[
            {
              validator: (_, value?: string) => {
                const problem = validateWithdrawalStatusForm({ status: value ?? '' }).status;
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Select placeholder="Select Status" options={STATUS_OPTIONS} />
        </Form.Item>
        {status === 'rejected' && (
          <Form.Item
            label="Reason for Rejection"
            name="reason"
            rules={[
              {
                validator: (_, value?: string) => {
                  const problem = validateWithdrawalStatusForm({
                    status: 'rejected',
                    reason: value ?? '',
                  }).reason;
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input.TextArea placeholder="Please provide a reason for rejection" rows={4} maxLength={500} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
