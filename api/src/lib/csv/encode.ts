/**
 * CSV text (RFC 4180): fields separated by commas, records ended by CRLF, a field holding a comma, a
 * semicolon, a double quote, CR or LF enclosed in double quotes with its quotes doubled.
 */

/** A plain decimal number ("-12.5", "3"): left as it is even though it may start with '-'. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** `;` too: a spreadsheet whose locale separates by ';' would split 'ok;=1+1' and read '=1+1' alone. */
const NEEDS_QUOTES = /[",;\r\n]/;

/** Tab or CR first can shift a cell into a formula. */
const SHIFTING_START = /^[\t\r]/;
const FORMULA_START = /^[=+\-@]/;

/**
 * Whether a text starts with what makes a spreadsheet read the cell as a formula (= + - @), also after
 * leading whitespace (spreadsheets skip it: ' =1+1' is a formula), or with tab or CR: such a cell gets a
 * leading apostrophe (OWASP "CSV injection").
 */
function looksLikeFormula(text: string): boolean {
  if (SHIFTING_START.test(text)) return true;
  const start = text.trimStart();
  return FORMULA_START.test(start) && !PLAIN_NUMBER.test(start);
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
