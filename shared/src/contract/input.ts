import { z } from 'zod';

/**
 * Bounds of what the database can hold, applied to every input so bad input is a 400 with a clear
 * message before any work (never a PostgreSQL error turned into a 500).
 */

/** Largest PostgreSQL `integer` (int4): ids, counts, max_participants. */
export const INT4_MAX = 2_147_483_647;

/** PostgreSQL text cannot hold U+0000. */
export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const hasNoNul = (s: string) => !s.includes('\u0000');

/** Dates accepted as input (filters, lottery times): UTC years in this range. */
export const MIN_INPUT_YEAR = 1970;
export const MAX_INPUT_YEAR = 2100;
export const DATE_RANGE_MESSAGE = `Date must be between the years ${MIN_INPUT_YEAR} and ${MAX_INPUT_YEAR}`;

/** True for a parseable date whose UTC year is within MIN_INPUT_YEAR..MAX_INPUT_YEAR. */
export function inDateRange(value: string): boolean {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= MIN_INPUT_YEAR && year <= MAX_INPUT_YEAR;
}

/** Integers past 2^53 (which zod's `.int()` refuses as "not whole") become the largest safe one, so
 * the caller's `.max()` answers "must not exceed" rather than "must be a whole number". */
const saturate = (n: number) =>
  Number.isInteger(n) && !Number.isSafeInteger(n) ? Math.sign(n) * Number.MAX_SAFE_INTEGER : n;

/**
 * A whole number given as a number or a string of decimal digits ("12", " 12 ", "-3"); anything else
 * ("1e3", "0x10", "1.5", "abc", booleans) fails with `message`. Callers bound it with `.max()`.
 */
export const wholeNumber = (message: string, requiredMessage = message) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        const s = v.trim();
        if (s === '') return undefined;
        return /^[+-]?\d+$/.test(s) ? saturate(Number(s)) : v;
      }
      if (typeof v === 'number') return saturate(v);
      return v === null ? undefined : v;
    },
    z.number({ error: (issue) => (issue.input === undefined ? requiredMessage : message) }).int(message),
  );

/**
 * An id to look up: any positive whole number. One beyond the int4 columns (`INT4_MAX`) is valid input
 * that names no row, so the API answers it like any unknown id (404, or an empty filtered list).
 */
export const idNumber = (
  message = 'ID must be a whole number',
  min = 'ID must be a positive number',
  requiredMessage = message,
) => wholeNumber(message, requiredMessage).pipe(z.number().min(1, min));

/** Whether an id can exist in an int4 column (callers answer "not found" otherwise, before any SQL). */
export const isInt4Id = (id: number) => id >= 1 && id <= INT4_MAX;
