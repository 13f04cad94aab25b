/**
 * The whole database surface the API uses: raw parameterised SQL ($1, $2...) that runs unchanged
 * on PGlite and on PostgreSQL. Repositories take a Db (or the tx handed to `transaction`) so
 * services can compose several repository calls in one transaction.
 *
 * Value conventions (identical on both drivers, see ./parsers.ts):
 * - NUMERIC -> canonical decimal string without trailing zeros ("10.50000000" -> "10.5", "3.00" -> "3");
 * - timestamptz / timestamp -> ISO-8601 string in UTC with milliseconds ("2025-01-31T10:00:00.000Z");
 * - int8 (count(*), sums of integers) -> JS number; json/jsonb -> parsed value; date -> "YYYY-MM-DD".
 */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs `fn` in a transaction (BEGIN/COMMIT, ROLLBACK on throw). Inside a transaction it simply calls fn. */
  transaction<T>(fn: (tx: Db) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /**
   * Long work (a walk of a whole large list): its statements may run this long instead of the
   * connection's short statement_timeout, and the client waits for them that long (+ the margin).
   * PGlite ignores it; a nested transaction keeps its outer one's limit.
   */
  statementTimeoutMs?: number;
}

/** One SQL statement with its parameters ($1, $2...). */
export interface Statement {
  text: string;
  values: readonly unknown[];
}

/**
 * Rows of one query read in batches (exports): the driver keeps the result on the server side, so
 * the API holds one batch at a time whatever the row count.
 */
export interface RowCursor<T> {
  /** What `count` (a `SELECT count(*) AS n ...`) answered in the cursor's snapshot; undefined without one. */
  readonly total: number | undefined;
  /** The next rows (at most the batch size); an empty array at the end. */
  next(): Promise<T[]>;
  /** Ends the cursor and gives its connection back; safe to call twice or during a `next`. */
  close(): Promise<void>;
}

export interface CursorOptions {
  /** Rows per FETCH. */
  batchSize: number;
  /** Counted in the same snapshot as the rows, before the first of them. */
  count?: Statement;
}

export interface DbHandle extends Db {
  readonly driver: 'pglite' | 'postgres';
  /** Opens a read-only cursor over `statement` (one snapshot); close() it when done or abandoned. */
  openCursor<T = Record<string, unknown>>(
    statement: Statement,
    options: CursorOptions,
  ): Promise<RowCursor<T>>;
  /**
   * `SELECT 1` for the health check, rejected after `timeoutMs`. PostgreSQL: on a connection of its own,
   * outside the pool, so requests holding every pooled connection do not make the database look down.
   */
  ping(timeoutMs: number): Promise<void>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel` (PostgreSQL sends one only when its transaction
   * commits); resolves once listening, to a function that stops. PostgreSQL: on a connection of its
   * own, opened again after a loss, then `onReconnect` runs (notifications in the gap are lost).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
