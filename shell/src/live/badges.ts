import type { QueueCounts } from '@backoffice/shared/contract';
import type { MenuItem } from '../registry/registry.ts';
import { useLive } from './live.ts';

/**
 * The sidebar entries that show how many items wait in their queue, by path: Withdrawals > Pending
 * (pending and awaiting a second approval: both are decided there), Support, Lottery > Closed (ended,
 * waiting for their results). A count the admin may not read is absent from the answer: no badge.
 */
const QUEUES: Record<string, (counts: QueueCounts) => number | undefined> = {
  '/withdrawals/pending': (c) =>
    c.withdrawalsPending === undefined
      ? undefined
      : c.withdrawalsPending + (c.withdrawalsAwaitingSecond ?? 0),
  '/support': (c) => c.supportOpen,
  '/lottery/closed': (c) => c.lotteriesAwaitingResults,
};

function countFor(counts: QueueCounts | null, path: string | undefined): number {
  const read = path ? QUEUES[path] : undefined;
  return (counts && read?.(counts)) || 0;
}

/** The waiting items of a menu entry; of a group, those of its entries together. */
export function useQueueCount(item: Pick<MenuItem, 'path' | 'children'>): number {
  return useLive((state) =>
    item.children
      ? item.children.reduce((sum, child) => sum + countFor(state.counts, child.path), 0)
      : countFor(state.counts, item.path),
  );
}
