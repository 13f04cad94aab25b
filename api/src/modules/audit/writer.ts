import type { Db } from '../../db/types.ts';

/** Who did it: an admin, or null for a system action (payout worker) or a sign-in of an unknown e-mail. */
export interface AuditActor {
  id: number | null;
  email: string | null;
}

/** One audit record as the code writes it (the writer adds who, when, IP and request id). */
export interface AuditEntry {
  /** Defaults to the route's action from the catalogue. */
  action?: string;
  targetType: string | null;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
  details?: unknown;
  /** Defaults to the signed-in admin of the request (sign-in names the admin it checked). */
  actor?: AuditActor;
}

/** A full row for `insertAudit` (also used by the payout worker, which has no request). */
export interface AuditRow {
  action: string;
  actor: AuditActor;
  targetType: string | null;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
  details?: unknown;
  ip?: string | null;
  requestId?: string | null;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** Appends one row to audit_log through `db` (the caller's transaction, so it commits with the change). */
export async function insertAudit(db: Db, row: AuditRow): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (admin_id, admin_email, action, target_type, target_id, before, after, ip, request_id, details)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10::jsonb)`,
    [
      row.actor.id,
      row.actor.email,
      row.action,
      row.targetType,
      row.targetId === null ? null : String(row.targetId),
      json(row.before),
      json(row.after),
      row.ip ?? null,
      row.requestId ?? null,
      json(row.details),
    ],
  );
}

export const AUDIT_MISSING = 'A state change was attempted without its audit record';

/**
 * The audit writer of one request (RouteContext.audit, made by defineRoute). Services receive it and
 * write their record with the client of the transaction that makes the change:
 *
 *   await audit.transaction(this.db, async (tx) => {
 *     ...change...
 *     await audit.record(tx, { targetType: 'withdrawal', targetId: id, before, after });
 *   });
 *
 * `transaction` refuses to commit a transaction that wrote no record (it throws, so it rolls back), and
 * defineRoute answers 500 when a mutating call succeeded without any record.
 */
export class AuditWriter {
  private count = 0;
  private unchanged = false;

  constructor(
    private readonly context: {
      /** The route's catalogue action (undefined for GET routes). */
      action: string | undefined;
      actor: AuditActor | null;
      ip: string | null;
      requestId: string | null;
    },
  ) {}

  /** How many records this request wrote. */
  get written(): number {
    return this.count;
  }

  /** True once the request wrote a record, or declared that it changed nothing (see `nothingChanged`). */
  get satisfied(): boolean {
    return this.count > 0 || this.unchanged;
  }

  /**
   * Declares that this successful call changed no state (a bulk update where every item failed, a status
   * set to the value it had): defineRoute then accepts the answer without a record.
   */
  nothingChanged(): void {
    this.unchanged = true;
  }

  async record(db: Db, entry: AuditEntry): Promise<void> {
    const action = entry.action ?? this.context.action;
    if (!action) throw new Error('audit record without an action (a GET route must name one)');
    await insertAudit(db, {
      action,
      actor: entry.actor ?? this.context.actor ?? { id: null, email: null },
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before,
      after: entry.after,
      details: entry.details,
      ip: this.context.ip,
      requestId: this.context.requestId,
    });
    this.count++;
  }

  /** `db.transaction(fn)` that must write at least one record in it, else it throws and rolls back. */
  transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const before = this.count;
      const result = await fn(tx);
      if (this.count === before) throw new Error(AUDIT_MISSING);
      return result;
    });
  }
}
