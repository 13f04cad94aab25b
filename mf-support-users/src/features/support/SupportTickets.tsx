import type { SupportTicket } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { supportSortFields, supportStatusOptions } from '@backoffice/shared/facts';
import { needsViewMore, previewMessage } from '@backoffice/shared/format';
import { useCan } from '@backoffice/shared/host';
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
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { DateTimeCell } from '../../components/DateTimeCell.tsx';
import { SUPPORT_FALLBACKS } from '../../data/messages.ts';
import { CloseTicketDialog } from './CloseTicketDialog.tsx';
import { MessageDialog } from './MessageDialog.tsx';
import { UpdateTicketDialog } from './UpdateTicketDialog.tsx';

type Dialog =
  | { kind: 'message'; ticket: SupportTicket }
  | { kind: 'update'; ticket: SupportTicket }
  | { kind: 'close'; ticket: SupportTicket }
  | null;

const FILTERS = { id: '', username: '', status: '', date_start: '', date_end: '' };

const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...supportStatusOptions];

/** docs/screens.md#support-tickets: Support Tickets. */
export default function SupportTickets() {
  // Updating and closing tickets is support-users:write: a read-only admin sees no Actions column.
  const canWrite = useCan('support-users:write');
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useListPage({
    area: 'support-users',
    list: 'support',
    endpoint: endpoints.supportList,
    filters: FILTERS,
    sort: { by: DEFAULT_SORT.sortBy, type: DEFAULT_SORT.sortType },
    failure: SUPPORT_FALLBACKS.list,
    sortFields: supportSortFields,
    // The viewer's days, sent as instants.
    dayRange: { from: 'date_start', to: 'date_end' },
    // New tickets and other admins' answers show here without a reload.
    liveTopic: 'support',
    rows: (answer) => answer.data.data,
    total: (answer) => answer.data.total,
  });

  const columns: ListColumn<SupportTicket>[] = [
    { key: 'id', title: 'ID', sortKey: 'id', render: (t) => `#${t.id}` },
    {
      key: 'type',
      title: 'Type',
      sortKey: 'type',
      render: (t) => <span className="su-nowrap">{t.type}</span>,
    },
    {
      key: 'user',
      title: 'User',
      render: (t) => (
        <div className="su-user-cell">
          <span className="su-user-cell__name">{t.User.name || t.User.username}</span>
          <span className="su-muted">@{t.User.username}</span>
        </div>
      ),
    },
    {
      key: 'message',
      title: 'Message',
      render: (t) => (
        <div className="su-message-cell">
          <span>{previewMessage(t.message)}</span>
          {needsViewMore(t.message) && (
            <Button
              type="link"
              size="small"
              className="su-view-more"
              onClick={() => setDialog({ kind: 'message', ticket: t })}
              aria-label={`View More of ticket #${t.id}`}
            >
              View More
            </Button>
          )}
        </div>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      sortKey: 'status',
      render: (t) => <StatusTag kind="support" status={t.status} />,
    },
    {
      key: 'remarks',
      title: 'Remarks',
      render: (t) =>
        t.remarks ? <span className="su-remarks">{t.remarks}</span> : <span className="su-muted">—</span>,
    },
    {
      key: 'createdAt',
      title: 'Created',
      sortKey: 'createdAt',
      render: (t) => <DateTimeCell value={t.createdAt} />,
    },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      title: 'Actions',
      hideable: false,
      render: (t) => (
        <div className="su-actions">
          <Button
            size="small"
            onClick={() => setDialog({ kind: 'update', ticket: t })}
            aria-label={`Update ticket #${t.id}`}
          >
            Update
          </Button>
          <Button
            size="small"
            danger
            disabled={t.status === 'closed'}
            title={t.status === 'closed' ? 'This ticket is already closed' : undefined}
            onClick={() => setDialog({ kind: 'close', ticket: t })}
            aria-label={`Close ticket #${t.id}`}
          >
            Close
          </Button>
        </div>
      ),
    });

  const done = () => {
    setDialog(null);
    list.reload();
  };

  return (
    <>
      <ListPage
        list={list}
        title="Support Tickets"
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Support' }]}
        actions={
          <Button onClick={list.reload} loading={list.loading && list.answer !== undefined}>
            Refresh
          </Button>
        }
        search={{
          title: 'Search Support Tickets',
          form: (
            <SearchForm
              label="Search support tickets"
              filters={list.filters}
              onSearch={list.setFilters}
              onReset={list.resetFilters}
              dayRanges={{ created: ['date_start', 'date_end'] }}
            >
              <Form.Item
                label="Ticket ID"
                name="id"
                normalize={(value: string | undefined) => (value ?? '').replace(/\D/g, '')}
              >
                <Input inputMode="numeric" placeholder="e.g. 42" />
              </Form.Item>
              <Form.Item label="Username" name="username">
                <Input placeholder="Username" />
              </Form.Item>
              <Form.Item label="Status" name="status">
                <Select options={STATUS_OPTIONS} />
              </Form.Item>
              <Form.Item label="Created date" name="created">
                <DayRangePicker />
              </Form.Item>
            </SearchForm>
          ),
        }}
        toolbar={
          <ExportButton
            endpoint={endpoints.supportExport}
            input={{ query: list.exportQuery }}
            filename="support.csv"
          />
        }
        tableTitle="Tickets"
        caption="Support tickets"
        columns={columns}
        rowKey={(t) => t.id}
        empty="No support messages found matching your search criteria"
        errorTitle="Error Loading Support"
      />
      {dialog?.kind === 'message' && <MessageDialog ticket={dialog.ticket} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'update' && (
        <UpdateTicketDialog ticket={dialog.ticket} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'close' && (
        <CloseTicketDialog ticket={dialog.ticket} onClose={() => setDialog(null)} onDone={done} />
      )}
    </>
  );
}
