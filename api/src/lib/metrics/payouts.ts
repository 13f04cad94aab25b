import { Gauge, type Registry } from 'prom-client';
import type { DbHandle } from '../../db/types.ts';
import { within } from '../within.ts';

/** One scrape's figures of the payout queue (tables withdrawals, payouts and audit_log). */
export interface PayoutFigures {
  /** Approved withdrawals not paid yet (the worker's queue). */
  queued: number;
  /** Of them, claimed by a worker that is sending them right now. */
  inFlight: number;
  /** Of them, sent once and failed: a worker claimed and gave them back (approved after the approval). */
  failing: number;
  /** Seconds since the oldest of them was approved (0 when none). */
  oldestSeconds: number;
  /** Withdrawals the payout worker paid over the last hour (audit action payout.sent). */
  sentLastHour: number;
  /** On-chain transfers that reverted over the last hour (EVM chain): no money moved, sent again. */
  revertedLastHour: number;
}

/**
 * Read from the database, not from this process: every replica runs a worker, and what matters (is the
 * queue draining?) is the platform's state. Counts stay small whatever the history: the approved rows
 * (the queue's partial index), the last hour of audit_log (action, at) and of payouts. A failed send is
 * an approved withdrawal given back by its worker: `updated_at > processed_at` with no claim (claimApproved
 * and release in modules/payout/repository.ts; the approval sets both to the same now()).
 */
export async function readPayoutFigures(db: DbHandle): Promise<PayoutFigures> {
  const [row] = await db.query<Record<keyof PayoutFigures, number>>(
    `SELECT q.queued, q.in_flight AS "inFlight", q.failing, q.oldest AS "oldestSeconds",
            (SELECT count(*) FROM audit_log
              WHERE action = 'payout.sent' AND at > now() - interval '1 hour') AS "sentLastHour",
            (SELECT count(*) FROM payouts
              WHERE status = 'reverted' AND updated_at > now() - interval '1 hour') AS "revertedLastHour"
       FROM (SELECT count(*) AS queued,
                    count(*) FILTER (WHERE processing) AS in_flight,
                    count(*) FILTER (WHERE NOT processing AND updated_at > processed_at) AS failing,
                    coalesce(extract(epoch FROM now() - min(coalesce(processed_at, updated_at))), 0)::float8 AS oldest
               FROM withdrawals WHERE status = 'approved') q`,
  );
  return row!;
}

/** What a scrape reads from the database before it answers. */
export type Refresh = () => Promise<void>;

/**
 * Gauges filled at scrape time from the database, each read bounded by `timeoutMs`: the database's
 * health (the readiness the alerts watch) and the payout queue, in one query. When the database does not
 * answer in time the payout gauges are left out of that scrape rather than repeat stale figures.
 */
export function payoutGauges(db: DbHandle, registry: Registry, timeoutMs: number): Refresh {
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
  const up = gauge(
    'backoffice_database_up',
    'Whether the database answered SELECT 1 (on a connection of its own) during this scrape',
  );
  const gauges: Record<keyof PayoutFigures, Gauge> = {
    queued: gauge('backoffice_payout_queue_depth', 'Approved withdrawals not paid yet'),
    inFlight: gauge(
      'backoffice_payout_in_flight',
      'Approved withdrawals a payout worker is sending right now',
    ),
    failing: gauge(
      'backoffice_payouts_failing',
      'Approved withdrawals whose last send failed, waiting for the next payout run',
    ),
    oldestSeconds: gauge(
      'backoffice_payout_oldest_unpaid_seconds',
      'Age of the oldest approved-but-unpaid withdrawal since its approval (0 when none)',
    ),
    // Counts from the tables: the same on every replica (take max, not sum, across them).
    sentLastHour: gauge('backoffice_payouts_sent_last_hour', 'Withdrawals paid out over the last hour'),
    revertedLastHour: gauge(
      'backoffice_payouts_reverted_last_hour',
      'On-chain payout transfers that reverted over the last hour',
    ),
  };
  return async () => {
    const [alive, figures] = await Promise.all([
      within(db.ping(timeoutMs), timeoutMs).then(
        () => true,
        () => false,
      ),
      within(readPayoutFigures(db), timeoutMs).catch(() => undefined),
    ]);
    up.set(alive ? 1 : 0);
    for (const [key, g] of Object.entries(gauges) as [keyof PayoutFigures, Gauge][])
      g.set(figures ? Number(figures[key]) : Number.NaN);
  };
}
