import { formatDateTime, formatUsd } from '@backoffice/shared/format';
import { errorMessage, useHost } from '@backoffice/shared/host';
import { PAGINATION } from '@backoffice/shared/rules';
import {
  Card,
  type Column,
  DataTable,
  EmptyState,
  PageHeader,
  SimplePager,
  Skeleton,
  useLoad,
  useUrlQuery,
} from '@backoffice/shared/ui';
import { useParams } from 'react-router-dom';
import { AdminOverview, PriceDistribution, SummaryCards } from '../../components/Overview.tsx';
import { PageError } from '../../components/PageError.tsx';
import { LotteryStatusBadge } from '../../components/StatusBadge.tsx';
import {
  distributionsOf,
  getLotteryDetails,
  isNotFound,
  type LotteryTicket,
  listTickets,
} from '../../data/lottery.ts';
import { fallback } from '../../data/messages.ts';

const PAGE_SIZE = PAGINATION.ticketTablePageSize;

/** Lottery Details (/lottery/details/:id): figures, distribution and the lottery's tickets. */
export default function LotteryDetails() {
  const { id = '' } = useParams();
  const { http } = useHost();
  const [query, setQuery] = useUrlQuery({ page: 1 });
  const details = useLoad((signal) => getLotteryDetails(http, id, signal), [http, id]);
  const tickets = useLoad(
    (signal) => listTickets(http, { lottery_id: id, page: query.page, limit: PAGE_SIZE }, signal),
    [http, id, query.page],
  );

  if (details.error) {
    return (
      <PageError
        message={errorMessage(
          details.error,
          isNotFound(details.error) ? fallback.notFound : fallback.details,
        )}
      />
    );
  }
  const lottery = details.data;
  const first = (query.page - 1) * PAGE_SIZE;
  const columns: Column<LotteryTicket>[] = [
    { key: 'n', title: '#', render: (_t, index) => first + index + 1 },
    {
      key: 'user',
      title: 'User Info',
      render: (t) => (
        <div className="lottery-user">
          <div className="lottery-name">{t.user.username}</div>
          {t.user.name && <div className="lottery-muted">{t.user.name}</div>}
        </div>
      ),
    },
    {
      key: 'ticket',
      title: 'Ticket Number',
      render: (t) => <code className="lottery-ticket-no">{t.ticket_number}</code>,
    },
    {
      key: 'balance',
      title: 'Balance',
      render: (t) => (
        <div>
          <div>{formatUsd(t.user.user_detail.balance)}</div>
          <div className="lottery-muted">Winnings: {formatUsd(t.user.user_detail.winnings)}</div>
        </div>
      ),
    },
    { key: 'date', title: 'Purchase Date', render: (t) => formatDateTime(t.createdAt) },
  ];

  return (
    <div className="lottery-page">
      <PageHeader
        title="Lottery Details"
        breadcrumb={[{ label: 'Lotteries', to: '/lottery/open' }, { label: lottery?.name ?? '…' }]}
        actions={lottery && <LotteryStatusBadge status={lottery.status} />}
      />
      {!lottery ? (
        <Card>
          <Skeleton rows={4} />
        </Card>
      ) : (
        <>
          <SummaryCards
            name={lottery.name}
            timeLabel="Draw Time"
            time={lottery.end_time}
            ticketsSold={lottery.current_participants}
            pool={lottery.total_pool}
          />
          <div className="lottery-columns">
            <PriceDistribution rows={distributionsOf(lottery)} />
            <AdminOverview
              variant="details"
              adminShare={lottery.adminShare ?? lottery.admin_share}
              adminProfit={lottery.adminProfit}
              distributionAmount={lottery.distributionAmount}
            />
          </div>
        </>
      )}
      {tickets.error ? (
        <PageError message={errorMessage(tickets.error, fallback.lotteryTickets)} />
      ) : (
        <Card title="Lottery Tickets">
          <DataTable
            caption="Lottery tickets"
            columns={columns}
            rows={tickets.data?.data ?? []}
            rowKey={(t) => t.id}
            loading={tickets.loading && !tickets.data}
            empty={<EmptyState>No tickets found</EmptyState>}
          />
          <SimplePager
            page={query.page}
            pageSize={PAGE_SIZE}
            total={tickets.data?.total ?? 0}
            onChange={(page) => setQuery({ page })}
          />
        </Card>
      )}
    </div>
  );
}
