import type { SupportTicket } from '@backoffice/shared/contract';
import { formatCount, needsViewMore, previewMessage, showingRange } from '@backoffice/shared/format';
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
  useUrlQuery,
} from '@backoffice/shared/ui';
import { useMemo, useState } from 'react';
import { DateTimeCell } from '../../components/DateTimeCell.tsx';
import { normalizePaging } from '../../components/paging.ts';
import { nextUserSort } from '../../components/sort.ts';
import { fetchSupportTickets, SUPPORT_FALLBACKS, supportDefaults } from '../../data/support.ts';
import { useScreenLoad } from '../../data/useScreenLoad.ts';
import { CloseTicketDialog } from './CloseTicketDialog.tsx';
import { MessageDialog } from './MessageDialog.tsx';
import { SupportSearch } from './SupportSearch.tsx';
import { UpdateTicketDialog } from './UpdateTicketDialog.tsx';

type Dialog =
  | { kind: 'message'; ticket: SupportTicket }
  | { kind: 'update'; ticket: SupportTicket }
  | { kind: 'close'; ticket: SupportTicket }
  | null;

/** Spec 2.8: Support Tickets. */
export default function SupportTickets() {
  const { http } = useHost();
  const [urlQuery, setQuery, resetQuery] = useUrlQuery(supportDefaults);
  const query = useMemo(() => normalizePaging(urlQuery), [urlQuery]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const key = JSON.stringify(query);
  const list = useScreenLoad(
    (signal) => fetchSupportTickets(http, query, signal),
    [http, query],
    SUPPORT_FALLBACKS.list,
  );

  const columns: Column<SupportTicket>[] = [
    { key: 'id', title: 'ID', sortKey: 'id', render: (t) => `#${t.id}`, width: 72 },
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
              variant="link"
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
      render: (t) => <Badge color={t.status === 'open' ? 'orange' : 'green'}>{t.status}</Badge>,
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
    {
      key: 'actions',
      title: 'Actions',
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
            className="su-danger-ghost"
            disabled={t.status === 'closed'}
            title={t.status === 'closed' ? 'This ticket is already closed' : undefined}
            onClick={() => setDialog({ kind: 'close', ticket: t })}
            aria-label={`Close ticket #${t.id}`}
          >
            Close
          </Button>
        </div>
      ),
    },
  ];

  const data = list.data;
  const done = () => {
    setDialog(null);
    list.refresh();
  };

  return (
    <div className="su-page">
      <PageHeader
        title="Support Tickets"
        subtitle="Messages users sent to support: read them, answer with remarks and close them when handled."
        actions={
          <Button onClick={list.refresh} loading={list.loading && data !== undefined}>
            Refresh
          </Button>
        }
      />
      <SupportSearch
        key={key}
        values={query}
        onSearch={(values) => setQuery({ ...values, page: 1 })}
        onPageSize={(per_page) => setQuery({ per_page, page: 1 })}
        onReset={resetQuery}
      />
      {list.message && !list.loading ? (
        <ErrorPanel title="Error Loading Support" message={list.message} onRetry={list.reload} />
      ) : (
        <Card
          className="su-table-card"
          title="Tickets"
          extra={data && <span className="su-muted">{formatCount(data.total)} total</span>}
        >
          <DataTable
            caption="Support tickets"
            columns={columns}
            rows={data?.data ?? []}
            rowKey={(t) => t.id}
            loading={list.busy}
            empty={<EmptyState>No support messages found matching your search criteria</EmptyState>}
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
      {dialog?.kind === 'message' && <MessageDialog ticket={dialog.ticket} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'update' && (
        <UpdateTicketDialog ticket={dialog.ticket} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'close' && (
        <CloseTicketDialog ticket={dialog.ticket} onClose={() => setDialog(null)} onDone={done} />
      )}
    </div>
  );
}
