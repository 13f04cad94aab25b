/** Small SQL-building helpers shared by the modules' queries (the lists' filters, dates, pages). */

/** One SQL statement with its parameters ($1, $2...). */
export interface SqlStatement {
  text: string;
  values: unknown[];
}

/** Largest value of an SQL integer column: an id filter above it can match nothing. */
export const MAX_INT4 = 2_147_483_647;

/** Collects WHERE conditions and their parameters. */
export class Where {
  readonly conditions: string[] = [];
  readonly values: unknown[] = [];

  /** Adds a parameter and returns its placeholder ($n). */
  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  add(condition: string): void {
    this.conditions.push(condition);
  }

  toString(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

/** `abc_%` -> `abc\_\%` then `%`: a LIKE pattern matching the prefix literally (lower-cased). */
export const prefixPattern = (text: string): string =>
  `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Lower bound of a date filter: a day means its start (UTC), a date-time is taken as is (inclusive). */
export const dateFrom = (value: string): string => (DAY_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);

/**
 * Upper bound of a date filter as `{ op, value }`: a day includes the whole day (`< next day`),
 * a date-time is inclusive (`<=`).
 */
export function dateTo(value: string): { op: '<' | '<='; value: string } {
  if (!DAY_ONLY.test(value)) return { op: '<=', value };
  const next = new Date(`${value}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { op: '<', value: next.toISOString() };
}

/** Page size: per_page wins over limit when both are sent. */
export const pageSize = (q: { limit: number; per_page?: number | undefined }): number =>
  q.per_page ?? q.limit;

/**
 * A fixed list of words (a facts module's statuses) as SQL string literals: `'pending', 'waiting'`, for
 * `status IN (${sqlList(openWithdrawalStatuses)})`. For constants only: user input goes in parameters.
 */
export const sqlList = (words: readonly string[]): string =>
  words.map((word) => `'${word.replaceAll("'", "''")}'`).join(', ');
