import { formatCount, formatDateTime, formatUsd } from '@backoffice/shared/format';
import { type ListColumn, ListPage } from '@backoffice/shared/ui';
import { Tag } from 'antd';
import { LinkButton } from '../../components/LinkButton.tsx';
import { useLotteryList } from '../../components/lotteryList.tsx';
import { LotteryStatus } from '../../components/status.tsx';
import { useToastOnError } from '../../components/useToastOnError.ts';
import type { Lottery } from '../../data/lottery.ts';
import { fallback } from '../../data/messages.ts';

const participants = (l: Lottery) =>
  `${formatCount(l.current_participants)}/${l.max_participants === null ? '∞' : formatCount(l.max_participants)}`;

const columns: ListColumn<Lottery>[] = [
  { key: 'name', title: 'Lottery Name', render: (l) => <span className="lottery-name">{l.name}</span> },
  { key: 'status', title: 'Status', render: (l) => <LotteryStatus status={l.status} /> },
  { key: 'pool', title: 'Total Pool', align: 'right', render: (l) => formatUsd(l.total_pool) },
  { key: 'participants', title: 'Participants', align: 'center', render: participants },
  {
    key: 'end',
    title: 'End Time',
    render: (l) => <span className="lottery-nowrap">{formatDateTime(l.end_time)}</span>,
  },
  {
    key: 'action',
    title: 'Action',
    hideable: false,
    render: (l) =>
      l.prize_distributed ? (
        <Tag color="green">Distributed</Tag>
      ) : (
        <LinkButton size="small" type="primary" to={`/lottery/publish/${l.id}`}>
          Announce Result
        </LinkButton>
      ),
  },
];

/** Closed Lottery Results (/lottery/closed): ended lotteries waiting for (or past) their results. */
export default function ClosedLotteries() {
  const list = useLotteryList('closed', { failure: fallback.closedList });
  useToastOnError(list.error);
  return (
    <ListPage
      list={list}
      title="Closed Lottery Results"
      breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Closed Lottery Results' }]}
      tableTitle="Ended lotteries waiting for their results"
      caption="Closed lotteries"
      columns={columns}
      rowKey={(l) => l.id}
      empty="No closed lotteries found"
      errorTitle="Error Loading Lotteries"
    />
  );
}
