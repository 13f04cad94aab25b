import type { Db } from '../../db/types.ts';
import type { SharedStore } from '../../lib/shared-store/index.ts';

/**
 * Audit retention (docs/operations.md): with AUDIT_RETENTION_DAYS set, audit rows older than that many days
 * move to audit_log_archive (same columns and values, append-only), and aggregated failed sign-ins older than
 * that are deleted. Run by `pnpm -C api audit:archive` and by the API (startAuditRetention).
 */

export const RETENTION_ENV = 'AUDIT_RETENTION_DAYS';
const MAX_DAYS = 36_500;

/** AUDIT_RETENTION_DAYS: unset, empty, 'off' or '0' = keep forever (null); else whole days, 1..36500. */
export function parseRetentionDays(value: string | undefined): number | null {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'off' || text === '0') return null;
  const days = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(days >= 1 && days <= MAX_DAYS))
    throw new Error(`${RETENTION_ENV} must be a whole number of days from 1 to ${MAX_DAYS}, or off`);
  return days;
}

/** Rows moved per transaction: short transactions, so the API's own audit inserts never wait long. */
export const ARCHIVE_BATCH = 1000;
/** One archiver at a time across replicas and the CLI: an advisory lock held by each batch's transaction. */
export const ARCHIVE_LOCK = 0x0a0d17;

const COLUMNS =
  'id, at, admin_id, admin_email, action, target_type, target_id, before, after, ip, request_id, details';

export interface ArchiveResult {
  /** Audit rows moved to the archive. */
  archived: number;
  /** Aggregated failed sign-ins deleted. */
  pruned: number;
  /** True when another archiver held the lock: this run stopped (nothing is lost, the other goes on). */
  busy: boolean;
}

/**
 * Moves the audit rows older than `days` to the archive, oldest first, `batch` rows per transaction:
 * each transaction copies the rows and then deletes them from audit_log (whose trigger allows a delete
 * only of a row whose exact copy is in the archive), so a crash leaves every row in exactly one table.
 * `maxBatches` bounds one run (the API's); the CLI goes on until nothing is left.
 */
export async function archiveAudit(
  db: Db,
  {
    days,
    batch = ARCHIVE_BATCH,
    maxBatches = Number.POSITIVE_INFINITY,
  }: {
    days: number;
    batch?: number;
    maxBatches?: number;
  },
): Promise<ArchiveResult> {
  const result: ArchiveResult = { archived: 0, pruned: 0, busy: false };
  for (let i = 0; i < maxBatches; i++) {
    const moved = await db.transaction(async (tx) => {
      if (!(await tryLock(tx))) return null;
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO audit_log_archive (${COLUMNS})
         SELECT ${COLUMNS} FROM audit_log
          WHERE id IN (SELECT id FROM audit_log WHERE at < now() - make_interval(days => $1)
                        ORDER BY at, id LIMIT $2 FOR UPDATE)
         RETURNING id`,
        [days, batch],
      );
      if (rows.length)
        await tx.query('DELETE FROM audit_log WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)]);
      return rows.length;
    });
    if (moved === null) return { ...result, busy: true };
    result.archived += moved;
    if (moved < batch) break;
  }
  const pruned = await db.transaction(async (tx) => {
    if (!(await tryLock(tx))) return null;
    return tx.query<{ id: number }>(
      'DELETE FROM sign_in_failures WHERE last_at < now() - make_interval(days => $1) RETURNING id',
      [days],
    );
  });
  if (pruned === null) return { ...result, busy: true };
  return { ...result, pruned: pruned.length };
}

async function tryLock(tx: Db): Promise<boolean> {
  const [row] = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [ARCHIVE_LOCK]);
  return row?.ok === true;
}

/** At most one run per hour across the replicas (a shared-store key taken by the replica that runs). */
export const RETENTION_EVERY_MS = 60 * 60 * 1000;
const TURN_KEY = 'audit-retention';
const TURN_RULE = { max: 1, windowMs: RETENTION_EVERY_MS };
/** How often each replica asks whether the hour's run is still to do. */
const CHECK_EVERY_MS = 5 * 60 * 1000;
/** One API run moves at most this many batches (a backlog is worked off hour by hour, or by the CLI). */
const API_MAX_BATCHES = 500;

export interface RetentionDeps {
  db: Db;
  store: SharedStore;
  days: number;
  clock: () => number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * One check of the periodic job: runs the archive when no replica has run it within the hour. Returns
 * the result, or null when it was not this replica's turn.
 */
export async function retentionTick(deps: RetentionDeps): Promise<ArchiveResult | null> {
  const turn = await deps.store.take(TURN_KEY, TURN_RULE, deps.clock());
  if (turn.retryAfterMs > 0) return null;
  try {
    return await archiveAudit(deps.db, { days: deps.days, maxBatches: API_MAX_BATCHES });
  } catch (err) {
    // A failed run (database away) gives its turn back: the next check, here or on a replica, retries.
    await deps.store.giveBack(TURN_KEY, TURN_RULE, deps.clock());
    throw err;
  }
}

/** Starts the periodic job (the API, when AUDIT_RETENTION_DAYS is set); `stop` ends it. */
export function startAuditRetention(deps: RetentionDeps): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = retentionTick(deps).then(
      (r) => {
        if (r && (r.archived || r.pruned))
          deps.log.info({ ...r, days: deps.days }, 'audit retention: old rows archived');
      },
      (err: unknown) => deps.log.error({ err }, 'audit retention failed (retried at the next check)'),
    );
  };
  const first = setTimeout(tick, 10_000);
  const timer = setInterval(tick, CHECK_EVERY_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
