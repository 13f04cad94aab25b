import { isTransactionConflict } from './errors.ts';

/** Attempts of one transaction that keeps losing to concurrent ones (deadlock, serialization failure). */
export const TRANSACTION_ATTEMPTS = 3;

/** 10-50 ms, then 20-100 ms: random, so the two sides of a deadlock do not collide again in step. */
const backoffMs = (attempt: number) => attempt * (10 + Math.random() * 40);

/**
 * Runs `run` (one whole transaction: BEGIN ... COMMIT) again when the server aborted it as a deadlock
 * victim (40P01) or a serialization failure (40001). Safe only because such a transaction rolled back
 * entirely: nothing of the failed attempt remains, so the work function runs from a clean slate. After
 * the last attempt the error goes up (plugins/errors.ts answers 503).
 */
export async function retryConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}
