import type { OpsTokenInfo } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { formatDateTime } from '@backoffice/shared/format';
import { errorMessage } from '@backoffice/shared/host';
import { AlertDialog, useLoad } from '@backoffice/shared/ui';
import { Alert, Button, Form, Input, InputNumber, Modal, Table, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useNotifiedAction } from '../../components/useNotifiedAction.ts';
import { http } from '../../http/services.ts';
import { notify } from '../../notify.ts';
import { ScrollBox } from './ScrollBox.tsx';

function status(token: OpsTokenInfo): { label: string; color?: string } {
  if (token.revokedAt) return { label: 'Revoked' };
  if (Date.parse(token.expiresAt) <= Date.now()) return { label: 'Expired' };
  return { label: 'Active', color: 'green' };
}

interface NewToken {
  name: string;
  owner: string;
  days: number;
}

/** 'New token': a name, its owner and how long it lives; then the token itself, shown once. */
function NewTokenDialog({ onClose, onCreated }: { onClose(): void; onCreated(): void }) {
  const [form] = Form.useForm<NewToken>();
  const { busy, run } = useNotifiedAction();
  const [made, setMade] = useState<{ owner: string; token: string } | null>(null);
  const submit = (values: NewToken) =>
    run(async () => {
      const answer = await http.call(endpoints.opsTokenCreate, { body: values });
      setMade({ owner: answer.data.owner, token: answer.data.token });
      onCreated();
    }, 'Failed to create the operator token');

  if (made)
    return (
      <Modal
        open
        title="Operator token created"
        onOk={onClose}
        onCancel={onClose}
        okText="Done"
        cancelButtonProps={{ hidden: true }}
      >
        <p>
          Give this token to {made.owner} for the release CLI (OPS_TOKEN). It is shown only once: it is stored
          hashed, and every change made with it names {made.owner}.
        </p>
        <Typography.Paragraph copyable={{ text: made.token }} code aria-label="Operator token">
          {made.token}
        </Typography.Paragraph>
      </Modal>
    );
  return (
    <Modal
      open
      title="New operator token"
      okText={busy ? 'Creating...' : 'Create token'}
      okButtonProps={{ loading: busy, htmlType: 'submit', form: 'new-ops-token' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        id="new-ops-token"
        layout="vertical"
        requiredMark={false}
        initialValues={{ days: 90 }}
        onFinish={submit}
      >
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
        >
          <Input maxLength={100} autoComplete="off" placeholder="e.g. CI deploys" />
        </Form.Item>
        <Form.Item
          label="Owner's email"
          name="owner"
          extra="An ops admin or a superadmin: the record of every change made with the token names them."
          rules={[
            { required: true, message: 'Owner is required' },
            { type: 'email', message: 'Invalid email format' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Lifetime (days)"
          name="days"
          rules={[
            { required: true, type: 'integer', min: 1, max: 365, message: 'A token lives 1 to 365 days' },
          ]}
        >
          <InputNumber min={1} max={365} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Operators' own tokens for the release CLI (docs/operations.md#operator-tokens), for superadmins: who holds
 * one, until when, when it was last used; a new one (shown once) and revoking one.
 */
export function OperatorTokens() {
  const heading = useId();
  const tokens = useLoad((signal) => http.call(endpoints.opsTokensList, {}, { signal }), []);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<OpsTokenInfo | null>(null);
  const { busy, run } = useNotifiedAction();
  const list = tokens.data?.data ?? [];

  const revoke = (token: OpsTokenInfo) =>
    run(async () => {
      await http.call(endpoints.opsTokenRevoke, { params: { id: token.id } });
      notify.success(`The token "${token.name}" of ${token.owner} is revoked`);
      setRevoking(null);
      tokens.reload();
    }, 'Failed to revoke the operator token');

  return (
    <section className="bo-panel shell-releases__part" aria-labelledby={heading}>
      <div className="bo-panel__head shell-releases__tokens-head">
        <h2 id={heading} className="shell-releases__title">
          Operator tokens
        </h2>
        <Button onClick={() => setCreating(true)}>New token</Button>
      </div>
      <div className="bo-panel__body shell-releases__body">
        <p className="shell-releases__muted">
          Each operator deploys with a token of their own: the history names them. The shared bootstrap token
          (OPS_TOKEN) is recorded as such.
        </p>
        {tokens.error !== null && (
          <Alert
            type="error"
            role="alert"
            showIcon
            title={errorMessage(tokens.error, 'Failed to fetch operator tokens')}
            action={<Button onClick={tokens.reload}>Retry</Button>}
          />
        )}
        {list.length === 0 && !tokens.loading && !tokens.error ? (
          <p className="shell-releases__muted">No operator tokens yet</p>
        ) : (
          <ScrollBox label="Operator tokens: list">
            <Table<OpsTokenInfo>
              size="small"
              pagination={false}
              loading={tokens.loading && !tokens.data}
              dataSource={list}
              rowKey={(token) => token.id}
              columns={[
                { key: 'name', title: 'Name', render: (_, t) => <strong>{t.name}</strong> },
                { key: 'owner', title: 'Owner', render: (_, t) => t.owner },
                {
                  key: 'created',
                  title: 'Created',
                  render: (_, t) =>
                    `${formatDateTime(t.createdAt)}${t.createdBy ? ` by ${t.createdBy}` : ''}`,
                },
                { key: 'expires', title: 'Expires', render: (_, t) => formatDateTime(t.expiresAt) },
                {
                  key: 'used',
                  title: 'Last used',
                  render: (_, t) => (t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'Never'),
                },
                {
                  key: 'status',
                  title: 'Status',
                  render: (_, t) => {
                    const { label, color } = status(t);
                    return <Tag color={color}>{label}</Tag>;
                  },
                },
                {
                  key: 'actions',
                  title: 'Actions',
                  render: (_, t) =>
                    status(t).label === 'Active' ? (
                      <Button
                        size="small"
                        danger
                        aria-label={`Revoke ${t.name} of ${t.owner}`}
                        onClick={() => setRevoking(t)}
                      >
                        Revoke
                      </Button>
                    ) : null,
                },
              ]}
            />
          </ScrollBox>
        )}
      </div>
      {creating && <NewTokenDialog onClose={() => setCreating(false)} onCreated={tokens.reload} />}
      {revoking && (
        <AlertDialog
          open
          title={`Revoke "${revoking.name}"?`}
          message={`${revoking.owner} can no longer deploy or roll back with it, on any API replica, from now on.`}
          confirmLabel="Revoke"
          danger
          busy={busy}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </section>
  );
}
