import type { User } from '@backoffice/shared/contract';
import { formatCount, formatDateTime, formatShortDate, showingRange } from '@backoffice/shared/format';
import { useHost } from '@backoffice/shared/host';
import { sortTypeOf } from '@backoffice/shared/rules';
import {
  Badge,
  Button,
  Card,
  type Column,
  DataTable,
  EmptyState,
  ErrorPanel,
  PageHeader,
  Pagination,
  StatCard,
  useUrlQuery,
} from '@backoffice/shared/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { BlockUserDialog } from '../../components/BlockUserDialog.tsx';
import { normalizePaging } from '../../components/paging.ts';
import { nextUserSort } from '../../components/sort.ts';
import { UserStatusBadge } from '../../components/UserStatusBadge.tsx';
import { useUnblock } from '../../components/useUnblock.ts';
import { fetchUsers, USER_FALLBACKS, userDefaults } from '../../data/users.ts';
import { useScreenLoad } from '../../data/useScreenLoad.ts';
import { pageCounts } from './counts.ts';
import { UsersFilters } from './UsersFilters.tsx';

/** Spec 2.6: Users. */
export default function UsersList() {
  const { http } = useHost();
  const [urlQuery, setQuery, resetQuery] = useUrlQuery(userDefaults);
  const query = useMemo(() => normalizePaging(urlQuery), [urlQuery]);
  const [blocking, setBlocking] = useState<User | null>(null);
  const key = JSON.stringify(query);
  const list = useScreenLoad((signal) => fetchUsers(http, query, signal), [http, query], USER_FALLBACKS.list);
  const { unblock, busyId } = useUnblock(list.refresh);
  const data = list.data;
  const counts = pageCounts(data?.data ?? []);
  const show = (value: number) => (data ? formatCount(value) : '…');

  const columns: Column<User>[] = [
    { key: 'id', title: 'ID', sortKey: 'id', render: (u) => u.id, width: 72 },
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
    { key: 'role', title: 'Role', sortKey: 'role', render: (u) => <Badge color="purple">{u.role}</Badge> },
    {
      key: 'status',
      title: 'Status',
      sortKey: 'status',
      render: (u) => <UserStatusBadge status={u.status} />,
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
    {
      key: 'actions',
      title: 'Actions',
      render: (u) => (
        <div className="su-actions">
          {u.status === 'blocked' ? (
            <Button
              size="small"
              loading={busyId === u.id}
              onClick={() => unblock(u.id)}
              aria-label={`Unblock ${u.username}`}
            >
              Unblock
            </Button>
          ) : (
            <Button
              size="small"
              className="su-danger-ghost"
              onClick={() => setBlocking(u)}
              aria-label={`Block ${u.username}`}
            >
              Block
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="su-page">
      <PageHeader
        title="Users"
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Users' }]}
        actions={
          <Button onClick={list.refresh} loading={list.loading && data !== undefined}>
            Refresh
          </Button>
        }
      />
      <section className="su-stats" aria-label="Summary">
        <StatCard
          label="Total Users"
          value={show(data?.total ?? 0)}
          hint="matching the filters"
          tone="blue"
        />
        <StatCard label="Active" value={show(counts.active)} hint="on this page" tone="green" />
        <StatCard label="Blocked" value={show(counts.blocked)} hint="on this page" tone="red" />
      </section>
      <UsersFilters
        key={key}
        values={query}
        onSearch={(values) => setQuery({ ...values, page: 1 })}
        onPageSize={(per_page) => setQuery({ per_page, page: 1 })}
        onReset={resetQuery}
      />
      {list.message && !list.loading ? (
        <ErrorPanel title="Error Loading Users" message={list.message} onRetry={list.reload} />
      ) : (
        <Card className="su-table-card">
          <DataTable
            caption="Users"
            columns={columns}
            rows={data?.data ?? []}
            rowKey={(u) => u.id}
            loading={list.busy}
            empty={<EmptyState>No users found</EmptyState>}
            sort={{ by: query.sort_by, type: sortTypeOf(query.sort_type) }}
            onSort={(by) => setQuery(nextUserSort(query, by))}
          />
          {data && data.total > 0 && (
            <div className="su-pager">
              <span className="su-muted">{showingRange(query.page, query.per_page, data.total)}</span>
              <Pagination
                page={query.page}
                totalPages={data.totalPages}
                onChange={(page) => setQuery({ page })}
              />
            </div>
          )}
        </Card>
      )}
      {blocking && (
        <BlockUserDialog
          user={blocking}
          onClose={() => setBlocking(null)}
          onDone={() => {
            setBlocking(null);
            list.refresh();
          }}
        />
      )}
    </div>
  );
}
