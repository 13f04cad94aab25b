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
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

export interface DbHandle extends Db {
  readonly driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}
