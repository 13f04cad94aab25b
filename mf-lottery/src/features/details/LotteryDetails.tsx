import * as endpoints from '@backoffice/shared/endpoints';
import { formatDateTime, formatUsd } from '@backoffice/shared/format';
import { useHost } from '@backoffice/shared/host';
import { ExportButton, HistoryLink, type ListColumn, ListPage, useLoad } from '@backoffice/shared/ui';
import { useParams } from 'react-router-dom';
import { LotteryOverview } from '../../components/Overview.tsx';
import { PageError } from '../../components/PageError.tsx';
import { LotteryStatus } from '../../components/status.tsx';
import { ONE_LOTTERY_PAGE_SIZES, useTicketList } from '../../components/ticketList.ts';
import { isNotFound, userMessage } from '../../data/errors.ts';
import { getLotteryDetails, type LotteryTicket } from '../../data/lottery.ts';
import { fallback } from '../../data/messages.ts';

/** Lottery Details (/lottery/details/:id): figures, distribution and the lottery's tickets. */
export default function LotteryDetails() {
  const { id = '' } = useParams();
  const { http } = useHost();
  const details = useLoad((signal) => getLotteryDetails(http, id, signal), [http, id]);
  const tickets = useTicketList({
    list: 'details-tickets',
    filters: {},
    // The tickets sold (not cancelled), as the Tickets Sold figure above counts them: one number.
    fixed: { lottery_id: id, sold: 'true' },
    failure: fallback.lotteryTickets,
    pageSizes: ONE_LOTTERY_PAGE_SIZES,
    defaultPageSize: ONE_LOTTERY_PAGE_SIZES[0],
  });

  if (details.error) {
    return (
      <PageError
        message={userMessage(details.error, isNotFound(details.error) ? fallback.notFound : fallback.details)}
      />
    );
  }
  const lottery = details.data;
  const first = (tickets.page - 1) * tickets.perPage;
  const columns: ListColumn<LotteryTicket>[] = [
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
    {
      key: 'date',
      title: 'Purchase Date',
      render: (t) => <span className="lottery-nowrap">{formatDateTime(t.createdAt)}</span>,
    },
  ];

  return (
    <ListPage
      list={tickets}
      title="Lottery Details"
      breadcrumb={[{ label: 'Lotteries', to: '/lottery/open' }, { label: lottery?.name ?? '…' }]}
      actions={
        lottery && (
          <>
            <LotteryStatus status={lottery.status} />
            <HistoryLink type="lottery" id={lottery.id} />
          </>
        )
      }
      intro={<LotteryOverview lottery={lottery} variant="details" />}
      toolbar={
        <ExportButton
          endpoint={endpoints.lotteryTicketsExport}
          input={{ query: tickets.exportQuery }}
          filename="lottery-tickets.csv"
        />
      }
      tableTitle="Lottery Tickets"
      caption="Lottery tickets"
      columns={columns}
      rowKey={(t) => t.id}
      empty="No tickets found"
      errorTitle="Error"
    />
  );
}
