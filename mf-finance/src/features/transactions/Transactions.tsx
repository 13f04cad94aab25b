import {
  bscAddressUrl,
  formatCount,
  formatDateTime,
  formatMoney,
  shortenTxAddress,
  upperCurrency,
} from '@backoffice/shared/format';
import { useHost } from '@backoffice/shared/host';
import { nextSort, PAGINATION, sortTypeOf } from '@backoffice/shared/rules';
import {
  Badge,
  type BadgeColor,
  Button,
  Card,
  type Column,
  DataTable,
  EmptyState,
  ErrorPanel,
  Field,
  PageHeader,
  Pagination,
  Select,
  Spinner,
  TextInput,
  useLoad,
  useUrlQuery,
} from '@backoffice/shared/ui';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PAGE_SIZES, PerPageField, useClampPage, useDraft, useLoadError } from '../../components/filters.tsx';
import { defaultSort, pageOf, perPageOf } from '../../components/list-state.ts';
import { fetchTransactions, TRANSACTION_STATUSES, type Transaction } from '../../data/transactions.ts';

const FILTERS = {
  id: '',
  username: '',
  status: '',
  pay_address: '',
  date_start: '',
  date_end: '',
};
const DEFAULTS = { ...FILTERS, page: 1, per_page: PAGINATION.defaultPageSize as number, ...defaultSort };

const STATUS_OPTIONS = TRANSACTION_STATUSES.map((s) => ({
  value: s,
  label: s[0]!.toUpperCase() + s.slice(1),
}));
const STATUS_COLORS: Record<string, BadgeColor> = { completed: 'green', waiting: 'yellow', failed: 'red' };

/** /transactions (spec 2.7): search, sortable table, user and explorer links. */
export default function Transactions() {
  const { http } = useHost();
  const [query, setQuery, resetQuery] = useUrlQuery(DEFAULTS);
  const page = pageOf(query.page);
  const perPage = perPageOf(query.per_page, PAGE_SIZES, DEFAULTS.per_page);
  const sort = { sort_by: query.sort_by, sort_type: sortTypeOf(query.sort_type) };
  const applied = {
    id: query.id,
    username: query.username,
    status: query.status,
    pay_address: query.pay_address,
    date_start: query.date_start,
    date_end: query.date_end,
  };
  const [draft, setDraft] = useDraft(applied);

  const list = useLoad(
    (signal) => fetchTransactions(http, { page, per_page: perPage, ...sort, ...applied }, signal),
    [http, page, perPage, sort.sort_by, sort.sort_type, JSON.stringify(applied)],
  );
  const loadError = useLoadError(list.error, 'Failed to fetch transactions');
  useClampPage(page, list.data?.totalPages, (last) => setQuery({ page: last }, { replace: true }));

  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = Object.fromEntries(
      Object.entries(draft).map(([k, v]) => [k, v.trim()]),
    ) as typeof FILTERS;
    setQuery({ ...trimmed, page: 1 });
  };

  const columns: Column<Transaction>[] = [
    { key: 'id', title: 'ID', sortKey: 'id', render: (t) => t.id },
    {
      key: 'user',
      title: 'User',
      render: (t) => (
        <div className="finance-user">
          <Link className="finance-user__name" to={`/users/${t.User.id}`}>
            {t.User.name?.trim() || t.User.username}
          </Link>
          <span className="finance-user__line">{t.User.username}</span>
        </div>
      ),
    },
    {
      key: 'pay_address',
      title: 'Payment Address',
      render: (t) =>
        t.pay_address ? (
          <a
            className="finance-mono"
            href={bscAddressUrl(t.pay_address)}
            target="_blank"
            rel="noopener noreferrer"
            title={t.pay_address}
          >
            {shortenTxAddress(t.pay_address)}
          </a>
        ) : (
          <span className="finance-muted">N/A</span>
        ),
    },
    { key: 'currency', title: 'Currency', sortKey: 'currency', render: (t) => upperCurrency(t.currency) },
    {
      key: 'amount',
      title: 'Amount',
      sortKey: 'amount',
      align: 'right',
      render: (t) => <span className="finance-amount">{formatMoney(t.amount)}</span>,
    },
    {
      key: 'status',
      title: 'Status',
      sortKey: 'status',
      render: (t) => <Badge color={STATUS_COLORS[t.status] ?? 'grey'}>{t.status}</Badge>,
    },
    {
      key: 'createdAt',
      title: 'Date',
      sortKey: 'createdAt',
      render: (t) => <span className="finance-nowrap">{formatDateTime(t.createdAt)}</span>,
    },
  ];

  return (
    <div className="finance-page">
      <PageHeader
        title="Transactions"
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Transactions' }]}
      />
      <Card
        title="Search Transactions"
        extra={
          <span className="finance-total">
            Total: <strong>{formatCount(list.data?.total ?? 0)}</strong>
          </span>
        }
      >
        <form className="finance-filters" onSubmit={search} aria-label="Search transactions">
          <Field label="ID" htmlFor="tx-id">
            <TextInput
              inputMode="numeric"
              placeholder="Transaction ID"
              value={draft.id}
              onChange={(e) => setDraft({ id: e.currentTarget.value })}
            />
          </Field>
          <Field label="Username" htmlFor="tx-username">
            <TextInput
              placeholder="Username"
              value={draft.username}
              onChange={(e) => setDraft({ username: e.currentTarget.value })}
            />
          </Field>
          <Field label="Status" htmlFor="tx-status">
            <Select
              options={STATUS_OPTIONS}
              placeholder="All"
              value={draft.status}
              onChange={(e) => setDraft({ status: e.currentTarget.value })}
            />
          </Field>
          <Field label="Payment Address" htmlFor="tx-address">
            <TextInput
              placeholder="0x..."
              value={draft.pay_address}
              onChange={(e) => setDraft({ pay_address: e.currentTarget.value })}
            />
          </Field>
          <div className="finance-filters__wide">
            <Field label="From" htmlFor="tx-from">
              <TextInput
                type="datetime-local"
                value={draft.date_start}
                max={draft.date_end || undefined}
                onChange={(e) => setDraft({ date_start: e.currentTarget.value })}
              />
            </Field>
          </div>
          <div className="finance-filters__wide">
            <Field label="To" htmlFor="tx-to">
              <TextInput
                type="datetime-local"
                value={draft.date_end}
                min={draft.date_start || undefined}
                onChange={(e) => setDraft({ date_end: e.currentTarget.value })}
              />
            </Field>
          </div>
          <PerPageField
            id="tx-per-page"
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
      <Card title="Transactions">
        {loadError !== null ? (
          <ErrorPanel title="Error Loading Transactions" message={loadError} onRetry={list.reload} />
        ) : list.loading && !list.data ? (
          <div className="finance-loading">
            <Spinner size="large" label="Loading transactions..." />
          </div>
        ) : !list.loading && (list.data?.rows.length ?? 0) === 0 ? (
          <EmptyState>No transactions found matching your search criteria</EmptyState>
        ) : (
          <>
            <DataTable
              caption="Transactions"
              columns={columns}
              rows={list.data?.rows ?? []}
              rowKey={(t) => t.id}
              loading={list.loading}
              empty="No transactions found matching your search criteria"
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
