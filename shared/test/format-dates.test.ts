import { describe, expect, it } from 'vitest';
import {
  dayBounds,
  dayjs,
  formatDateTime,
  formatShortDate,
  isMissingDate,
  localToIso,
  parseDate,
} from '../src/format/index.ts';

describe('formatDateTime', () => {
  it('formats en-US with short month and 12-hour time in the given zone', () => {
    expect(formatDateTime('2026-01-05T15:07:00Z', 'UTC')).toBe('Jan 5, 2026, 3:07 PM UTC');
    expect(formatDateTime('2026-01-05T00:05:00Z', 'UTC')).toBe('Jan 5, 2026, 12:05 AM UTC');
    expect(formatDateTime('2026-12-31T12:00:00Z', 'UTC')).toBe('Dec 31, 2026, 12:00 PM UTC');
  });

  it('applies the time zone', () => {
    expect(formatDateTime('2026-01-05T15:07:00Z', 'America/New_York')).toBe('Jan 5, 2026, 10:07 AM EST');
    expect(formatDateTime('2026-01-05T23:30:00Z', 'Asia/Tokyo')).toBe('Jan 6, 2026, 8:30 AM GMT+9');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const date = new Date(Date.UTC(2025, 6, 4, 9, 0));
    expect(formatDateTime(date, 'UTC')).toBe('Jul 4, 2025, 9:00 AM UTC');
    expect(formatDateTime(date.getTime(), 'UTC')).toBe('Jul 4, 2025, 9:00 AM UTC');
  });

  it("shows 'Not set' for missing values", () => {
    expect(formatDateTime(null)).toBe('Not set');
    expect(formatDateTime(undefined)).toBe('Not set');
    expect(formatDateTime('')).toBe('Not set');
    expect(formatDateTime('   ')).toBe('Not set');
  });

  it("shows 'Invalid date' for unparseable values", () => {
    expect(formatDateTime('not a date')).toBe('Invalid date');
    expect(formatDateTime('2026-13-45T99:00:00Z')).toBe('Invalid date');
    expect(formatDateTime(new Date(Number.NaN))).toBe('Invalid date');
    expect(formatDateTime(Number.POSITIVE_INFINITY)).toBe('Invalid date');
  });

  it('uses plain spaces only (no narrow no-break space before AM/PM)', () => {
    expect(formatDateTime('2026-01-05T15:07:00Z', 'UTC')).not.toMatch(/[\u202f\u00a0]/);
  });

  it("falls back to the viewer's zone for an unknown zone instead of throwing", () => {
    expect(formatDateTime('2026-01-05T15:07:00Z', 'Not/AZone')).toBe(formatDateTime('2026-01-05T15:07:00Z'));
  });
});

describe('formatShortDate', () => {
  it('formats month/day/year', () => {
    expect(formatShortDate('2026-01-05T15:07:00Z', 'UTC')).toBe('1/5/2026');
    expect(formatShortDate('2025-11-30T23:59:59Z', 'UTC')).toBe('11/30/2025');
    expect(formatShortDate('2025-11-30T23:59:59Z', 'Asia/Tokyo')).toBe('12/1/2025');
  });

  it('follows the same missing/invalid rules', () => {
    expect(formatShortDate(null)).toBe('Not set');
    expect(formatShortDate('')).toBe('Not set');
    expect(formatShortDate('garbage')).toBe('Invalid date');
  });
});

describe('parseDate', () => {
  it('returns a Date or null', () => {
    expect(parseDate('2026-01-05T15:07:00Z')?.toISOString()).toBe('2026-01-05T15:07:00.000Z');
    expect(parseDate(' 2026-01-05T15:07:00Z ')?.toISOString()).toBe('2026-01-05T15:07:00.000Z');
    expect(parseDate('nope')).toBeNull();
    expect(parseDate(null)).toBeNull();
    expect(isMissingDate('')).toBe(true);
    expect(isMissingDate('x')).toBe(false);
    expect(isMissingDate(0)).toBe(false);
  });
});

describe('day filters in the viewer zone', () => {
  it('turns a day into its first and last instant in the zone', () => {
    expect(dayBounds('2026-03-29', 'Europe/Berlin')).toEqual({
      start: '2026-03-28T23:00:00.000Z',
      end: '2026-03-29T21:59:59.999Z',
    });
    expect(dayBounds('2026-01-05', 'UTC')).toEqual({
      start: '2026-01-05T00:00:00.000Z',
      end: '2026-01-05T23:59:59.999Z',
    });
  });

  it('refuses what is not a calendar day', () => {
    expect(dayBounds('2026-02-30', 'UTC')).toBeNull();
    expect(dayBounds('5/1/2026', 'UTC')).toBeNull();
  });

  it('reads a picked date-time in the zone', () => {
    expect(localToIso('2026-01-05T10:30', 'America/New_York')).toBe('2026-01-05T15:30:00.000Z');
    expect(localToIso('', 'UTC')).toBe('');
    expect(localToIso('garbage', 'UTC')).toBe('');
  });

  it("formats a Dayjs, also one from another bundle's copy", () => {
    expect(formatDateTime(dayjs('2026-01-05T15:07:00Z'), 'UTC')).toBe('Jan 5, 2026, 3:07 PM UTC');
  });
});
