import type { Transaction } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { transactionMessages, transactionSortFields, transactionStatuses } from '@backoffice/shared/facts';
import {
  bscAddressUrl,
  formatDateTime,
  formatMoney,
  shortenTxAddress,
  upperCurrency,
} from '@backoffice/shared/format';
import { DEFAULT_SORT } from '@backoffice/shared/rules';
import {
  DayRangePicker,
  ExportButton,
  type ListColumn,
  ListPage,
  SearchForm,
  StatusTag,
  useListPage,
} from '@backoffice/shared/ui';
import { Form, Input, Select } from 'antd';
import { Link } from 'react-router-dom';

const FILTERS = { id: '', username: '', status: '', pay_address: '', date_start: '', date_end: '' };

const STATUS_OPTIONS = transactionStatuses.map((s) => ({
  value: s,
  label: s[0]!.toUpperCase() + s.slice(1),
}));

const columns: ListColumn<Transaction>[] = [
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
    render: (t) => <StatusTag kind="transaction" status={t.status} />,
  },
  {
    key: 'createdAt',
    title: 'Date',
    sortKey: 'createdAt',
    render: (t) => <span className="finance-nowrap">{formatDateTime(t.createdAt)}</span>,
  },
];

/** /transactions (docs/screens.md#transactions): search, sortable table, user and explorer links. */
export default function Transactions() {
  const list = useListPage({
    area: 'finance',
    list: 'transactions',
    endpoint: endpoints.transactionsList,
    filters: FILTERS,
    sort: { by: DEFAULT_SORT.sortBy, type: DEFAULT_SORT.sortType },
    failure: transactionMessages.loadFailed,
    sortFields: transactionSortFields,
    dayRange: { from: 'date_start', to: 'date_end' },
    rows: (answer) => answer.data.data,
    total: (answer) => answer.data.total,
  });

  return (
    <ListPage
      list={list}
      title="Transactions"
      breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Transactions' }]}
      search={{
        title: 'Search Transactions',
        form: (
          <SearchForm
            label="Search transactions"
            filters={list.filters}
            onSearch={list.setFilters}
            onReset={list.resetFilters}
            dayRanges={{ dates: ['date_start', 'date_end'] }}
          >
            <Form.Item label="ID" name="id">
              <Input inputMode="numeric" placeholder="Transaction ID" />
            </Form.Item>
            <Form.Item label="Username" name="username">
              <Input placeholder="Username" />
            </Form.Item>
            <Form.Item label="Status" name="status">
              <Select options={[{ value: '', label: 'All' }, ...STATUS_OPTIONS]} />
            </Form.Item>
            <Form.Item label="Payment Address" name="pay_address">
              <Input placeholder="0x..." />
            </Form.Item>
            <Form.Item label="Date" name="dates">
              <DayRangePicker />
            </Form.Item>
          </SearchForm>
        ),
      }}
      toolbar={
        <ExportButton
          endpoint={endpoints.transactionsExport}
          input={{ query: list.exportQuery }}
          filename="transactions.csv"
        />
      }
      tableTitle="Transactions"
      caption="Transactions"
      columns={columns}
      rowKey={(t) => t.id}
      empty="No transactions found matching your search criteria"
      errorTitle="Error Loading Transactions"
    />
  );
}
