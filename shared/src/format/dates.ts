// Dates, on dayjs with its utc and timezone plugins: shown in the viewer's zone with the zone named, and
// date filters sent as the viewer's day boundaries (the API compares instants).
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export { type Dayjs, dayjs };

export type DateInput = string | number | Date | Dayjs | null | undefined;

export const NOT_SET = 'Not set';
export const INVALID_DATE = 'Invalid date';

/** True for null, undefined and blank strings: the "Not set" cases. */
export function isMissingDate(value: DateInput): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A valid Date, or null when missing or unparseable. Numbers are epoch milliseconds. */
export function parseDate(value: DateInput): Date | null {
  if (isMissingDate(value)) return null;
  // Through valueOf: a Dayjs may come from another bundle's copy (antd's DatePicker).
  const raw = dayjs.isDayjs(value) ? value.valueOf() : value;
  const date = raw instanceof Date ? raw : new Date(typeof raw === 'string' ? raw.trim() : raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The viewer's IANA zone (e.g. 'Europe/Berlin'). */
export function viewerZone(): string {
  return dayjs.tz.guess();
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `zone` when it is a known IANA zone, else the viewer's: a bad zone must not break a table. */
function zoneOrViewer(zone: string | undefined): string {
  return zone && isKnownZone(zone) ? zone : viewerZone();
}

/** The zone's short name at that instant, as en-US writes it: 'UTC', 'EST', 'GMT+1'. */
function zoneName(date: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(
    date,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

function format(value: DateInput, zone: string | undefined, pattern: string, withZone: boolean): string {
  if (isMissingDate(value)) return NOT_SET;
  const date = parseDate(value);
  if (date === null) return INVALID_DATE;
  const tz = zoneOrViewer(zone);
  const text = dayjs(date).tz(tz).format(pattern);
  return withZone ? `${text} ${zoneName(date, tz)}` : text;
}

/** 'Jan 5, 2026, 3:07 PM UTC' in the viewer's zone (or `zone`); missing -> 'Not set', unparseable -> 'Invalid date'. */
export function formatDateTime(value: DateInput, zone?: string): string {
  return format(value, zone, 'MMM D, YYYY, h:mm A', true);
}

/** '1/5/2026' (withdrawal TimeStamp column); same missing/invalid rules as formatDateTime. */
export function formatShortDate(value: DateInput, zone?: string): string {
  return format(value, zone, 'M/D/YYYY', false);
}

/** The instants a day filter covers in the viewer's zone: 'YYYY-MM-DD' -> its first and last millisecond. */
export function dayBounds(day: string, zone?: string): { start: string; end: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const tz = zoneOrViewer(zone);
  const start = dayjs.tz(day, 'YYYY-MM-DD', tz);
  if (!start.isValid() || start.format('YYYY-MM-DD') !== day) return null;
  return { start: start.toISOString(), end: start.endOf('day').toISOString() };
}

/** A date-time picked in the viewer's zone ('2026-01-05T10:30', a datetime-local value) as an ISO instant; '' when unusable. */
export function localToIso(value: string | undefined, zone?: string): string {
  if (!value) return '';
  const at = dayjs.tz(value, zoneOrViewer(zone));
  return at.isValid() ? at.toISOString() : '';
}
