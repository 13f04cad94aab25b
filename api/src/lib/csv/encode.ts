/**
 * CSV text (RFC 4180): fields separated by commas, records ended by CRLF, a field holding a comma, a
 * double quote, CR or LF enclosed in double quotes with its quotes doubled.
 */

/** A plain decimal number ("-12.5", "3"): left as it is even though it may start with '-'. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and CR, shift it into one):
 * such a cell gets a leading apostrophe so it is shown as text (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const NEEDS_QUOTES = /[",\r\n]/;

/** The text of one value: null and undefined are empty, dates ISO, objects JSON. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** One field: formula-guarded, then quoted when RFC 4180 requires it. */
export function csvField(value: unknown): string {
  let text = textOf(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRecord(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i ? ',' : '') + csvField(values[i]);
  return `${line}\r\n`;
}
