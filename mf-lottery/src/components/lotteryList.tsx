// The lottery lists' shared parts: the list call through useListPage and the open/upcoming columns.

import * as endpoints from '@backoffice/shared/endpoints';
import type { LotteryStatus as ListStatus } from '@backoffice/shared/facts';
import { formatCount, formatUsd } from '@backoffice/shared/format';
import { type ListColumn, useListPage } from '@backoffice/shared/ui';
import type { ReactNode } from 'react';
import type { Lottery } from '../data/lottery.ts';
import { Schedule } from './Schedule.tsx';
import { LotteryStatus } from './status.tsx';

/** One status's lotteries, paged by the server (`limit` = the page size). */
export function useLotteryList(
  status: ListStatus,
  options: {
    failure: string;
    pageSizes?: readonly number[];
    defaultPageSize?: number;
    /** Reload in the background when the lotteries change (see useListPage). */
    live?: boolean;
  },
) {
  return useListPage({
    area: 'lottery',
    list: status,
    endpoint: endpoints.lotteryList,
    filters: {},
    pageSizes: options.pageSizes,
    defaultPageSize: options.defaultPageSize,
    failure: options.failure,
    fixed: { status },
    pageSizeParam: 'limit',
    ...(options.live ? { liveTopic: 'lottery' as const } : {}),
    rows: (answer) => answer.data.data,
    total: (answer) => answer.data.total,
  });
}

/** The open and upcoming lists: name, status, price, pool, schedule, winners and the row's actions (if any). */
export function scheduleColumns(actions?: (lottery: Lottery) => ReactNode): ListColumn<Lottery>[] {
  const columns: ListColumn<Lottery>[] = [
    { key: 'name', title: 'Lottery Name', render: (l) => <span className="lottery-name">{l.name}</span> },
    { key: 'status', title: 'Status', render: (l) => <LotteryStatus status={l.status} /> },
    { key: 'price', title: 'Ticket Price', align: 'right', render: (l) => formatUsd(l.ticket_price) },
    { key: 'pool', title: 'Pool Amount', align: 'right', render: (l) => formatUsd(l.total_pool) },
    {
      key: 'schedule',
      title: 'Schedule (Start, End, Result)',
      render: (l) => <Schedule start={l.start_time} end={l.end_time} result={l.result_time} />,
    },
    { key: 'winners', title: 'Winners', align: 'center', render: (l) => formatCount(l.winners) },
  ];
  if (!actions) return columns;
  return [
    ...columns,
    {
      key: 'action',
      title: 'Action',
      hideable: false,
      render: (l) => <div className="lottery-actions">{actions(l)}</div>,
    },
  ];
}
