// Date display for the lottery and withdrawal views. Intl formatters are cached because
// building one per table cell is expensive.

export type DateInput = string | number | Date | null | undefined;

export const NOT_SET = 'Not set';
export const INVALID_DATE = 'Invalid date';

const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};
const SHORT_DATE_OPTIONS: Intl.DateTimeFormatOptions = { month: 'numeric', day: 'numeric', year: 'numeric' };

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'dateTime' | 'shortDate', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}`;
  let cached = cache.get(key);
  if (cached === undefined) {
    const options = kind === 'dateTime' ? DATE_TIME_OPTIONS : SHORT_DATE_OPTIONS;
    try {
      cached = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // An unknown zone must not break a table: fall back to the viewer's zone.
      cached = new Intl.DateTimeFormat('en-US', options);
    }
    cache.set(key, cached);
  }
  return cached;
}

/** True for null, undefined and blank strings: the "Not set" cases. */
export function isMissingDate(value: DateInput): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A valid Date, or null when missing or unparseable. Numbers are epoch milliseconds. */
export function parseDate(value: DateInput): Date | null {
  if (isMissingDate(value)) return null;
  const date = value instanceof Date ? value : new Date(typeof value === 'string' ? value.trim() : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(kind: 'dateTime' | 'shortDate', value: DateInput, timeZone: string | undefined): string {
  if (isMissingDate(value)) return NOT_SET;
  const date = parseDate(value);
  if (date === null) return INVALID_DATE;
  // Newer ICU puts a narrow no-break space before AM/PM; normalise so output is the same everywhere.
  return formatter(kind, timeZone)
    .format(date)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** 'Jan 5, 2026, 3:07 PM'; missing -> 'Not set', unparseable -> 'Invalid date'. */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  return format('dateTime', value, timeZone);
}

/** '1/5/2026' (withdrawal TimeStamp column); same missing/invalid rules as formatDateTime. */
export function formatShortDate(value: DateInput, timeZone?: string): string {
  return format('shortDate', value, timeZone);
}
