import { formatCount, formatMoney, formatShortDate } from '@backoffice/shared/format';
import { useHost } from '@backoffice/shared/host';
import { nextSort, PAGINATION, sortTypeOf } from '@backoffice/shared/rules';
import {
  Button,
  Card,
  type Column,
  DataTable,
  EmptyState,
  ErrorPanel,
  Field,
  PageHeader,
  Pagination,
  Spinner,
  TextInput,
  useLoad,
  useUrlQuery,
} from '@backoffice/shared/ui';
import type { FormEvent } from 'react';
import { TxHash, UserInfo, WalletAddress, WithdrawalStatusBadge } from '../../components/cells.tsx';
import { PAGE_SIZES, PerPageField, useClampPage, useDraft, useLoadError } from '../../components/filters.tsx';
import { defaultSort, pageOf, perPageOf } from '../../components/list-state.ts';
import { fetchWithdrawals, type Withdrawal, type WithdrawalStatus } from '../../data/withdrawals.ts';

const DEFAULTS = {
  id: '',
  username: '',
  page: 1,
  per_page: PAGINATION.defaultPageSize as number,
  ...defaultSort,
};

export interface ProcessedViewProps {
  title: string;
  crumb: string;
  /** Which filter the search card offers: the username (Approved) or the ID (Completed). */
  filter: 'username' | 'id';
  status?: WithdrawalStatus;
  statusIn?: readonly WithdrawalStatus[];
  empty: string;
}

/** Approved & Rejected and Completed (spec 2.9): a read-only list with one search field. */
export function ProcessedWithdrawals({ title, crumb, filter, status, statusIn, empty }: ProcessedViewProps) {
  const { http } = useHost();
  const [query, setQuery, resetQuery] = useUrlQuery(DEFAULTS);
  const page = pageOf(query.page);
  const perPage = perPageOf(query.per_page, PAGE_SIZES, DEFAULTS.per_page);
  const sort = { sort_by: query.sort_by, sort_type: sortTypeOf(query.sort_type) };
  const value = filter === 'id' ? query.id : query.username;
  const [draft, setDraft] = useDraft({ value });

  const list = useLoad(
    (signal) =>
      fetchWithdrawals(
        http,
        {
          page,
          per_page: perPage,
          ...sort,
          status,
          status_in: statusIn,
          ...(filter === 'id' ? { id: value } : { user_name: value }),
        },
        signal,
      ),
    [http, page, perPage, value, sort.sort_by, sort.sort_type],
  );
  const loadError = useLoadError(list.error, 'Failed to fetch withdrawals');
  useClampPage(page, list.data?.totalPages, (last) => setQuery({ page: last }, { replace: true }));

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ [filter]: draft.value.trim(), page: 1 });
  };

  const columns: Column<Withdrawal>[] = [
    { key: 'id', title: 'ID', sortKey: 'id', render: (w) => w.id },
    { key: 'user', title: 'User Info', render: (w) => <UserInfo user={w.User} /> },
    {
      key: 'amount',
      title: 'Amount',
      sortKey: 'amount',
      align: 'right',
      render: (w) => <span className="finance-amount">{formatMoney(w.amount)}</span>,
    },
    { key: 'address', title: 'User Address', render: (w) => <WalletAddress address={w.wallet_address} /> },
    {
      key: 'status',
      title: 'Status',
      sortKey: 'status',
      render: (w) => <WithdrawalStatusBadge status={w.status} />,
    },
    { key: 'hash', title: 'Hash', render: (w) => <TxHash hash={w.hash} /> },
    {
      key: 'comment',
      title: 'Comment',
      render: (w) =>
        w.comment ? (
          <span className="finance-comment">{w.comment}</span>
        ) : (
          <span className="finance-muted">—</span>
        ),
    },
    {
      key: 'createdAt',
      title: 'TimeStamp',
      sortKey: 'createdAt',
      render: (w) => <span className="finance-nowrap">{formatShortDate(w.createdAt)}</span>,
    },
  ];

  const inputId = filter === 'id' ? 'processed-id' : 'processed-username';
  return (
    <div className="finance-page">
      <PageHeader
        title={title}
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Withdrawals' }, { label: crumb }]}
      />
      <Card
        title="Search Withdrawals"
        extra={
          <span className="finance-total">
            Total: <strong>{formatCount(list.data?.total ?? 0)}</strong>
          </span>
        }
      >
        <form className="finance-filters" onSubmit={search} aria-label="Search withdrawals">
          <Field label={filter === 'id' ? 'ID' : 'Username'} htmlFor={inputId}>
            <TextInput
              inputMode={filter === 'id' ? 'numeric' : undefined}
              placeholder={filter === 'id' ? 'Withdrawal ID' : 'Username'}
              value={draft.value}
              onChange={(event) => setDraft({ value: event.currentTarget.value })}
            />
          </Field>
          <PerPageField
            id="processed-per-page"
            value={perPage}
            onChange={(size) => setQuery({ per_page: size, page: 1 })}
          />
          <div className="finance-filters__actions">
            <Button variant="primary" type="submit">
              Search
            </Button>
            <Button onClick={() => resetQuery()}>Reset</Button>
          </div>
        </form>
      </Card>
      <Card title="Withdrawals">
        {loadError !== null ? (
          <ErrorPanel title="Error Loading Withdrawals" message={loadError} onRetry={list.reload} />
        ) : list.loading && !list.data ? (
          <div className="finance-loading">
            <Spinner size="large" label="Loading withdrawals..." />
          </div>
        ) : !list.loading && (list.data?.rows.length ?? 0) === 0 ? (
          <EmptyState>{empty}</EmptyState>
        ) : (
          <>
            <DataTable
              caption={title}
              columns={columns}
              rows={list.data?.rows ?? []}
              rowKey={(w) => w.id}
              loading={list.loading}
              empty={empty}
              sort={{ by: sort.sort_by, type: sort.sort_type }}
              onSort={(by) => setQuery({ ...nextSort(sort, by), page: 1 })}
            />
            <div className="finance-pager">
              <Pagination
                page={page}
                totalPages={list.data?.totalPages ?? 0}
                onChange={(next) => setQuery({ page: next })}
              />
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
