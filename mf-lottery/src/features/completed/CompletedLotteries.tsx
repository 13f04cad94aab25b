import * as endpoints from '@backoffice/shared/endpoints';
import { formatCount, formatDateTime, formatUsd } from '@backoffice/shared/format';
import { PAGINATION } from '@backoffice/shared/rules';
import { ExportButton, type ListColumn, ListPage } from '@backoffice/shared/ui';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useLotteryList } from '../../components/lotteryList.tsx';
import type { Lottery } from '../../data/lottery.ts';
import { fallback } from '../../data/messages.ts';
import { WinnersDialog } from './WinnersDialog.tsx';

const PAGE_SIZE = PAGINATION.completedLotteriesPageSize;

/** Completed Lotteries (/lottery/completed): published results, 10 per page, with their winners. */
export default function CompletedLotteries() {
  const list = useLotteryList('completed', {
    failure: fallback.completedList,
    pageSizes: [PAGE_SIZE],
    defaultPageSize: PAGE_SIZE,
  });
  const [viewing, setViewing] = useState<Lottery | null>(null);

  const columns: ListColumn<Lottery>[] = [
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
          {l.prize_distributed && <Tag color="green">Distributed</Tag>}
        </div>
      ),
    },
    {
      key: 'action',
      title: 'Action',
      hideable: false,
      render: (l) => (
        <Button size="small" onClick={() => setViewing(l)}>
          View Winners
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListPage
        list={list}
        title="Completed Lotteries"
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Completed Lotteries' }]}
        toolbar={
          <ExportButton
            endpoint={endpoints.lotteryExport}
            input={{ query: list.exportQuery }}
            filename="lotteries.csv"
          />
        }
        tableTitle="Lotteries with published results"
        totalLabel="Total Completed"
        caption="Completed lotteries"
        columns={columns}
        rowKey={(l) => l.id}
        empty="No completed lotteries found"
        errorTitle="Error Loading Completed Lotteries"
        retryLabel="Try Again"
      />
      <WinnersDialog lottery={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
