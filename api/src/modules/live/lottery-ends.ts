import type { Db } from '../../db/types.ts';

/** Looked at again at least this often (a far end, or a failed query). */
const MAX_WAIT_MS = 10 * 60_000;

/**
 * A lottery that reaches its end time starts waiting for results without any write, so no NOTIFY tells
 * it: each replica sets a timer for the next end (lotteries_end_idx) and calls `onEnd` then. `recheck`
 * after any change of the lotteries (a new one, a moved end). Returns the function that stops it.
 */
export function watchLotteryEnds(db: Db, now: () => number, onEnd: () => void) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const wait = (ms: number, ended: boolean) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => {
      if (ended) onEnd();
      void recheck();
    }, ms);
    timer.unref();
  };
  async function recheck(): Promise<void> {
    try {
      const [row] = await db.query<{ next: string | null }>(
        `SELECT min(end_time) AS next FROM lotteries
          WHERE deleted_at IS NULL AND NOT prize_distributed AND end_time > $1`,
        [new Date(now()).toISOString()],
      );
      const untilEnd = row?.next ? Date.parse(row.next) - now() : Number.POSITIVE_INFINITY;
      // A few ms past the end, so that the end is behind us by the clock of the count that follows.
      if (untilEnd <= MAX_WAIT_MS) wait(Math.max(0, untilEnd) + 20, true);
      else wait(MAX_WAIT_MS, false);
    } catch {
      wait(MAX_WAIT_MS / 10, false);
    }
  }
  void recheck();
  return {
    recheck: () => void recheck(),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
