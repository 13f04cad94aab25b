/** Postgres type ids whose text output we normalise (the same on PGlite and node-postgres). */
export const OID = { INT8: 20, NUMERIC: 1700, TIMESTAMP: 1114, TIMESTAMPTZ: 1184, DATE: 1082 } as const;

/** "10.50000000" -> "10.5", "3.000" -> "3", "-0.0" -> "0". Integers pass unchanged. */
export function canonicalDecimal(text: string): string {
  if (!text.includes('.')) return text === '-0' ? '0' : text;
  const trimmed = text.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

const TS_RE =
  /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?(?:([+-]\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?$/;

/** A UTC timestamp as our sessions (TimeZone=UTC) print it: rewritten without building a Date. */
const UTC_TS_RE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(\+00)?$/;

/** The ends of what an ISO-8601 date-time (4-digit year) can carry. */
export const MIN_ISO_TIMESTAMP = '0001-01-01T00:00:00.000Z';
export const MAX_ISO_TIMESTAMP = '9999-12-31T23:59:59.999Z';

/**
 * infinity, BC dates and years past 9999 (which PostgreSQL can store) clamped to the ends of the ISO
 * range: one odd stored row must never make an answer break its own contract (a 500 for a whole list).
 */
export function rowTimestamp(text: string): string {
  const iso = isoTimestamp(text);
  // isoTimestamp gives "YYYY-MM-DDTHH:MM:SS.mmmZ" or the text it could not convert (no 'T' in it).
  if (iso.length === 24 && iso[10] === 'T' && iso[23] === 'Z') return iso;
  return text.startsWith('-') || text.endsWith(' BC') ? MIN_ISO_TIMESTAMP : MAX_ISO_TIMESTAMP;
}

/** Postgres timestamp text ("2025-01-31 10:00:00.123456+00") -> "2025-01-31T10:00:00.123Z". */
export function isoTimestamp(text: string, assumeUtc = true): string {
  const utc = UTC_TS_RE.exec(text);
  if (utc && (utc[4] || assumeUtc))
    return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').slice(0, 3).padEnd(3, '0')}Z`;
  const m = TS_RE.exec(text);
  if (!m) return text; // infinity, BC dates: left as they are
  const [, day, time, frac = '', offH, offM = '00', offS] = m;
  const ms = frac ? frac.slice(0, 4).padEnd(4, '0') : '.000';
  const offset = offH ? `${offH}:${offM}` : assumeUtc ? 'Z' : '';
  let date = new Date(`${day}T${time}${ms}${offset}`);
  if (offS) date = new Date(date.getTime() - Math.sign(Number(offH)) * Number(offS) * 1000);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

export const parsers: Record<number, (text: string) => unknown> = {
  [OID.INT8]: (text) => {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : text;
  },
  [OID.NUMERIC]: canonicalDecimal,
  [OID.TIMESTAMPTZ]: rowTimestamp,
  [OID.TIMESTAMP]: rowTimestamp,
  [OID.DATE]: (text) => text,
};
