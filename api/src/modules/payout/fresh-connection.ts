import { isDatabaseUnavailable } from '../../db/errors.ts';

/** Waits between attempts: the pool drops a lost connection, the next attempt gets a fresh one. */
const BACKOFF_MS = [50, 250, 1000];

/**
 * Runs `work` again when the database was away (a lost connection, a timeout): up to 4 attempts within
 * about 1.3 s. For the payout steps that follow a chain send, which must not be given up on a dropped
 * connection. `work` gets the attempt number (1 first); any other error goes up at once.
 */
export async function onFreshConnection<T>(work: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (err) {
      const wait = BACKOFF_MS[attempt - 1];
      if (wait === undefined || !isDatabaseUnavailable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
