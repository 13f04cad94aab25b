import type { AdminSummary } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { adminMessages, adminStatusLabels } from '@backoffice/shared/facts';
import { formatDateTime } from '@backoffice/shared/format';
import {
  AlertDialog,
  ExportButton,
  type ListColumn,
  ListPage,
  SearchForm,
  StatusTag,
  useListPage,
} from '@backoffice/shared/ui';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useAuth } from '../../auth/store.ts';
import { useNotifiedAction } from '../../components/useNotifiedAction.ts';
import { http } from '../../http/services.ts';
import { notify } from '../../notify.ts';
import { CreateAdminDialog, RolesDialog } from './AdminForms.tsx';
import { roleLabel } from './roles.ts';
import './admins.css';

type Action = 'disable' | 'enable' | 'reset' | 'unlock';

/** What each action asks, does and says. */
const ACTIONS: Record<
  Action,
  {
    title: string;
    confirm: string;
    done: string;
    fallback: string;
    danger: boolean;
    ask(a: AdminSummary): ReactNode;
  }
> = {
  disable: {
    title: 'Disable admin',
    confirm: 'Disable',
    done: 'disabled',
    fallback: 'Failed to disable admin',
    danger: true,
    ask: (a) =>
      `Disable ${a.name} (${a.email})? Their sessions end at once and they cannot sign in until re-enabled.`,
  },
  enable: {
    title: 'Re-enable admin',
    confirm: 'Re-enable',
    done: 're-enabled',
    fallback: 'Failed to re-enable admin',
    danger: false,
    ask: (a) => `Re-enable ${a.name} (${a.email})? They can sign in again with their roles.`,
  },
  reset: {
    title: 'Reset two-factor authentication',
    confirm: 'Reset 2FA',
    done: 'must set up two-factor authentication at the next sign-in',
    fallback: 'Failed to reset two-factor authentication',
    danger: true,
    ask: (a) =>
      `Reset the two-factor authentication of ${a.name} (${a.email})? Their sessions end and they set up a new authenticator at the next sign-in.`,
  },
  unlock: {
    title: 'Unlock admin',
    confirm: 'Unlock',
    done: 'unlocked',
    fallback: 'Failed to unlock admin',
    danger: false,
    ask: (a) => `Unlock ${a.name} (${a.email})? Their failed sign-in attempts are forgotten.`,
  },
};

const CALLS = {
  disable: endpoints.adminsDisable,
  enable: endpoints.adminsEnable,
  reset: endpoints.adminsResetTwoFactor,
  unlock: endpoints.adminsUnlock,
} as const;

const isLocked = (a: AdminSummary) => a.lockedUntil !== null && Date.parse(a.lockedUntil) > Date.now();

/**
 * /admins (docs/architecture.md#console-behaviour, superadmin): every admin, their roles and state, and what
 * a superadmin can do to them.
 */
export default function AdminsPage() {
  const me = useAuth((state) => state.user?.id);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminSummary | null>(null);
  const [pending, setPending] = useState<{ action: Action; admin: AdminSummary } | null>(null);
  const { busy, run } = useNotifiedAction();

  const list = useListPage({
    area: 'shell',
    list: 'admins',
    endpoint: endpoints.adminsList,
    filters: { search: '', status: '' },
    defaultPageSize: 20,
    pageSizes: [10, 20, 50, 100],
    failure: adminMessages.loadFailed,
    pageSizeParam: 'limit',
    rows: (answer) => answer.data.data,
    total: (answer) => answer.data.total,
  });

  const confirm = () => {
    if (!pending) return;
    const { action, admin } = pending;
    void run(async () => {
      await http.call(CALLS[action], { params: { id: admin.id } });
      notify.success(`${admin.name} ${ACTIONS[action].done}`);
      setPending(null);
      list.reload();
    }, ACTIONS[action].fallback);
  };

  const columns: ListColumn<AdminSummary>[] = [
    {
      key: 'admin',
      title: 'Admin',
      hideable: false,
      render: (a) => (
        <div className="shell-admins__who">
          <strong>{a.name}</strong>
          <span>{a.email}</span>
        </div>
      ),
    },
    {
      key: 'roles',
      title: 'Roles',
      render: (a) => (
        <Space size={[4, 4]} wrap>
          {a.roles.map((role) => (
            <Tag key={role} color={role === 'superadmin' ? 'purple' : role === 'auditor' ? 'cyan' : 'blue'}>
              {roleLabel(role)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      render: (a) => (
        <Space size={[4, 4]} wrap>
          <StatusTag kind="admin" status={a.status}>
            {adminStatusLabels[a.status]}
          </StatusTag>
          {isLocked(a) && <Tag color="orange">locked until {formatDateTime(a.lockedUntil)}</Tag>}
          {a.mustChangePassword && <Tag>one-time password</Tag>}
        </Space>
      ),
    },
    {
      key: 'twoFactor',
      title: 'Two-factor',
      render: (a) => (a.twoFactorSetupRequired ? 'Setup required' : a.twoFactorEnabled ? 'On' : 'Off'),
    },
    {
      key: 'lastSignIn',
      title: 'Last sign-in',
      render: (a) => (a.lastSignInAt ? formatDateTime(a.lastSignInAt) : 'Never'),
    },
    {
      key: 'actions',
      title: 'Actions',
      hideable: false,
      render: (a) => {
        const self = a.id === me;
        const ask = (action: Action) => () => setPending({ action, admin: a });
        return (
          <Space size={4} wrap>
            <Button size="small" onClick={() => setEditing(a)}>
              Roles
            </Button>
            {a.status === 'active' ? (
              <Button size="small" danger disabled={self} onClick={ask('disable')}>
                Disable
              </Button>
            ) : (
              <Button size="small" onClick={ask('enable')}>
                Re-enable
              </Button>
            )}
            <Button
              size="small"
              disabled={self || (!a.twoFactorEnabled && a.twoFactorSetupRequired)}
              onClick={ask('reset')}
            >
              Reset 2FA
            </Button>
            {isLocked(a) && (
              <Button size="small" onClick={ask('unlock')}>
                Unlock
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <ListPage
        list={list}
        title="Admins"
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Admins' }]}
        actions={
          <Button type="primary" onClick={() => setCreating(true)}>
            Create admin
          </Button>
        }
        search={{
          title: 'Search Admins',
          form: (
            <SearchForm
              label="Search admins"
              filters={list.filters}
              onSearch={list.setFilters}
              onReset={list.resetFilters}
            >
              <Form.Item label="Name or email" name="search">
                <Input placeholder="Name or email" />
              </Form.Item>
              <Form.Item label="Status" name="status">
                <Select
                  options={[
                    { value: '', label: 'All' },
                    { value: 'active', label: 'Active' },
                    { value: 'blocked', label: 'Disabled' },
                  ]}
                />
              </Form.Item>
            </SearchForm>
          ),
        }}
        toolbar={
          <ExportButton
            endpoint={endpoints.adminsExport}
            input={{ query: list.exportQuery }}
            filename="admins.csv"
          />
        }
        tableTitle="Admins"
        caption="Admins"
        columns={columns}
        rowKey={(a) => a.id}
        empty="No admins found"
        errorTitle="Error Loading Admins"
      />
      <CreateAdminDialog open={creating} onClose={() => setCreating(false)} onCreated={list.reload} />
      <RolesDialog admin={editing} onClose={() => setEditing(null)} onSaved={list.reload} />
      <AlertDialog
        open={pending !== null}
        title={pending ? ACTIONS[pending.action].title : ''}
        confirmLabel={pending ? ACTIONS[pending.action].confirm : ''}
        danger={pending ? ACTIONS[pending.action].danger : false}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        message={pending && ACTIONS[pending.action].ask(pending.admin)}
      />
    </>
  );
}
