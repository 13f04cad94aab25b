import { formatDateTime, formatUsd, isWinnerFlag } from '@backoffice/shared/format';
import { Badge, Button, type Column, DataTable, EmptyState } from '@backoffice/shared/ui';
import { CopyIcon } from '../../components/icons.tsx';
import { TicketStatusBadge } from '../../components/StatusBadge.tsx';
import type { LotteryTicket } from '../../data/lottery.ts';

const positive = (amount: string) => Number(amount) > 0;

/** The announce screen's tickets: user, number (copy), winner/rank badges, price, won amount, date, status. */
export function PublishTickets({
  rows,
  loading,
  onCopy,
}: {
  rows: LotteryTicket[];
  loading: boolean;
  onCopy: (ticketNumber: string) => void;
}) {
  const columns: Column<LotteryTicket>[] = [
    { key: 'id', title: 'ID', render: (t) => t.id },
    {
      key: 'user',
      title: 'User',
      render: (t) => (
        <div className="lottery-user">
          <div className="lottery-name">{t.user.username.toUpperCase()}</div>
          {t.user.name && <div className="lottery-muted">{t.user.name}</div>}
          <div className="lottery-muted">Balance: {formatUsd(t.user.user_detail.balance)}</div>
        </div>
      ),
    },
    {
      key: 'ticket',
      title: 'Ticket Number',
      render: (t) => (
        <div className="lottery-inline">
          <code className="lottery-ticket-no">{t.ticket_number}</code>
          <Button
            size="small"
            variant="text"
            icon={<CopyIcon />}
            aria-label={`Copy ticket number ${t.ticket_number}`}
            title="Copy ticket number"
            onClick={() => onCopy(t.ticket_number)}
          />
          {isWinnerFlag(t.is_winner) && <Badge color="green">Winner</Badge>}
          {t.prize_rank !== null && <Badge color="purple">Rank {t.prize_rank}</Badge>}
        </div>
      ),
    },
    { key: 'price', title: 'Price', align: 'right', render: (t) => formatUsd(t.price) },
    {
      key: 'won',
      title: 'Won',
      align: 'right',
      render: (t) =>
        positive(t.winning_amount) ? (
          <span className="lottery-won">Won {formatUsd(t.winning_amount)}</span>
        ) : (
          '—'
        ),
    },
    { key: 'date', title: 'Date', render: (t) => formatDateTime(t.createdAt) },
    { key: 'status', title: 'Status', render: (t) => <TicketStatusBadge status={t.status} /> },
  ];
  return (
    <DataTable
      caption="Tickets"
      columns={columns}
      rows={rows}
      rowKey={(t) => t.id}
      loading={loading}
      empty={<EmptyState>No tickets found</EmptyState>}
    />
  );
}
