import type { QueueCounts } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';

export interface QueueAccess {
  finance: boolean;
  support: boolean;
  lottery: boolean;
}

/**
 * The queues' sizes the admin may read, each one count on an index: withdrawals_status_idx,
 * support_tickets_status_idx, lotteries_distributed_idx (not distributed, ended by the request clock).
 */
export async function queueCounts(db: Db, access: QueueAccess, now: Date): Promise<QueueCounts> {
  const counts: QueueCounts = {};
  const work: Promise<void>[] = [];
  if (access.finance)
    work.push(
      db
        .query<{ pending: number; awaiting: number }>(
          `SELECT count(*) FILTER (WHERE status IN ('pending', 'waiting'))::int AS pending,
                  count(*) FILTER (WHERE status = 'awaiting_approval')::int AS awaiting
             FROM withdrawals WHERE status IN ('pending', 'waiting', 'awaiting_approval')`,
        )
        .then(([row]) => {
          counts.withdrawalsPending = row?.pending ?? 0;
          counts.withdrawalsAwaitingSecond = row?.awaiting ?? 0;
        }),
    );
  if (access.support)
    work.push(
      db
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM support_tickets WHERE status = 'open'`)
        .then(([row]) => {
          counts.supportOpen = row?.n ?? 0;
        }),
    );
  if (access.lottery)
    work.push(
      db
        .query<{ n: number }>(
          `SELECT count(*)::int AS n FROM lotteries
            WHERE deleted_at IS NULL AND NOT prize_distributed AND end_time <= $1`,
          [now.toISOString()],
        )
        .then(([row]) => {
          counts.lotteriesAwaitingResults = row?.n ?? 0;
        }),
    );
  await Promise.all(work);
  return counts;
}
