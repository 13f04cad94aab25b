import { formatCount, formatDateTime, formatUsd } from '@backoffice/shared/format';
import { useHost } from '@backoffice/shared/host';
import { PAGINATION } from '@backoffice/shared/rules';
import {
  Badge,
  ButtonLink,
  Card,
  type Column,
  DataTable,
  EmptyState,
  PageHeader,
  Pagination,
  useLoad,
  useUrlQuery,
} from '@backoffice/shared/ui';
import { LotteryStatusBadge } from '../../components/StatusBadge.tsx';
import { useErrorToast } from '../../components/useErrorToast.ts';
import { type Lottery, listLotteries } from '../../data/lottery.ts';
import { fallback } from '../../data/messages.ts';

const participants = (l: Lottery) =>
  `${formatCount(l.current_participants)}/${l.max_participants === null ? '∞' : formatCount(l.max_participants)}`;

/** Closed Lottery Results (/lottery/closed): ended lotteries waiting for (or past) their results. */
export default function ClosedLotteries() {
  const { http } = useHost();
  const [query, setQuery] = useUrlQuery({ page: 1 });
  const list = useLoad(
    (signal) =>
      listLotteries(http, { status: 'closed', page: query.page, limit: PAGINATION.defaultPageSize }, signal),
    [http, query.page],
  );
  useErrorToast(list.error, fallback.closedList);

  const columns: Column<Lottery>[] = [
    { key: 'name', title: 'Lottery Name', render: (l) => <span className="lottery-name">{l.name}</span> },
    { key: 'status', title: 'Status', render: (l) => <LotteryStatusBadge status={l.status} /> },
    { key: 'pool', title: 'Total Pool', align: 'right', render: (l) => formatUsd(l.total_pool) },
    { key: 'participants', title: 'Participants', align: 'center', render: participants },
    { key: 'end', title: 'End Time', render: (l) => formatDateTime(l.end_time) },
    {
      key: 'action',
      title: 'Action',
      render: (l) =>
        l.prize_distributed ? (
          <Badge color="green">Distributed</Badge>
        ) : (
          <ButtonLink size="small" variant="primary" to={`/lottery/publish/${l.id}`}>
            Announce Result
          </ButtonLink>
        ),
    },
  ];

  return (
    <div className="lottery-page">
      <PageHeader title="Closed Lottery Results" subtitle="Ended lotteries waiting for their results" />
      <Card>
        <DataTable
          caption="Closed lotteries"
          columns={columns}
          rows={list.data?.data ?? []}
          rowKey={(l) => l.id}
          loading={list.loading && !list.data}
          empty={<EmptyState>No closed lotteries found</EmptyState>}
        />
        {(list.data?.totalPages ?? 0) > 1 && (
          <div className="lottery-pager">
            <Pagination
              page={query.page}
              totalPages={list.data?.totalPages ?? 0}
              onChange={(page) => setQuery({ page })}
            />
          </div>
        )}
      </Card>
    </div>
  );
}
