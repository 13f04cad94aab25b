import { validateWithdrawalStatusForm, type WithdrawalStatusFormErrors } from '@backoffice/shared/rules';
import { Button, Field, Modal, Select, TextArea } from '@backoffice/shared/ui';
import { type FormEvent, useEffect, useState } from 'react';
import type { Decision } from '../../data/withdrawals.ts';

const STATUS_OPTIONS = [
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

export interface StatusChoice {
  status: Decision;
  reason: string;
}

/**
 * 'Update Withdrawal Status' (one) or 'Update Status (N withdrawals)' (bulk): a Status select and,
 * for Rejected only, the reason. `onSubmit` resolves when the update is done (it toasts itself).
 */
export function UpdateStatusModal({
  open,
  count,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** null: one withdrawal; a number: the bulk update of that many. */
  count: number | null;
  onClose: () => void;
  onSubmit: (choice: StatusChoice) => Promise<void>;
}) {
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<WithdrawalStatusFormErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setStatus('');
      setReason('');
      setErrors({});
      setBusy(false);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateWithdrawalStatusForm({ status, reason });
    setErrors(found);
    if (found.status || found.reason) return;
    setBusy(true);
    try {
      await onSubmit({ status: status as Decision, reason: status === 'rejected' ? reason.trim() : '' });
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    if (!busy) onClose();
  };

  const title = count === null ? 'Update Withdrawal Status' : `Update Status (${count} withdrawals)`;
  return (
    <Modal
      open={open}
      title={title}
      onClose={close}
      footer={
        <>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="finance-status-form" loading={busy}>
            {busy ? 'Updating...' : 'Update'}
          </Button>
        </>
      }
    >
      <form id="finance-status-form" className="finance-status-form" onSubmit={submit} noValidate>
        <Field label="Status" htmlFor="finance-status" error={errors.status}>
          <Select
            options={STATUS_OPTIONS}
            placeholder="Select Status"
            value={status}
            disabled={busy}
            onChange={(event) => {
              setStatus(event.currentTarget.value);
              setErrors({});
            }}
          />
        </Field>
        {status === 'rejected' && (
          <Field label="Reason for Rejection" htmlFor="finance-reason" error={errors.reason}>
            <TextArea
              placeholder="Please provide a reason for rejection"
              rows={4}
              maxLength={500}
              value={reason}
              disabled={busy}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                if (errors.reason) setErrors({});
              }}
            />
          </Field>
        )}
      </form>
    </Modal>
  );
}
