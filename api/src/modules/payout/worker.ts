import { z } from 'zod';
import type { Db } from '../../db/types.ts';
import { insertAudit } from '../audit/index.ts';
import { type ChainClient, SimulatedChain } from './chain.ts';
import { chainConfig } from './config.ts';
import { EvmChain } from './evm.ts';
import { onFreshConnection } from './fresh-connection.ts';
import * as repo from './repository.ts';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface PayoutOptions {
  /** Withdrawals claimed per run (default 25). */
  batchSize?: number;
  /** A claim older than this is taken again (default 10 minutes). */
  staleMs?: number;
  /** A claim of a withdrawal already sent (hash recorded) older than this is taken again (default 30 s). */
  sentStaleMs?: number;
  log?: Log;
}

export interface PayoutRun {
  completed: { id: number; hash: string }[];
  failed: { id: number; error: string }[];
}

type PayResult = { id: number; hash: string } | { id: number; error?: string };

/**
 * Pays approved withdrawals: claim (conditional UPDATE ... processing = true, SKIP LOCKED), send through
 * the ChainClient with the idempotent reference 'withdrawal:<id>', record "sent with hash H" in a
 * statement of its own (payout_sent), then approved -> completed with the hash. The steps after the send
 * are retried on a fresh connection; a withdrawal whose send is recorded is completed by a later run (or
 * another replica) without being sent again. A failed send releases the claim (still approved) for the
 * next run. No ledger movement here: the amount left the user's balance when the withdrawal was requested.
 */
export class PayoutWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<PayoutRun> | undefined;
  private stopped = false;
  private readonly batchSize: number;
  private readonly staleMs: number;
  private readonly sentStaleMs: number;

  constructor(
    private readonly db: Db,
    readonly chain: ChainClient,
    private readonly options: PayoutOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 25;
    this.staleMs = options.staleMs ?? 10 * 60_000;
    this.sentStaleMs = options.sentStaleMs ?? 30_000;
  }

  /** One pass over at most `batchSize` approved withdrawals. Concurrent calls share the same pass. */
  runOnce(): Promise<PayoutRun> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<PayoutRun> {
    const run: PayoutRun = { completed: [], failed: [] };
    const claimed = await repo.claimApproved(this.db, this.batchSize, this.staleMs, this.sentStaleMs);
    // The claimed withdrawals are paid side by side (a real chain waits seconds per transfer); results keep
    // the claim order.
    const results = await Promise.all(claimed.map((w) => this.pay(w)));
    for (const r of results) {
      if ('hash' in r) run.completed.push(r);
      else if (r.error !== undefined) run.failed.push({ id: r.id, error: r.error });
    }
    if (run.completed.length) {
      this.options.log?.info({ completed: run.completed.map((c) => c.id) }, 'withdrawals paid out');
    }
    if (run.failed.length) this.options.log?.error({ failed: run.failed }, 'withdrawal payouts failed');
    return run;
  }

  /**
   * Sends one claimed withdrawal (unless its send is already recorded), records the hash and completes
   * it. A failed send or completion releases the claim for the next run.
   */
  private async pay(w: repo.ClaimedPayout): Promise<PayResult> {
    let hash = w.sent_hash;
    if (hash === null) {
      // Shutting down: the claim goes back unsent rather than starting a transfer now.
      if (this.stopped) return this.giveBack(w.id);
      try {
        ({ hash } = await this.chain.send({
          to: w.wallet_address,
          amount: w.amount,
          reference: `withdrawal:${w.id}`,
        }));
      } catch (err) {
        return this.giveBack(w.id, err);
      }
      try {
        await onFreshConnection(() => repo.recordSent(this.db, w.id, hash!));
      } catch (err) {
        // Money moved and nothing says so yet: the completion below may still record it. If it fails too,
        // the claim is kept (not released): it is retaken after staleMs, and the chain's idempotent
        // reference returns this same hash then.
        this.options.log?.error(
          { id: w.id, hash, err: message(err) },
          'payout sent but its hash could not be recorded',
        );
        try {
          return await this.complete(w, hash);
        } catch (completeErr) {
          return {
            id: w.id,
            error: `sent as ${hash}, not recorded (${message(completeErr)}): the claim is retaken after ${this.staleMs} ms`,
          };
        }
      }
    }
    try {
      return await this.complete(w, hash);
    } catch (err) {
      // The send is recorded: the next run completes it without sending.
      return this.giveBack(w.id, new Error(`sent as ${hash}, not completed yet (${message(err)})`));
    }
  }

  /** approved -> completed with its audit record (a system action: no admin), on a fresh connection if need be. */
  private complete(w: repo.ClaimedPayout, hash: string): Promise<PayResult> {
    return onFreshConnection(async (attempt) => {
      const completed = await this.db.transaction(async (tx) => {
        if (!(await repo.markCompleted(tx, w.id, hash)))
          // The COMMIT of a previous attempt may have landed with its answer lost.
          return attempt > 1 && (await repo.isCompletedWith(tx, w.id, hash));
        await insertAudit(tx, {
          action: 'payout.sent',
          actor: { id: null, email: null },
          targetType: 'withdrawal',
          targetId: w.id,
          before: { status: 'approved' },
          after: { status: 'completed', hash },
          details: { amount: w.amount, to: w.wallet_address },
        });
        return true;
      });
      return completed ? { id: w.id, hash } : { id: w.id };
    });
  }

  /**
   * Releases a claim after `err` (none: a shutdown). A release that fails is logged and reported with the
   * payout's error, never swallowed; the claim then stays until it is stale and is taken again.
   */
  private async giveBack(id: number, err?: unknown): Promise<PayResult> {
    const error = err === undefined ? undefined : message(err);
    try {
      await onFreshConnection(() => repo.release(this.db, id));
      return { id, error };
    } catch (releaseErr) {
      this.options.log?.error(
        { id, err: message(releaseErr) },
        'releasing a payout claim failed: it is taken again once stale',
      );
      const released = `releasing the claim failed (${message(releaseErr)}): retried once the claim is stale`;
      return { id, error: error ? `${error}; ${released}` : released };
    }
  }

  /** Runs every `intervalMs` (a pass never overlaps the previous one). */
  start(intervalMs: number): void {
    this.stopped = false;
    const tick = async () => {
      try {
        await this.runOnce();
      } catch (err) {
        this.options.log?.error({ err }, 'payout run failed');
      }
      if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
    };
    this.timer = setTimeout(tick, intervalMs);
  }

  /**
   * Stops the timer and waits for a pass in progress: transfers already sending finish and are completed,
   * claims not sent yet are released.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

const intervalSchema = z.coerce
  .number({ error: 'PAYOUT_INTERVAL_MS must be a number of milliseconds' })
  .int('PAYOUT_INTERVAL_MS must be a whole number')
  .min(0, 'PAYOUT_INTERVAL_MS must be 0 (off) or more');

/** PAYOUT_INTERVAL_MS: default 5000, 0 disables the worker. */
export function payoutIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PAYOUT_INTERVAL_MS;
  if (raw === undefined || raw.trim() === '') return 5000;
  const parsed = intervalSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

/**
 * Picks the chain of the API process's payout worker: a configured chain (CHAIN_* variables) is always
 * the real EvmChain, also in demo mode; without one, DEMO=1 uses the simulated chain and DEMO=0 has none
 * (undefined, with the reason).
 */
export function payoutChain(
  db: Db,
  demo: boolean,
  env: NodeJS.ProcessEnv = process.env,
): { chain: ChainClient; label: string } | { chain: undefined; reason: string } {
  const config = chainConfig(env);
  if (config) {
    const chain = new EvmChain(db, config);
    return { chain, label: `EVM token ${config.tokenAddress} from ${chain.account.address}` };
  }
  if (demo) return { chain: new SimulatedChain(), label: 'simulated chain (DEMO=1)' };
  return {
    chain: undefined,
    reason:
      'payout worker not started: DEMO=0 and no chain configured (set CHAIN_RPC_URL, CHAIN_TOKEN_ADDRESS and CHAIN_SIGNER_KEY_FILE); approved withdrawals stay approved',
  };
}

/**
 * Starts the payout worker of the API process (see payoutChain for the chain it uses). Returns undefined
 * when PAYOUT_INTERVAL_MS=0 or when DEMO=0 and no chain is configured (logged as a warning). Every replica
 * runs one: claims (SKIP LOCKED) and the chain's idempotent reference pay each withdrawal once.
 */
export function startPayoutWorker(
  db: Db,
  options: PayoutOptions & { demo?: boolean; env?: NodeJS.ProcessEnv; chain?: ChainClient } = {},
): PayoutWorker | undefined {
  const interval = payoutIntervalMs(options.env);
  if (interval === 0) return undefined;
  const picked = options.chain
    ? { chain: options.chain, label: options.chain.constructor.name }
    : payoutChain(db, options.demo ?? false, options.env);
  if (!picked.chain) {
    options.log?.warn({}, picked.reason);
    return undefined;
  }
  const worker = new PayoutWorker(db, picked.chain, options);
  worker.start(interval);
  options.log?.info({ intervalMs: interval }, `payout worker started: ${picked.label}`);
  if (picked.chain instanceof EvmChain)
    picked.chain.ready().then(
      (info) => options.log?.info(info, 'payout chain reachable'),
      (err) => options.log?.error({ err: err.message }, 'payout chain not reachable (retried on every run)'),
    );
  return worker;
}
