import * as endpoints from '@backoffice/shared/endpoints';
import { formatCount, formatDateTime, formatUsd } from '@backoffice/shared/format';
import { errorMessage, useCan, useHost } from '@backoffice/shared/host';
import { AlertDialog, ExportButton, type ListColumn, ListPage } from '@backoffice/shared/ui';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../components/LinkButton.tsx';
import { useLotteryList } from '../../components/lotteryList.tsx';
import { LotteryStatus } from '../../components/status.tsx';
import { completeWithoutWinners, type Lottery } from '../../data/lottery.ts';
import { fallback } from '../../data/messages.ts';

const participants = (l: Lottery) =>
  `${formatCount(l.current_participants)}/${l.max_participants === null ? '∞' : formatCount(l.max_participants)}`;

/**
 * The row's way forward: announce the result, or complete a lottery no active ticket takes part in.
 * Both change the lottery (lottery:write): without `onComplete` (a read-only admin) the row links to its details.
 */
function Action({ lottery, onComplete }: { lottery: Lottery; onComplete?(lottery: Lottery): void }) {
  if (lottery.prize_distributed) return <Tag color="green">Distributed</Tag>;
  if (!onComplete) {
    return (
      <Link className="lottery-link" to={`/lottery/details/${lottery.id}`}>
        View
      </Link>
    );
  }
  if (lottery.current_participants === 0) {
    return (
      <Button size="small" onClick={() => onComplete(lottery)}>
        Complete without winners
      </Button>
    );
  }
  return (
    <LinkButton size="small" type="primary" to={`/lottery/publish/${lottery.id}`}>
      Announce Result
    </LinkButton>
  );
}

const columnsWith = (onComplete?: (lottery: Lottery) => void): ListColumn<Lottery>[] => [
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
    render: (l) => <Action lottery={l} onComplete={onComplete} />,
  },
];

/** Closed Lottery Results (/lottery/closed): ended lotteries waiting for (or past) their results. */
export default function ClosedLotteries() {
  const list = useLotteryList('closed', { failure: fallback.closedList, live: true });
  const { http, notify } = useHost();
  const canWrite = useCan('lottery:write');
  const [completing, setCompleting] = useState<Lottery | null>(null);
  const [busy, setBusy] = useState(false);
  const complete = async () => {
    if (!completing) return;
    setBusy(true);
    try {
      notify.success(await completeWithoutWinners(http, completing.id));
      setCompleting(null);
      list.reload();
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to complete the lottery'), error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ListPage
        list={list}
        title="Closed Lottery Results"
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Closed Lottery Results' }]}
        toolbar={
          <ExportButton
            endpoint={endpoints.lotteryExport}
            input={{ query: list.exportQuery }}
            filename="lotteries.csv"
          />
        }
        tableTitle="Ended lotteries waiting for their results"
        caption="Closed lotteries"
        columns={columnsWith(canWrite ? setCompleting : undefined)}
        rowKey={(l) => l.id}
        empty="No closed lotteries found"
        errorTitle="Error Loading Lotteries"
      />
      <AlertDialog
        open={completing !== null}
        title="Complete without winners"
        message={
          completing &&
          `${completing.name} ended with no active tickets. Complete it with no winners? Nothing is paid or refunded, and the result cannot be published afterwards.`
        }
        confirmLabel="Complete lottery"
        busy={busy}
        onConfirm={complete}
        onCancel={() => setCompleting(null)}
      />
    </>
  );
}
