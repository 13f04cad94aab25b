import { formatDateTime, formatUsd, isWinnerFlag } from '@backoffice/shared/format';
import type { ListColumn } from '@backoffice/shared/ui';
import { Icon } from '@backoffice/shared/ui';
import { CopyOutlined } from '@backoffice/shared/ui/icons';
import { Button, Tag } from 'antd';
import { TicketStatus } from '../../components/status.tsx';
import type { LotteryTicket } from '../../data/lottery.ts';

const positive = (amount: string) => Number(amount) > 0;

/** The announce screen's tickets: user, number (copy), winner/rank tags, price, won amount, date, status. */
export function publishTicketColumns(onCopy: (ticketNumber: string) => void): ListColumn<LotteryTicket>[] {
  return [
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
            type="text"
            icon={<Icon icon={CopyOutlined} aria-hidden="true" />}
            aria-label={`Copy ticket number ${t.ticket_number}`}
            title="Copy ticket number"
            onClick={() => onCopy(t.ticket_number)}
          />
          {isWinnerFlag(t.is_winner) && <Tag color="green">Winner</Tag>}
          {t.prize_rank !== null && <Tag color="purple">Rank {t.prize_rank}</Tag>}
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
    {
      key: 'date',
      title: 'Date',
      render: (t) => <span className="lottery-nowrap">{formatDateTime(t.createdAt)}</span>,
    },
    { key: 'status', title: 'Status', render: (t) => <TicketStatus status={t.status} /> },
  ];
}
