import type { Withdrawal, WithdrawalStatus } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { withdrawalMessages, withdrawalSortFields } from '@backoffice/shared/facts';
import { DEFAULT_SORT } from '@backoffice/shared/rules';
import {
  ExportButton,
  type ListColumn,
  ListPage,
  SearchForm,
  sortField,
  useListPage,
} from '@backoffice/shared/ui';
import { Form, Input } from 'antd';
import { withdrawalColumns } from '../../components/cells.tsx';
import { PerPageField } from '../../components/PerPageField.tsx';

export interface ProcessedViewProps {
  title: string;
  crumb: string;
  /** Where the admin's page size, sort and columns are remembered. */
  list: string;
  /** Which filter the search card offers: the username (Approved) or the ID (Completed). */
  filter: 'username' | 'id';
  status?: WithdrawalStatus;
  statusIn?: readonly WithdrawalStatus[];
  empty: string;
}

const columns: ListColumn<Withdrawal>[] = [
  withdrawalColumns.id,
  withdrawalColumns.user,
  withdrawalColumns.amount,
  withdrawalColumns.address,
  { ...withdrawalColumns.status, sortKey: 'status' },
  withdrawalColumns.hash,
  withdrawalColumns.comment,
  withdrawalColumns.createdAt,
];

/**
 * Approved & Rejected and Completed (docs/screens.md#withdrawals): a read-only list with one search field.
 */
export function ProcessedWithdrawals({
  title,
  crumb,
  list: name,
  filter,
  status,
  statusIn,
  empty,
}: ProcessedViewProps) {
  const list = useListPage({
    area: 'finance',
    list: name,
    endpoint: endpoints.withdrawalsList,
    filters: { [filter]: '' } as Record<string, string>,
    sort: { by: DEFAULT_SORT.sortBy, type: DEFAULT_SORT.sortType },
    failure: withdrawalMessages.loadFailed,
    input: ({ filters, page, perPage, sort }) => {
      const value = filters[filter] ?? '';
      return {
        query: {
          page,
          per_page: perPage,
          sort_by: sortField(sort, withdrawalSortFields),
          sort_type: sort?.type,
          ...(status ? { status } : {}),
          ...(statusIn ? { status_in: [...statusIn] } : {}),
          ...(value === '' ? {} : filter === 'id' ? { id: value } : { user_name: value }),
        },
      };
    },
    rows: (answer) => answer.data.data,
    total: (answer) => answer.data.total,
  });

  return (
    <ListPage
      list={list}
      title={title}
      breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Withdrawals' }, { label: crumb }]}
      search={{
        title: 'Search Withdrawals',
        form: (
          <SearchForm
            label="Search withdrawals"
            filters={list.filters}
            onSearch={list.setFilters}
            onReset={list.resetFilters}
          >
            {filter === 'id' ? (
              <Form.Item label="ID" name="id">
                <Input inputMode="numeric" placeholder="Withdrawal ID" />
              </Form.Item>
            ) : (
              <Form.Item label="Username" name="username">
                <Input placeholder="Username" />
              </Form.Item>
            )}
            <PerPageField
              id={`finance-${name}-per-page`}
              value={list.perPage}
              sizes={list.pageSizes}
              onChange={list.setPerPage}
            />
          </SearchForm>
        ),
      }}
      toolbar={
        <ExportButton
          endpoint={endpoints.withdrawalsExport}
          input={{ query: list.exportQuery }}
          filename="withdrawals.csv"
        />
      }
      tableTitle="Withdrawals"
      caption={title}
      columns={columns}
      rowKey={(w) => w.id}
      empty={empty}
      errorTitle="Error Loading Withdrawals"
    />
  );
}
