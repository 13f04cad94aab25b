// Exact decimal arithmetic on scaled bigints: money never goes through binary floats,
// so "1.005" rounds to 1.01 and 20-digit pools keep every digit.

/** `units * 10^-scale`, e.g. 12.5 -> { units: 125n, scale: 1 }. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

/** What the API and forms hand us: decimal strings, numbers, bigints or nothing. */
export type DecimalInput = string | number | bigint | null | undefined;

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
// Refuse absurd exponents ('1e999999') instead of building a million-digit bigint.
const MAX_EXPONENT = 400;

/** Parses a plain decimal ('-1234.50', '.5', '1e3') or a finite number; null when unparseable or missing. */
export function parseDecimal(value: unknown): Decimal | null {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Shortest round-trip form: 1.005 stays '1.005', so rounding happens on what the user sees.
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = DECIMAL_RE.exec(text);
  if (!match) return null;
  const [, sign = '', intDigits = '', fracDigits = '', expText] = match;
  if (intDigits === '' && fracDigits === '') return null;
  const exponent = expText === undefined ? 0 : Number(expText);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  let units = BigInt(intDigits + fracDigits);
  let scale = fracDigits.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

/** numerator / denominator rounded half-up on the magnitude (half away from zero, like SQL round()). */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  let n = numerator;
  let d = denominator;
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const negative = n < 0n;
  const magnitude = (2n * (negative ? -n : n) + d) / (2n * d);
  return negative ? -magnitude : magnitude;
}

/** The decimal as integer units of 10^-scale, rounded half-up. */
export function toScaledUnits(decimal: Decimal, scale: number): bigint {
  if (decimal.scale <= scale) return decimal.units * 10n ** BigInt(scale - decimal.scale);
  return divRoundHalfUp(decimal.units, 10n ** BigInt(decimal.scale - scale));
}

/** Money in integer cents (half-up), or null when missing/unparseable. */
export function toCents(value: unknown): bigint | null {
  const decimal = parseDecimal(value);
  return decimal === null ? null : toScaledUnits(decimal, 2);
}

/** Inserts en-US thousands separators into a string of digits. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Renders scaled units as a plain decimal string ('-1234.50'), optionally with thousands separators. */
export function unitsToString(units: bigint, scale: number, grouped = false): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const intDigits = digits.slice(0, digits.length - scale);
  const intPart = grouped ? groupThousands(intDigits) : intDigits;
  const fracPart = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${intPart}${fracPart}`;
}

/** Rounds any decimal input half-up to `scale` places as a plain string; missing/unparseable -> zero. */
export function roundDecimal(value: unknown, scale = 2): string {
  const decimal = parseDecimal(value);
  return unitsToString(decimal === null ? 0n : toScaledUnits(decimal, scale), scale);
}

/** Plain decimal without trailing zeros ('79.50' -> '79.5', '80.00' -> '80'); for messages, not money. */
export function trimDecimal(units: bigint, scale: number): string {
  const text = unitsToString(units, scale);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
