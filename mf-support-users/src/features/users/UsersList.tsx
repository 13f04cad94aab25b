import type { User } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { userSortFields, userStatusOptions } from '@backoffice/shared/facts';
import { formatCount, formatDateTime, formatShortDate } from '@backoffice/shared/format';
import { useCan } from '@backoffice/shared/host';
import { DEFAULT_SORT } from '@backoffice/shared/rules';
import {
  ExportButton,
  type ListColumn,
  ListPage,
  pagedQuery,
  SearchForm,
  StatusTag,
  useListPage,
} from '@backoffice/shared/ui';
import { Button, Form, Input, Select, Statistic, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BlockUserDialog } from '../../components/BlockUserDialog.tsx';
import { useUnblock } from '../../components/useUnblock.ts';
import { USER_FALLBACKS } from '../../data/messages.ts';
import { pageCounts } from './counts.ts';

const FILTERS = { email: '', username: '', status: '' };

const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...userStatusOptions];

/** docs/screens.md#users: Users. */
export default function UsersList() {
  // Blocking and unblocking is support-users:write: a read-only admin sees no Actions column.
  const canWrite = useCan('support-users:write');
  const [blocking, setBlocking] = useState<User | null>(null);
  const list = useListPage({
    area: 'support-users',
    list: 'users',
    endpoint: endpoints.usersList,
    filters: FILTERS,
    sort: { by: DEFAULT_SORT.sortBy, type: DEFAULT_SORT.sortType },
    failure: USER_FALLBACKS.list,
    // The spec's call carries the page size twice (limit and per_page).
    input: (state) => ({ query: { ...pagedQuery(state, userSortFields), limit: state.perPage } }),
    rows: (answer) => answer.data.data,
    total: (answer) => answer.data.total,
  });
  const { unblock, busyId } = useUnblock(list.reload);
  const counts = pageCounts(list.rows);
  const loaded = list.answer !== undefined && list.error === null;

  const columns: ListColumn<User>[] = [
    { key: 'id', title: 'ID', sortKey: 'id', render: (u) => u.id },
    {
      key: 'name',
      title: 'Name',
      sortKey: 'name',
      render: (u) => (
        <Link className="su-link su-nowrap" to={`/users/${u.id}`}>
          {u.name || u.username}
        </Link>
      ),
    },
    {
      key: 'username',
      title: 'Username',
      sortKey: 'username',
      render: (u) => <span className="su-nowrap">{u.username}</span>,
    },
    {
      key: 'email',
      title: 'Email',
      sortKey: 'email',
      render: (u) => (
        <span className="su-nowrap">
          {u.email}
          {!u.email_verified && <span className="su-muted"> (unverified)</span>}
        </span>
      ),
    },
    { key: 'role', title: 'Role', sortKey: 'role', render: (u) => <Tag color="purple">{u.role}</Tag> },
    {
      key: 'status',
      title: 'Status',
      sortKey: 'status',
      render: (u) => <StatusTag kind="user" status={u.status} />,
    },
    {
      key: 'last_login',
      title: 'Last Login',
      sortKey: 'last_login',
      render: (u) => (
        <span className="su-nowrap">{u.last_login ? formatDateTime(u.last_login) : 'Never'}</span>
      ),
    },
    {
      key: 'createdAt',
      title: 'Joined',
      sortKey: 'createdAt',
      render: (u) => (
        <span className="su-nowrap" title={formatDateTime(u.createdAt)}>
          {formatShortDate(u.createdAt)}
        </span>
      ),
    },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      title: 'Actions',
      hideable: false,
      fixed: 'end',
      render: (u) =>
        u.status === 'blocked' ? (
          <Button
            size="small"
            loading={busyId === u.id}
            onClick={() => unblock(u.id)}
            aria-label={`Unblock ${u.username}`}
          >
            Unblock
          </Button>
        ) : (
          <Button size="small" danger onClick={() => setBlocking(u)} aria-label={`Block ${u.username}`}>
            Block
          </Button>
        ),
    });

  const show = (value: number) => (loaded ? formatCount(value) : '…');
  // Plain boxes rather than antd's Card: Card brings its Tabs (and their Dropdown and Menu) to the page.
  const summary = (
    <section className="su-stats" aria-label="Summary">
      <div className="su-stat">
        <Statistic title="Total Users" value={show(list.total)} />
        <span className="su-muted">matching the filters</span>
      </div>
      <div className="su-stat">
        <Statistic title="Active" value={show(counts.active)} styles={{ content: { color: '#389e0d' } }} />
        <span className="su-muted">on this page</span>
      </div>
      <div className="su-stat">
        <Statistic title="Blocked" value={show(counts.blocked)} styles={{ content: { color: '#cf1322' } }} />
        <span className="su-muted">on this page</span>
      </div>
    </section>
  );

  return (
    <>
      <ListPage
        list={list}
        title="Users"
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Users' }]}
        actions={
          <Button onClick={list.reload} loading={list.loading && list.answer !== undefined}>
            Refresh
          </Button>
        }
        search={{
          title: 'Search Users',
          form: (
            <SearchForm
              label="Search users"
              filters={list.filters}
              onSearch={list.setFilters}
              onReset={list.resetFilters}
            >
              <Form.Item label="Email" name="email">
                <Input type="search" placeholder="Email" />
              </Form.Item>
              <Form.Item label="Username" name="username">
                <Input type="search" placeholder="Username" />
              </Form.Item>
              <Form.Item label="Status" name="status">
                <Select options={STATUS_OPTIONS} />
              </Form.Item>
            </SearchForm>
          ),
        }}
        tableTitle="Users"
        caption="Users"
        toolbar={
          <>
            {summary}
            <ExportButton
              endpoint={endpoints.usersExport}
              input={{ query: list.exportQuery }}
              filename="users.csv"
            />
          </>
        }
        columns={columns}
        rowKey={(u) => u.id}
        empty="No users found"
        errorTitle="Error Loading Users"
      />
      {blocking && (
        <BlockUserDialog
          user={blocking}
          onClose={() => setBlocking(null)}
          onDone={() => {
            setBlocking(null);
            list.reload();
          }}
        />
      )}
    </>
  );
}
