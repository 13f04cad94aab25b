// /lottery/publish-ticket: a static mock-up of the announce screen with hard-coded sample figures.
// It makes no calls (docs/screens.md).
import { formatDateTime, formatUsd } from '@backoffice/shared/format';
import { useHost } from '@backoffice/shared/host';
import { PageHeader, useCopy } from '@backoffice/shared/ui';
import { Button, Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AdminOverview, PriceDistribution, SummaryCards } from '../../components/Overview.tsx';
import { TicketStatus } from '../../components/status.tsx';
import { WinnerCard } from '../../components/WinnerCard.tsx';
import type { WinnerEntry } from '../../data/lottery.ts';
import { success } from '../../data/messages.ts';

const SAMPLE = {
  name: 'Mega Jackpot #12',
  resultTime: '2025-06-30T18:00:00.000Z',
  ticketsSold: 250,
  pool: '2500',
  adminShare: 20,
  adminProfit: '500',
  distributionAmount: '2000',
  distributions: [
    { rank: 1, percentage: 50, amount: '1250.00' },
    { rank: 2, percentage: 20, amount: '500.00' },
    { rank: 3, percentage: 10, amount: '250.00' },
  ],
} as const;

const WINNERS: WinnerEntry[] = [
  {
    rank: 1,
    percentage: 50,
    ticket_number: 'AB12345',
    user: { username: 'lucky_star', name: 'Alice Smith', balance: '1520.75', winnings: '3400' },
  },
  {
    rank: 2,
    percentage: 20,
    ticket_number: 'CD67890',
    user: { username: 'fortune88', name: 'Bob Jones', balance: '310.2', winnings: '820.5' },
  },
  {
    rank: 3,
    percentage: 10,
    ticket_number: 'EF24680',
    user: { username: 'jackpot_joe', name: 'Joe Brown', balance: '95', winnings: '250' },
  },
];

interface SampleTicket {
  id: number;
  username: string;
  name: string;
  ticket: string;
  rank: number | null;
  price: string;
  won: string;
  date: string;
}

const TICKETS: SampleTicket[] = [
  {
    id: 1041,
    username: 'lucky_star',
    name: 'Alice Smith',
    ticket: 'AB12345',
    rank: 1,
    price: '10',
    won: '1250',
    date: '2025-06-28T09:15:00.000Z',
  },
  {
    id: 1042,
    username: 'fortune88',
    name: 'Bob Jones',
    ticket: 'CD67890',
    rank: 2,
    price: '10',
    won: '500',
    date: '2025-06-28T11:42:00.000Z',
  },
  {
    id: 1043,
    username: 'jackpot_joe',
    name: 'Joe Brown',
    ticket: 'EF24680',
    rank: 3,
    price: '10',
    won: '250',
    date: '2025-06-29T08:03:00.000Z',
  },
  {
    id: 1044,
    username: 'night_owl',
    name: 'Nina Park',
    ticket: 'GH13579',
    rank: null,
    price: '10',
    won: '0',
    date: '2025-06-29T22:47:00.000Z',
  },
  {
    id: 1045,
    username: 'spin_master',
    name: 'Sam Lee',
    ticket: 'IJ11223',
    rank: null,
    price: '10',
    won: '0',
    date: '2025-06-30T06:30:00.000Z',
  },
];

const columns: ColumnsType<SampleTicket> = [
  { key: 'id', title: 'ID', render: (_, t) => t.id },
  {
    key: 'user',
    title: 'User',
    render: (_, t) => (
      <div className="lottery-user">
        <div className="lottery-name">{t.username.toUpperCase()}</div>
        <div className="lottery-muted">{t.name}</div>
      </div>
    ),
  },
  {
    key: 'ticket',
    title: 'Ticket Number',
    render: (_, t) => (
      <div className="lottery-inline">
        <code className="lottery-ticket-no">{t.ticket}</code>
        {t.rank !== null && <Tag color="green">Winner</Tag>}
        {t.rank !== null && <Tag color="purple">Rank {t.rank}</Tag>}
      </div>
    ),
  },
  { key: 'price', title: 'Price', align: 'right', render: (_, t) => formatUsd(t.price) },
  {
    key: 'won',
    title: 'Won',
    align: 'right',
    render: (_, t) => (Number(t.won) > 0 ? <span className="lottery-won">Won {formatUsd(t.won)}</span> : '—'),
  },
  { key: 'date', title: 'Date', render: (_, t) => formatDateTime(t.date) },
  { key: 'status', title: 'Status', render: () => <TicketStatus status="active" /> },
];

export default function PublishMockup() {
  const { notify } = useHost();
  const copy = useCopy();
  const copyTicket = async (ticket: string) => {
    if (await copy(ticket)) notify.success(success.copied);
  };
  return (
    <div className="lottery-page">
      <PageHeader title="Publish Page" subtitle="Sample figures: a preview of how published results look" />
      <SummaryCards
        name={SAMPLE.name}
        timeLabel="Result Time"
        time={SAMPLE.resultTime}
        ticketsSold={SAMPLE.ticketsSold}
        pool={SAMPLE.pool}
      />
      <div className="lottery-columns">
        <PriceDistribution rows={SAMPLE.distributions} />
        <AdminOverview
          variant="announce"
          adminShare={SAMPLE.adminShare}
          adminProfit={SAMPLE.adminProfit}
          distributionAmount={SAMPLE.distributionAmount}
        />
      </div>
      <Card
        title="Winners"
        size="small"
        extra={
          <div className="lottery-actions">
            <Button disabled>Regenerate</Button>
            <Button type="primary" disabled>
              Publish
            </Button>
          </div>
        }
      >
        <div className="lottery-winner-grid">
          {WINNERS.map((winner) => (
            <WinnerCard
              key={winner.rank}
              winner={winner}
              prize={SAMPLE.distributions[winner.rank - 1]?.amount ?? '0'}
              onCopy={copyTicket}
            />
          ))}
        </div>
      </Card>
      <Card title="Tickets" size="small">
        <Table<SampleTicket>
          aria-label="Sample tickets"
          size="middle"
          scroll={{ x: 'max-content' }}
          columns={columns}
          dataSource={TICKETS}
          rowKey={(t) => t.id}
          pagination={false}
        />
      </Card>
    </div>
  );
}
