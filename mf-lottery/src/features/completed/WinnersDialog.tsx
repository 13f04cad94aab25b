import { formatUsd, ordinal } from '@backoffice/shared/format';
import { useHost } from '@backoffice/shared/host';
import { useLoad } from '@backoffice/shared/ui';
import { Button, Empty, Modal, Spin, Tag } from 'antd';
import { useEffect } from 'react';
import { RankMedal } from '../../components/RankMedal.tsx';
import { failureMessage } from '../../data/errors.ts';
import { getWinners, type Lottery, prizeOf, type WinnerEntry } from '../../data/lottery.ts';
import { fallback } from '../../data/messages.ts';

/** 'View Winners' of a completed lottery: the pool split and each rank's winner and prize. */
export function WinnersDialog({ lottery, onClose }: { lottery: Lottery | null; onClose: () => void }) {
  const { http, notify } = useHost();
  const winners = useLoad<WinnerEntry[] | null>(
    (signal) => (lottery ? getWinners(http, lottery.id, signal) : Promise.resolve(null)),
    [http, lottery?.id],
  );
  useEffect(() => {
    if (winners.error)
      notify.error(
        failureMessage(winners.error, fallback.winnersFailed, fallback.winnersError),
        winners.error,
      );
  }, [winners.error, notify]);

  const rows = [...(winners.data ?? [])].sort((a, b) => a.rank - b.rank);
  return (
    <Modal
      open={lottery !== null}
      title={lottery ? `Winners – ${lottery.name}` : 'Winners'}
      onCancel={onClose}
      width={720}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {lottery && (
        <div className="lottery-winners">
          <dl className="lottery-winners__summary">
            <div>
              <dt>Total Pool</dt>
              <dd>{formatUsd(lottery.total_pool)}</dd>
            </div>
            <div>
              <dt>Admin Share ({lottery.admin_share}%)</dt>
              <dd>{formatUsd(lottery.adminProfit)}</dd>
            </div>
            <div>
              <dt>Distribution Amount</dt>
              <dd>{formatUsd(lottery.distributionAmount)}</dd>
            </div>
          </dl>
          {winners.loading ? (
            <div className="lottery-loading" role="status" aria-label="Loading winners">
              <Spin />
            </div>
          ) : rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No winners data available" />
          ) : (
            <ol className="lottery-winners__list">
              {rows.map((winner) => (
                <li key={winner.rank} className="lottery-winners__item">
                  <div className="lottery-winners__place">
                    <RankMedal rank={winner.rank} /> {ordinal(winner.rank)} Place
                    <span className="lottery-muted"> · {winner.percentage}%</span>
                  </div>
                  <div className="lottery-winners__ticket">
                    <span className="lottery-muted">Ticket</span>{' '}
                    <code className="lottery-ticket-no">{winner.ticket_number}</code>
                  </div>
                  <div className="lottery-winners__user">
                    <strong>{winner.user.username}</strong>
                    {winner.user.name && <span className="lottery-muted">{winner.user.name}</span>}
                  </div>
                  <div className="lottery-winners__prize">
                    {formatUsd(prizeOf(winner, lottery.total_pool))}
                  </div>
                  <div>
                    {(winner.prize_distributed ?? lottery.prize_distributed) ? (
                      <Tag color="green">Prize Distributed</Tag>
                    ) : (
                      <Tag color="gold">Distribution Pending</Tag>
                    )}
                  </div>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </Modal>
  );
}
