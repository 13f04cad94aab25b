import { formatCount, formatUsd } from '@backoffice/shared/format';
import { type Column, DataTable } from '@backoffice/shared/ui';
import type { ReactNode } from 'react';
import type { Lottery } from '../data/lottery.ts';
import { Schedule } from './Schedule.tsx';
import { LotteryStatusBadge } from './StatusBadge.tsx';

export interface LotteryTableProps {
  rows: Lottery[];
  loading: boolean;
  empty: ReactNode;
  caption: string;
  actions: (lottery: Lottery) => ReactNode;
}

/** The open and upcoming lists: name, status, price, pool, schedule, winners and the row's actions. */
export function LotteryTable({ rows, loading, empty, caption, actions }: LotteryTableProps) {
  const columns: Column<Lottery>[] = [
    {
      key: 'name',
      title: 'Lottery Name',
      render: (l) => <span className="lottery-name">{l.name}</span>,
    },
    { key: 'status', title: 'Status', render: (l) => <LotteryStatusBadge status={l.status} /> },
    { key: 'price', title: 'Ticket Price', align: 'right', render: (l) => formatUsd(l.ticket_price) },
    { key: 'pool', title: 'Pool Amount', align: 'right', render: (l) => formatUsd(l.total_pool) },
    {
      key: 'schedule',
      title: 'Schedule (Start, End, Result)',
      render: (l) => <Schedule start={l.start_time} end={l.end_time} result={l.result_time} />,
    },
    { key: 'winners', title: 'Winners', align: 'center', render: (l) => formatCount(l.winners) },
    {
      key: 'action',
      title: 'Action',
      render: (l) => <div className="lottery-actions">{actions(l)}</div>,
    },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(l) => l.id}
      loading={loading}
      empty={empty}
    />
  );
}
