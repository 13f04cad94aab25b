/** Small SQL-building helpers shared by the finance list queries (withdrawals, transactions). */
/** One SQL statement with its parameters ($1, $2...). */
export interface SqlStatement {
  text: string;
  values: unknown[];
}
/** Largest value of an SQL integer column: an id filter above it can match nothing. */
export declare const MAX_INT4 = 2147483647;
/** Collects WHERE conditions and their parameters. */
export declare class Where {
  readonly conditions: string[];
  readonly values: unknown[];
  /** Adds a parameter and returns its placeholder ($n). */
  param(value: unknown): string;
  add(condition: string): void;
  toString(): string;
}
/** `abc_%` -> `abc\_\%` then `%`: a LIKE pattern matching the prefix literally (lower-cased). */
export declare const prefixPattern: (text: string) => string;
/** Lower bound of a date filter: a day means its start (UTC), a date-time is taken as is (inclusive). */
export declare const dateFrom: (value: string) => string;
/**
 * Upper bound of a date filter as `{ op, value }`: a day includes the whole day (`< next day`),
 * a date-time is inclusive (`<=`).
 */
export declare function dateTo(value: string): {
  op: '<' | '<=';
  value: string;
};
/** Page size: per_page wins over limit when both are sent. */
export declare const pageSize: (q: { limit: number; per_page?: number | undefined }) => number;
