import { formatCount, formatDateTime, formatUsd } from '@backoffice/shared/format';
import { errorMessage, useHost } from '@backoffice/shared/host';
import { PAGINATION } from '@backoffice/shared/rules';
import {
  Badge,
  Button,
  Card,
  type Column,
  DataTable,
  EmptyState,
  ErrorPanel,
  PageHeader,
  SimplePager,
  useLoad,
  useUrlQuery,
} from '@backoffice/shared/ui';
import { useState } from 'react';
import { useErrorToast } from '../../components/useErrorToast.ts';
import { type Lottery, listLotteries } from '../../data/lottery.ts';
import { fallback } from '../../data/messages.ts';
import { WinnersDialog } from './WinnersDialog.tsx';

const PAGE_SIZE = PAGINATION.completedLotteriesPageSize;

/** Completed Lotteries (/lottery/completed): published results, 10 per page, with their winners. */
export default function CompletedLotteries() {
  const { http } = useHost();
  const [query, setQuery] = useUrlQuery({ page: 1 });
  const list = useLoad(
    (signal) => listLotteries(http, { status: 'completed', page: query.page, limit: PAGE_SIZE }, signal),
    [http, query.page],
  );
  useErrorToast(list.error, fallback.completedList);
  const [viewing, setViewing] = useState<Lottery | null>(null);

  const columns: Column<Lottery>[] = [
    {
      key: 'name',
      title: 'Pool Name',
      render: (l) => (
        <div>
          <div className="lottery-name">{l.name}</div>
          <div className="lottery-muted">ID: {l.id}</div>
        </div>
      ),
    },
    {
      key: 'times',
      title: 'End / Result Time',
      render: (l) => (
        <dl className="lottery-schedule">
          <div>
            <dt>End:</dt>
            <dd>{formatDateTime(l.end_time)}</dd>
          </div>
          <div>
            <dt>Result:</dt>
            <dd>{formatDateTime(l.result_time)}</dd>
          </div>
        </dl>
      ),
    },
    { key: 'price', title: 'Ticket Price', align: 'right', render: (l) => formatUsd(l.ticket_price) },
    { key: 'pool', title: 'Total Pool', align: 'right', render: (l) => formatUsd(l.total_pool) },
    {
      key: 'participants',
      title: 'Participants',
      align: 'center',
      render: (l) => formatCount(l.current_participants),
    },
    {
      key: 'winners',
      title: 'Winners',
      render: (l) => (
        <div className="lottery-inline">
          <span>{formatCount(l.winners)}</span>
          {l.prize_distributed && <Badge color="green">Distributed</Badge>}
        </div>
      ),
    },
    {
      key: 'action',
      title: 'Action',
      render: (l) => (
        <Button size="small" onClick={() => setViewing(l)}>
          View Winners
        </Button>
      ),
    },
  ];

  const total = list.data?.total ?? 0;
  return (
    <div className="lottery-page">
      <PageHeader title="Completed Lotteries" subtitle="Lotteries with published results" />
      <Card
        extra={
          <span className="lottery-counter">
            Total Completed: <strong>{list.data ? formatCount(total) : '…'}</strong>
          </span>
        }
      >
        {list.error && !list.loading ? (
          <ErrorPanel
            title={errorMessage(list.error, fallback.completedList)}
            onRetry={list.reload}
            retryLabel="Try Again"
          />
        ) : (
          <>
            <DataTable
              caption="Completed lotteries"
              columns={columns}
              rows={list.data?.data ?? []}
              rowKey={(l) => l.id}
              loading={list.loading && !list.data}
              empty={<EmptyState>No completed lotteries found</EmptyState>}
            />
            <SimplePager
              page={query.page}
              pageSize={PAGE_SIZE}
              total={total}
              onChange={(page) => setQuery({ page })}
            />
          </>
        )}
      </Card>
      <WinnersDialog lottery={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
