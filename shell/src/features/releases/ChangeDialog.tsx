import type { ReleaseTarget } from '@backoffice/shared/contract';
import { type CohortRule, cohortLabel } from '@backoffice/shared/contract/cohorts';
import * as endpoints from '@backoffice/shared/endpoints';
import { errorMessage, isApiError } from '@backoffice/shared/host';
import { governanceRoles } from '@backoffice/shared/permissions';
import { AlertDialog } from '@backoffice/shared/ui';
import { Alert, Checkbox, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useState } from 'react';
import { http } from '../../http/services.ts';
import { notify } from '../../notify.ts';
import { PART_LABELS } from './labels.ts';

/**
 * A change of what is live that the admin is asked to confirm: roll back, promote (to all), go live for a
 * cohort first, or end the cohort (its admins back on the live version).
 */
export interface PendingChange {
  part: ReleaseTarget;
  action: 'rollback' | 'promote' | 'cohort' | 'end-cohort';
  /** The live version now (null: nothing is live yet); the cohort's version when ending it. */
  from: string | null;
  to: string;
}

interface Values {
  reason: string;
  force?: boolean;
  kind?: CohortRule['kind'];
  role?: string;
  percent?: number;
}

const ruleOf = (values: Values): CohortRule =>
  values.kind === 'role'
    ? { kind: 'role', role: values.role as Extract<CohortRule, { kind: 'role' }>['role'] }
    : values.kind === 'percent'
      ? { kind: 'percent', percent: values.percent ?? 10 }
      : { kind: 'ops' };

/** The call's body, its success message and its words, per kind of change. */
function describe(change: PendingChange, label: string) {
  switch (change.action) {
    case 'rollback':
      return { title: `Roll back ${label}?`, confirm: 'Roll back', failed: `Failed to roll back ${label}` };
    case 'promote':
      return {
        title: `Promote ${label} ${change.to}?`,
        confirm: 'Promote',
        failed: `Failed to promote ${label}`,
      };
    case 'cohort':
      return {
        title: `Release ${label} ${change.to} to a cohort?`,
        confirm: 'Release to cohort',
        failed: `Failed to release ${label} ${change.to} to a cohort`,
      };
    case 'end-cohort':
      return {
        title: `Roll back ${label}'s cohort?`,
        confirm: 'Roll back cohort',
        failed: `Failed to roll back ${label}'s cohort`,
      };
  }
}

/** What the API is asked: a cohort's end is a rollback naming no version. */
function bodyOf(change: PendingChange, values: Values) {
  if (change.action === 'end-cohort') return { action: 'rollback' as const };
  if (change.action === 'cohort')
    return { action: 'deploy' as const, version: change.to, cohort: ruleOf(values) };
  return { action: change.action, version: change.to };
}

/** Who gets the version first: the ops admins, the admins of one role, or a share of the admins. */
function CohortFields({ kind }: { kind: CohortRule['kind'] | undefined }) {
  return (
    <>
      <Form.Item label="Cohort" name="kind">
        <Radio.Group
          options={[
            { value: 'ops', label: 'Ops admins' },
            { value: 'role', label: 'Admins with a role' },
            { value: 'percent', label: 'A share of admins' },
          ]}
        />
      </Form.Item>
      {kind === 'role' && (
        <Form.Item label="Role" name="role" rules={[{ required: true, message: 'Choose a role' }]}>
          <Select options={governanceRoles.map((role) => ({ value: role, label: role }))} />
        </Form.Item>
      )}
      {kind === 'percent' && (
        <Form.Item
          label="Share of admins (%)"
          name="percent"
          extra="The same admins every time: raising the share keeps those already in."
          rules={[
            { required: true, type: 'integer', min: 1, max: 99, message: 'The share of admins is 1 to 99%' },
          ]}
        >
          <InputNumber min={1} max={99} precision={0} />
        </Form.Item>
      )}
    </>
  );
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
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; forcible: boolean } | null>(null);
  const kind = Form.useWatch('kind', form);
  const label = PART_LABELS[change.part];
  const words = describe(change, label);
  const goingBack = change.action === 'rollback' || change.action === 'end-cohort';

  const confirm = async () => {
    let values: Values;
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
          ...bodyOf(change, values),
          reason: values.reason.trim(),
          // Only after a refusal, and only when the admin ticked it.
          force: Boolean(failure?.forcible && values.force),
        },
      });
      notify.success(
        change.action === 'cohort'
          ? `${label} ${change.to} is live for ${cohortLabel(ruleOf(values))}`
          : `${label} is now ${answer.data.to ?? change.to}`,
      );
      onChanged();
      onClose();
    } catch (error) {
      const forcible = isGateRefusal(error);
      setFailure({ message: errorMessage(error, words.failed), forcible });
      if (isApiError(error) && error.status === 409) onChanged();
      setBusy(false);
    }
  };

  return (
    <AlertDialog
      open
      title={words.title}
      confirmLabel={words.confirm}
      danger={goingBack}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      message={
        <>
          <p className="shell-releases__change">
            {change.action === 'end-cohort' ? `${label}: the cohort's ` : `${label}: `}
            {change.from ?? 'nothing live'} → <strong>{change.to}</strong>
            {change.action === 'cohort' && ' for the cohort below; everyone else keeps the live version'}
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
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ force: false, kind: 'ops', percent: 10 }}
          >
            {change.action === 'cohort' && <CohortFields kind={kind} />}
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
