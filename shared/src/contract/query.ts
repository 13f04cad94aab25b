import { z } from 'zod';
import {
  DATE_RANGE_MESSAGE,
  hasNoNul,
  INT4_MAX,
  idNumber,
  inDateRange,
  NUL_MESSAGE,
  wholeNumber,
} from './input.ts';

/**
 * Helpers for query strings and path params: every value arrives as a string, an empty
 * value (`?status=`) means "not set", and the spec's defaults apply when a value is absent.
 */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Decimal digits only ("1e3", "0x10" and "1.5" are refused), bounded by the callers. */
const intFrom = wholeNumber;

/** `page`: integer >= 1, default 1. */
export const pageParam = z.preprocess(
  emptyToUndefined,
  intFrom('Page must be a whole number')
    .pipe(z.number().min(1, 'Page must be at least 1').max(INT4_MAX, `Page must not exceed ${INT4_MAX}`))
    .default(1),
);

/** A page size (limit, per_page): integer 1..max with a default. */
export const sizeParam = (defaultSize: number, max = 100) =>
  z.preprocess(
    emptyToUndefined,
    intFrom('Page size must be a whole number')
      .pipe(z.number().min(1, 'Page size must be at least 1').max(max, `Page size must not exceed ${max}`))
      .default(defaultSize),
  );

/** Optional page size without a default (per_page next to limit). */
export const optionalSizeParam = (max = 100) =>
  z.preprocess(
    emptyToUndefined,
    intFrom('Page size must be a whole number')
      .pipe(z.number().min(1, 'Page size must be at least 1').max(max, `Page size must not exceed ${max}`))
      .optional(),
  );

/** Optional positive integer id filter (one past int4 matches nothing; see idNumber). */
export const optionalIdParam = z.preprocess(emptyToUndefined, idNumber().optional());

/** Optional trimmed free text (search filters). */
export const optionalText = (max = 100) =>
  z.preprocess(
    (v) => emptyToUndefined(typeof v === 'string' ? v.trim() : v),
    z.string().max(max, `Must not exceed ${max} characters`).refine(hasNoNul, NUL_MESSAGE).optional(),
  );

/** Optional enum filter. */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(emptyToUndefined, z.enum(values).optional());

/** Sort direction, case-insensitive, default desc. */
export const sortType = z.preprocess(
  (v) => (typeof v === 'string' ? emptyToUndefined(v.toLowerCase()) : v),
  z.enum(['asc', 'desc']).default('desc'),
);
export type SortType = 'asc' | 'desc';

/** Sort field from a whitelist, default createdAt. */
export const sortBy = <const T extends readonly [string, ...string[]]>(fields: T) =>
  z.preprocess(emptyToUndefined, z.enum(fields).default(fields[0] as T[0]));

/** Optional day or date-time filter: "2025-01-31" or an ISO date-time. */
export const optionalDateParam = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
      'Invalid date, expected YYYY-MM-DD or an ISO date-time',
    )
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'Invalid date', abort: true })
    .refine(inDateRange, DATE_RANGE_MESSAGE)
    .optional(),
);

/** `/:id` path params. */
export const idParams = z.object({ id: idNumber() });
export type IdParams = z.infer<typeof idParams>;

/** A list that may arrive as `a,b`, `?x=a&x=b` or a JSON array. */
export const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === '' || v === undefined || v === null) return undefined;
    if (typeof v === 'string')
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    return v;
  }, z.array(item).optional());
