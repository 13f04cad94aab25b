/**
 * CSV text (RFC 4180): fields separated by commas, records ended by CRLF, a field holding a comma, a
 * double quote, CR or LF enclosed in double quotes with its quotes doubled.
 */

/** A plain decimal number ("-12.5", "3"): left as it is even though it may start with '-'. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Whether a text starts with what makes a spreadsheet read the cell as a formula (= + - @), or with tab
 * or CR (which can shift it into one): such a cell gets a leading apostrophe (OWASP "CSV injection").
 */
function looksLikeFormula(text: string): boolean {
  switch (text.charCodeAt(0)) {
    case 61: // =
    case 43: // +
    case 45: // -
    case 64: // @
    case 9: // tab
    case 13: // CR
      return !PLAIN_NUMBER.test(text);
    default:
      return false;
  }
}

/** One field: null and undefined empty, numbers as they are, dates ISO, objects JSON; guarded and quoted. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  let text =
    typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  if (looksLikeFormula(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRecord(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i ? ',' : '') + csvField(values[i]);
  return `${line}\r\n`;
}
