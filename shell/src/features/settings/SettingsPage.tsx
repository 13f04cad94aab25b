import { type FourEyesSettings, thresholdText } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { formatDateTime, parseDecimal, unitsToString } from '@backoffice/shared/format';
import { errorMessage } from '@backoffice/shared/host';
import { decimalAtMost, FOUR_EYES } from '@backoffice/shared/rules';
import { AlertDialog, PageHeader, useLoad } from '@backoffice/shared/ui';
import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../auth/store.ts';
import { useNotifiedAction } from '../../components/useNotifiedAction.ts';
import { http } from '../../http/services.ts';
import { notify } from '../../notify.ts';
import './settings.css';

export const SETTINGS_TITLE = 'Settings';

/** A threshold as the admin reads it: every decimal kept (up to 8), thousands grouped; null is off. */
export function thresholdLabel(threshold: string | null): string {
  const value = threshold === null ? null : parseDecimal(threshold);
  return value ? `${unitsToString(value.units, value.scale, true)} USDT` : 'off (every approval is final)';
}

const SOURCES: Record<FourEyesSettings['source'], { label: string; color: string }> = {
  setting: { label: 'Superadmin setting', color: 'purple' },
  env: { label: 'API default', color: 'blue' },
  none: { label: 'Not set', color: 'default' },
};

/** The change the superadmin is asked to confirm: a new threshold, or null to go back to the API default. */
interface Change {
  threshold: string | null;
  from: string | null;
  to: string | null;
}

/**
 * Whether the API will hold the change for a second superadmin (docs/operations.md): the threshold in force
 * goes above FOUR_EYES.approvalCeiling and up, or four-eyes goes off. The same rule as the API's, for the
 * confirmation text only: the API decides.
 */
export function needsSecondApproval(from: string | null, to: string | null): boolean {
  if (to === null) return from !== null;
  const raised = from === null || !decimalAtMost(to, from);
  return raised && !decimalAtMost(to, FOUR_EYES.approvalCeiling);
}

/**
 * A change waiting for a second superadmin: what it asks and who asked; another superadmin approves it
 * here (the requester only sees that it waits).
 */
function PendingChange({ settings, onApproved }: { settings: FourEyesSettings; onApproved(): void }) {
  const me = useAuth((state) => state.user?.id);
  const { busy, run } = useNotifiedAction();
  const pending = settings.pending;
  if (!pending) return null;
  const to = pending.threshold ?? settings.envThreshold;
  const mine = pending.requestedBy === me;
  const approve = () =>
    run(async () => {
      const answer = await http.call(endpoints.fourEyesSettingsApprove, {
        body: { threshold: pending.threshold },
      });
      notify.success(`Four-eyes threshold is now ${thresholdLabel(answer.data.threshold)}`);
      onApproved();
    }, 'Failed to approve the four-eyes threshold change');
  return (
    <Alert
      type="warning"
      showIcon
      className="shell-settings__pending"
      title="Awaiting second approval"
      description={
        <>
          {thresholdLabel(settings.threshold)} → <strong>{thresholdLabel(to)}</strong>, asked by admin #
          {pending.requestedBy} on {formatDateTime(pending.requestedAt)}.{' '}
          {mine
            ? 'Another superadmin must approve it before it takes effect.'
            : 'It takes effect once you (or another superadmin) approve it.'}
        </>
      }
      action={
        !mine && (
          <Button type="primary" loading={busy} onClick={approve}>
            Approve change
          </Button>
        )
      }
    />
  );
}

/** The four-eyes threshold: what is in force and where it comes from; set or drop the override. */
function FourEyesCard() {
  const [version, setVersion] = useState(0);
  const settings = useLoad((signal) => http.call(endpoints.fourEyesSettings, {}, { signal }), [version]);
  const [form] = Form.useForm<{ threshold: string }>();
  const [change, setChange] = useState<Change | null>(null);
  const { busy, run } = useNotifiedAction();
  const current = settings.data?.data;

  const save = () => {
    if (!change) return;
    run(async () => {
      const answer = await http.call(endpoints.fourEyesSettingsUpdate, {
        body: { threshold: change.threshold },
      });
      // Past the approval ceiling the API keeps it pending: say so rather than 'is now'.
      if (answer.data.pending) notify.success(answer.message);
      else notify.success(`Four-eyes threshold is now ${thresholdLabel(answer.data.threshold)}`);
      setChange(null);
      form.resetFields();
      setVersion((v) => v + 1);
    }, 'Failed to update the four-eyes threshold');
  };

  if (settings.error) {
    return (
      <Alert
        type="error"
        showIcon
        title="Error Loading Settings"
        description={errorMessage(settings.error, 'Failed to fetch settings')}
        action={<Button onClick={settings.reload}>Retry</Button>}
      />
    );
  }
  if (!current) return <Skeleton active />;
  return (
    <Card title="Four-eyes approval" size="small" className="shell-settings__card">
      <p className="shell-settings__lead">
        Approving a withdrawal of at least this amount needs a second, different admin.
      </p>
      <Descriptions column={1} size="small" bordered className="shell-settings__facts">
        <Descriptions.Item label="Threshold in force">
          <strong>{thresholdLabel(current.threshold)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label="Comes from">
          <Tag color={SOURCES[current.source].color}>{SOURCES[current.source].label}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="API default">
          {thresholdLabel(current.envThreshold)}{' '}
          <Typography.Text type="secondary" code>
            FOUR_EYES_THRESHOLD
          </Typography.Text>
        </Descriptions.Item>
        {current.updatedAt && (
          <Descriptions.Item label="Last changed">
            {formatDateTime(current.updatedAt)}
            {current.updatedBy !== null && ` by admin #${current.updatedBy}`}
          </Descriptions.Item>
        )}
      </Descriptions>
      <PendingChange settings={current} onApproved={() => setVersion((v) => v + 1)} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className="shell-settings__form"
        onFinish={({ threshold }) =>
          setChange({ threshold, from: current.threshold, to: thresholdText.parse(threshold) })
        }
      >
        <Form.Item
          label="New threshold"
          name="threshold"
          rules={[
            {
              // The API's own rule and messages: a positive amount with at most 8 decimals.
              validator: (_, value: string | undefined) => {
                const parsed = thresholdText.safeParse(value ?? '');
                return parsed.success
                  ? Promise.resolve()
                  : Promise.reject(new Error(parsed.error.issues[0]?.message));
              },
            },
          ]}
        >
          <Input inputMode="decimal" suffix="USDT" placeholder="e.g. 10000" autoComplete="off" />
        </Form.Item>
        <div className="shell-settings__buttons">
          <Button type="primary" htmlType="submit">
            Save threshold
          </Button>
          {current.source === 'setting' && (
            <Button
              onClick={() =>
                setChange({ threshold: null, from: current.threshold, to: current.envThreshold })
              }
            >
              Reset to API default
            </Button>
          )}
        </div>
      </Form>
      <AlertDialog
        open={change !== null}
        title="Change four-eyes threshold"
        confirmLabel="Change threshold"
        busy={busy}
        onConfirm={save}
        onCancel={() => setChange(null)}
        message={
          change && (
            <>
              <p>
                {thresholdLabel(change.from)} → <strong>{thresholdLabel(change.to)}</strong>
              </p>
              <p>
                {change.to === null
                  ? 'Every approval is final, whatever the amount.'
                  : `Approving a withdrawal of ${thresholdLabel(change.to)} or more will need a second admin.`}
              </p>
              {needsSecondApproval(change.from, change.to) && (
                <p>Another superadmin must approve this change before it takes effect.</p>
              )}
            </>
          )
        }
      />
    </Card>
  );
}

/** /settings (docs/architecture.md#console-behaviour, superadmin): console settings changed at run time. */
export default function SettingsPage() {
  return (
    <div className="shell-settings">
      <PageHeader
        title={SETTINGS_TITLE}
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: SETTINGS_TITLE }]}
      />
      <FourEyesCard />
    </div>
  );
}
