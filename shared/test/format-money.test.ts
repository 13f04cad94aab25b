import { describe, expect, it } from 'vitest';
import {
  averagePerTicket,
  divRoundHalfUp,
  formatCount,
  formatMoney,
  formatUsd,
  formatUsdt,
  parseDecimal,
  prizeAmount,
  roundDecimal,
  subtractMoney,
  sumMoney,
  toCents,
  trimDecimal,
} from '../src/format/index.ts';

describe('parseDecimal', () => {
  it('parses plain decimals, signs, exponents and numbers', () => {
    expect(parseDecimal('1234.50')).toEqual({ units: 123450n, scale: 2 });
    expect(parseDecimal(' -0.5 ')).toEqual({ units: -5n, scale: 1 });
    expect(parseDecimal('+7')).toEqual({ units: 7n, scale: 0 });
    expect(parseDecimal('.25')).toEqual({ units: 25n, scale: 2 });
    expect(parseDecimal('5.')).toEqual({ units: 5n, scale: 0 });
    expect(parseDecimal('1e3')).toEqual({ units: 1000n, scale: 0 });
    expect(parseDecimal('1.5E-2')).toEqual({ units: 15n, scale: 3 });
    expect(parseDecimal(1.005)).toEqual({ units: 1005n, scale: 3 });
    expect(parseDecimal(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(parseDecimal(12n)).toEqual({ units: 12n, scale: 0 });
  });

  it('rejects missing and unparseable input', () => {
    for (const value of [
      null,
      undefined,
      '',
      '   ',
      'abc',
      '1,234.5',
      '1.2.3',
      '-',
      '.',
      'e5',
      '0x10',
      NaN,
      Infinity,
    ]) {
      expect(parseDecimal(value)).toBeNull();
    }
    expect(parseDecimal({})).toBeNull();
    expect(parseDecimal(true)).toBeNull();
    expect(parseDecimal('1e999999')).toBeNull();
  });
});

describe('divRoundHalfUp', () => {
  it('rounds half away from zero', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divRoundHalfUp(4n, 3n)).toBe(1n);
    expect(divRoundHalfUp(5n, -2n)).toBe(-3n);
    expect(divRoundHalfUp(0n, 7n)).toBe(0n);
  });

  it('refuses division by zero', () => {
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('shows 2 decimals with thousands separators', () => {
    expect(formatMoney('1234567.8')).toBe('1,234,567.80');
    expect(formatMoney(1250.5)).toBe('1,250.50');
    expect(formatMoney('999.999')).toBe('1,000.00');
    expect(formatMoney('100')).toBe('100.00');
    expect(formatMoney('0.1')).toBe('0.10');
  });

  it('rounds half-up on the decimal string, not via float', () => {
    expect(formatMoney('1.005')).toBe('1.01');
    expect(formatMoney(1.005)).toBe('1.01'); // (1.005).toFixed(2) would give '1.00'
    expect(formatMoney('1.004999')).toBe('1.00');
    expect(formatMoney('0.125')).toBe('0.13');
    expect(formatMoney('2.675')).toBe('2.68');
  });

  it('keeps huge values exact', () => {
    expect(formatMoney('1234567890123.455')).toBe('1,234,567,890,123.46');
    expect(formatMoney('99999999999999999999.995')).toBe('100,000,000,000,000,000,000.00');
    expect(formatMoney('99999999999999999999.994')).toBe('99,999,999,999,999,999,999.99');
  });

  it('shows zero, missing and unparseable values as 0.00', () => {
    for (const value of [0, '0', '0.000', null, undefined, '', 'abc', Number.NaN]) {
      expect(formatMoney(value)).toBe('0.00');
    }
  });

  it('keeps the sign of negative values, before the prefix', () => {
    expect(formatMoney('-12.5')).toBe('-12.50');
    expect(formatMoney('-12.5', { prefix: '$' })).toBe('-$12.50');
    expect(formatMoney('-1.005')).toBe('-1.01');
    expect(formatMoney('-1234567.891')).toBe('-1,234,567.89');
  });

  it('never shows a negative zero', () => {
    expect(formatMoney('-0.004')).toBe('0.00');
    expect(formatUsd('-0')).toBe('$0.00');
  });
});

describe('formatUsdt', () => {
  it('adds the USDT suffix to the 2-decimal amount', () => {
    expect(formatUsdt('1234.5')).toBe('1,234.50 USDT');
    expect(formatUsdt(null)).toBe('0.00 USDT');
  });
});

describe('formatUsd', () => {
  it('adds the $ prefix', () => {
    expect(formatUsd('1250.5')).toBe('$1,250.50');
    expect(formatUsd(null)).toBe('$0.00');
    expect(formatUsd(-3)).toBe('-$3.00');
  });
});

describe('formatCount', () => {
  it('formats integers with separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount('1000')).toBe('1,000');
    expect(formatCount(999)).toBe('999');
    expect(formatCount('12345678901234567890')).toBe('12,345,678,901,234,567,890');
    expect(formatCount(-1500)).toBe('-1,500');
  });

  it('shows missing and unparseable as 0', () => {
    expect(formatCount(null)).toBe('0');
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount('')).toBe('0');
    expect(formatCount('n/a')).toBe('0');
  });

  it('rounds a stray fraction half-up', () => {
    expect(formatCount('2.5')).toBe('3');
    expect(formatCount(2.49)).toBe('2');
  });
});

describe('prizeAmount', () => {
  it('is pool * percentage / 100 rounded to cents', () => {
    expect(prizeAmount('1000', '26.67')).toBe('266.70');
    expect(prizeAmount('1000', 50)).toBe('500.00');
    expect(prizeAmount('333.33', '33.33')).toBe('111.10'); // 111.098889
    expect(prizeAmount('10.05', '50')).toBe('5.03'); // 5.025 half-up
    expect(prizeAmount('0.01', '50')).toBe('0.01'); // 0.005 half-up
    expect(prizeAmount('0.01', '49.99')).toBe('0.00');
  });

  it('is exact for huge pools', () => {
    expect(prizeAmount('99999999999999999999.99', '80')).toBe('79999999999999999999.99'); // .992
    expect(prizeAmount('1234567890123.455', '100')).toBe('1234567890123.46');
  });

  it('returns 0.00 for missing or unparseable inputs and keeps signs', () => {
    expect(prizeAmount(null, '50')).toBe('0.00');
    expect(prizeAmount('100', undefined)).toBe('0.00');
    expect(prizeAmount('x', '10')).toBe('0.00');
    expect(prizeAmount('0', '10')).toBe('0.00');
    expect(prizeAmount('-10.05', '50')).toBe('-5.03');
  });
});

describe('averagePerTicket', () => {
  it('divides the pool by the participants, rounded to cents', () => {
    expect(averagePerTicket('100', 3)).toBe('33.33');
    expect(averagePerTicket('200', '3')).toBe('66.67');
    expect(averagePerTicket('0.05', 2)).toBe('0.03'); // 0.025 half-up
    expect(averagePerTicket('1000', 8)).toBe('125.00');
  });

  it('uses divisor 1 when participants are 0, missing, invalid or negative', () => {
    expect(averagePerTicket('150.5', 0)).toBe('150.50');
    expect(averagePerTicket('150.5', null)).toBe('150.50');
    expect(averagePerTicket('150.5', undefined)).toBe('150.50');
    expect(averagePerTicket('150.5', 'many')).toBe('150.50');
    expect(averagePerTicket('150.5', -4)).toBe('150.50');
  });

  it('handles missing pools and huge pools', () => {
    expect(averagePerTicket(null, 5)).toBe('0.00');
    expect(averagePerTicket('99999999999999999999.995', 1)).toBe('100000000000000000000.00');
    expect(averagePerTicket('10000000000000000000000', 3)).toBe('3333333333333333333333.33');
  });
});

describe('cents helpers', () => {
  it('converts to cents half-up', () => {
    expect(toCents('1.005')).toBe(101n);
    expect(toCents('-1.005')).toBe(-101n);
    expect(toCents('bad')).toBeNull();
  });

  it('rounds to a scale as a plain string', () => {
    expect(roundDecimal('1234.5678')).toBe('1234.57');
    expect(roundDecimal('1234.5678', 0)).toBe('1235');
    expect(roundDecimal(null)).toBe('0.00');
    expect(roundDecimal('0.05', 1)).toBe('0.1');
  });

  it('sums and subtracts exactly', () => {
    expect(sumMoney(['0.1', '0.2', null, '1000000000000000000.01'])).toBe('1000000000000000000.31');
    expect(sumMoney([])).toBe('0.00');
    expect(subtractMoney('1000', '200.005')).toBe('799.99');
    expect(subtractMoney('10', '20')).toBe('-10.00');
  });

  it('trims trailing zeros for messages', () => {
    expect(trimDecimal(7950n, 2)).toBe('79.5');
    expect(trimDecimal(8000n, 2)).toBe('80');
    expect(trimDecimal(1n, 2)).toBe('0.01');
    expect(trimDecimal(0n, 2)).toBe('0');
    expect(trimDecimal(-50n, 2)).toBe('-0.5');
    expect(trimDecimal(100n, 0)).toBe('100');
  });
});
