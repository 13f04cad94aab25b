import type { AdminSession } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { formatDateTime } from '@backoffice/shared/format';
import { errorMessage } from '@backoffice/shared/host';
import { AlertDialog, PageHeader, useLoad } from '@backoffice/shared/ui';
import { Alert, Button, Card, Form, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../auth/store.ts';
import { useNotifiedAction } from '../../components/useNotifiedAction.ts';
import { credentialHttp, http } from '../../http/services.ts';
import { notify } from '../../notify.ts';
import './security.css';

export const SECURITY_TITLE = 'Password and sessions';

interface PasswordValues {
  currentPassword: string;
  currentCode?: string;
  newPassword: string;
  repeat: string;
}

/** Change my password: the current one (and a current code with 2FA on); my other sessions end. */
function ChangePassword({ onChanged }: { onChanged(): void }) {
  const [form] = Form.useForm<PasswordValues>();
  const twoFactor = useAuth((state) => state.user?.twoFactorEnabled ?? false);
  const { busy, run } = useNotifiedAction();
  const submit = ({ currentPassword, currentCode, newPassword }: PasswordValues) =>
    run(async () => {
      const answer = await credentialHttp.call(endpoints.changePassword, {
        body: { currentPassword, newPassword, ...(currentCode ? { currentCode } : {}) },
      });
      notify.success(answer.message || 'Password changed');
      form.resetFields();
      onChanged();
    }, 'Failed to change password');

  return (
    <Card title="Change password" size="small">
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        className="shell-security__form"
      >
        <Form.Item
          label="Current password"
          name="currentPassword"
          rules={[{ required: true, message: 'Current password is required' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {twoFactor && (
          <Form.Item
            label="Code from your authenticator"
            name="currentCode"
            rules={[{ required: true, pattern: /^\d{6}$/, message: 'Please enter a valid 6-digit code' }]}
          >
            <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
        )}
        <Form.Item
          label="New password"
          name="newPassword"
          rules={[{ required: true, min: 8, message: 'New password must be at least 8 characters' }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Repeat new password"
          name="repeat"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: 'Repeat the new password' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The passwords do not match')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {busy ? 'Changing...' : 'Change password'}
        </Button>
      </Form>
    </Card>
  );
}

/** My signed-in sessions, the current one marked; end one, or all the others. */
function Sessions({ version }: { version: number }) {
  const sessions = useLoad((signal) => http.call(endpoints.sessionsList, {}, { signal }), [version]);
  const { busy, run } = useNotifiedAction();
  const [confirmAll, setConfirmAll] = useState(false);
  const end = (session: AdminSession) =>
    run(async () => {
      await http.call(endpoints.sessionRevoke, { params: { id: session.id } });
      notify.success('Session signed out');
      sessions.reload();
    }, 'Failed to sign out the session');
  const endOthers = () =>
    run(async () => {
      const answer = await http.call(endpoints.sessionsRevokeOthers, {});
      notify.success(`${answer.data.revoked} other session(s) signed out`);
      setConfirmAll(false);
      sessions.reload();
    }, 'Failed to sign out the other sessions');

  const rows = sessions.data?.data ?? [];
  return (
    <Card
      title="Sessions"
      size="small"
      extra={
        <Button disabled={rows.filter((s) => !s.current).length === 0} onClick={() => setConfirmAll(true)}>
          Sign out all other sessions
        </Button>
      }
    >
      {sessions.error ? (
        <Alert
          type="error"
          showIcon
          title="Error Loading Sessions"
          description={errorMessage(sessions.error, 'Failed to fetch sessions')}
          action={<Button onClick={sessions.reload}>Retry</Button>}
        />
      ) : (
        <Table<AdminSession>
          aria-label="Sessions"
          size="small"
          rowKey="id"
          loading={sessions.loading}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'device',
              title: 'Device',
              render: (_, s) => (
                <span className="shell-security__device">
                  {s.userAgent ?? 'Unknown device'} {s.current && <Tag color="green">This session</Tag>}
                </span>
              ),
            },
            { key: 'ip', title: 'IP address', render: (_, s) => s.ip ?? 'Unknown' },
            { key: 'created', title: 'Signed in', render: (_, s) => formatDateTime(s.createdAt) },
            { key: 'expires', title: 'Expires', render: (_, s) => formatDateTime(s.expiresAt) },
            {
              key: 'action',
              title: 'Action',
              render: (_, s) =>
                s.current ? null : (
                  <Button size="small" disabled={busy} onClick={() => end(s)}>
                    Sign out
                  </Button>
                ),
            },
          ]}
        />
      )}
      <AlertDialog
        open={confirmAll}
        title="Sign out all other sessions"
        confirmLabel="Sign out others"
        danger
        busy={busy}
        onConfirm={endOthers}
        onCancel={() => setConfirmAll(false)}
        message="Every session but this one ends at once, on every device."
      />
    </Card>
  );
}

/**
 * /account/security: the signed-in admin's password and sessions (docs/architecture.md#console-behaviour).
 */
export default function SecurityPage() {
  const [version, setVersion] = useState(0);
  return (
    <div className="shell-security">
      <PageHeader
        title={SECURITY_TITLE}
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: SECURITY_TITLE }]}
      />
      <div className="shell-security__grid">
        <ChangePassword onChanged={() => setVersion((v) => v + 1)} />
        <Sessions version={version} />
      </div>
    </div>
  );
}
