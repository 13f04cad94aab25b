// Money display and the few sums the console shows, exact on decimal strings (see decimal.ts).
import {
  type DecimalInput,
  divRoundHalfUp,
  parseDecimal,
  toCents,
  toScaledUnits,
  unitsToString,
} from './decimal.ts';

export interface MoneyFormatOptions {
  /** Currency sign placed after the minus sign: '-$12.50'. The lottery views use '$'. */
  prefix?: '$' | '';
}

/** 2 decimals with en-US thousands separators; missing or unparseable shows as 0 ('0.00'). */
export function formatMoney(value: DecimalInput, options: MoneyFormatOptions = {}): string {
  const cents = toCents(value) ?? 0n;
  const negative = cents < 0n;
  const body = unitsToString(negative ? -cents : cents, 2, true);
  return `${negative ? '-' : ''}${options.prefix ?? ''}${body}`;
}

/** formatMoney with the '$' prefix used across the lottery views. */
export function formatUsd(value: DecimalInput): string {
  return formatMoney(value, { prefix: '$' });
}

/** A USDT amount as the finance and mines views show it: '1,234.50 USDT'. */
export function formatUsdt(value: DecimalInput): string {
  return `${formatMoney(value)} USDT`;
}

/** Integer count with thousands separators (half-up if a fraction sneaks in); missing -> '0'. */
export function formatCount(value: DecimalInput): string {
  const decimal = parseDecimal(value);
  return unitsToString(decimal === null ? 0n : toScaledUnits(decimal, 0), 0, true);
}

/** Prize = pool * percentage / 100, rounded half-up to cents, as a plain decimal string ('1234.50'). */
export function prizeAmount(totalPool: DecimalInput, percentage: DecimalInput): string {
  const pool = parseDecimal(totalPool);
  const pct = parseDecimal(percentage);
  if (pool === null || pct === null) return '0.00';
  // pool*pct/100 in cents = (pu/10^ps)(qu/10^qs)/100*100 = pu*qu / 10^(ps+qs)
  return unitsToString(divRoundHalfUp(pool.units * pct.units, 10n ** BigInt(pool.scale + pct.scale)), 2);
}

/** Average per ticket = pool / participants (divisor 1 when none, zero or negative), cents half-up. */
export function averagePerTicket(pool: DecimalInput, participants: DecimalInput): string {
  const total = parseDecimal(pool);
  if (total === null) return '0.00';
  const parsed = parseDecimal(participants);
  const divisor = parsed !== null && parsed.units > 0n ? parsed : { units: 1n, scale: 0 };
  // (pu/10^ps) / (nu/10^ns) * 100 = pu * 10^ns * 100 / (nu * 10^ps)
  const numerator = total.units * 10n ** BigInt(divisor.scale) * 100n;
  const denominator = divisor.units * 10n ** BigInt(total.scale);
  return unitsToString(divRoundHalfUp(numerator, denominator), 2);
}

/** Sum of amounts in cents (each rounded to cents first; missing counts as 0), as a plain decimal string. */
export function sumMoney(values: readonly DecimalInput[]): string {
  return unitsToString(
    values.reduce<bigint>((acc, value) => acc + (toCents(value) ?? 0n), 0n),
    2,
  );
}

/** a - b in cents (missing counts as 0), e.g. distribution amount = pool - admin profit. */
export function subtractMoney(a: DecimalInput, b: DecimalInput): string {
  return unitsToString((toCents(a) ?? 0n) - (toCents(b) ?? 0n), 2);
}
