import type { ReleaseTarget } from '@backoffice/shared/contract';
import { endpoints } from '@backoffice/shared/endpoints';
import { errorMessage, isApiError } from '@backoffice/shared/host';
import { AlertDialog } from '@backoffice/shared/ui';
import { Alert, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { http } from '../../http/services.ts';
import { notify } from '../../notify.ts';
import { PART_LABELS } from './labels.ts';

/** A change of what is live that the admin is asked to confirm. */
export interface PendingChange {
  part: ReleaseTarget;
  action: 'rollback' | 'promote';
  /** The live version now (null: nothing is live yet). */
  from: string | null;
  to: string;
}

const REASON_MAX = 500;

/** A refusal by the gate ('... was refused: shared check failed: ...') can be forced; other 409s cannot. */
const isGateRefusal = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.message.includes(' was refused: ');

/**
 * 'Roll back Lottery?' / 'Promote Lottery 1.5.0?': old → new and a required reason. A refusal keeps the
 * dialog open with the gate's message and offers to force the change (the reason is kept in the audit log).
 */
export function ChangeDialog({
  change,
  onClose,
  onChanged,
}: {
  change: PendingChange;
  onClose(): void;
  /** Something changed on the server (done, or a refusal recorded in the history): reload the list. */
  onChanged(): void;
}) {
  const [form] = Form.useForm<{ reason: string; force: boolean }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; forcible: boolean } | null>(null);
  const label = PART_LABELS[change.part];
  const rollback = change.action === 'rollback';

  const confirm = async () => {
    let values: { reason: string; force?: boolean };
    try {
      values = await form.validateFields();
    } catch {
      return; // the field shows its error
    }
    setBusy(true);
    try {
      const answer = await http.call(endpoints.releasesSetLive, {
        params: { area: change.part },
        body: {
          action: change.action,
          version: change.to,
          reason: values.reason.trim(),
          // Only after a refusal, and only when the admin ticked it.
          force: Boolean(failure?.forcible && values.force),
        },
      });
      notify.success(`${label} is now ${answer.data.to ?? change.to}`);
      onChanged();
      onClose();
    } catch (error) {
      const forcible = isGateRefusal(error);
      setFailure({
        message: errorMessage(
          error,
          rollback ? `Failed to roll back ${label}` : `Failed to promote ${label}`,
        ),
        forcible,
      });
      if (isApiError(error) && error.status === 409) onChanged();
      setBusy(false);
    }
  };

  return (
    <AlertDialog
      open
      title={rollback ? `Roll back ${label}?` : `Promote ${label} ${change.to}?`}
      confirmLabel={rollback ? 'Roll back' : 'Promote'}
      danger={rollback}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      message={
        <>
          <p className="shell-releases__change">
            {label}: {change.from ?? 'nothing live'} → <strong>{change.to}</strong>
          </p>
          {failure && (
            <Alert
              type="error"
              role="alert"
              showIcon
              title={failure.message}
              className="shell-releases__refusal"
            />
          )}
          <Form form={form} layout="vertical" requiredMark={false} initialValues={{ force: false }}>
            <Form.Item
              label="Reason"
              name="reason"
              rules={[
                { required: true, whitespace: true, message: 'A reason is required' },
                { max: REASON_MAX, message: `Reason must be at most ${REASON_MAX} characters` },
              ]}
            >
              <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoComplete="off" />
            </Form.Item>
            {failure?.forcible && (
              <Form.Item name="force" valuePropName="checked">
                <Checkbox>Force it (skip the failed checks)</Checkbox>
              </Form.Item>
            )}
          </Form>
        </>
      }
    />
  );
}
