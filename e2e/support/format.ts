// How the console must display figures (docs/screens.md#dashboard and shared/src/rules/constants.ts), for
// expectations: written here, not imported from the application.

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '12345.6' -> '12,345.60' (the input is already rounded to at most 2 decimals by SQL). */
export function money(decimal: string, prefix: '' | '$' = ''): string {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  if (fraction.length > 2) throw new Error(`round ${decimal} to 2 decimals first`);
  return `${negative ? '-' : ''}${prefix}${group(whole)}.${fraction.padEnd(2, '0')}`;
}

export const usdt = (decimal: string) => `${money(decimal)} USDT`;
export const usd = (decimal: string) => money(decimal, '$');
export const count = (n: number) => group(String(n));

/** A threshold as the Settings screen shows it, every decimal kept: '12345.678' -> '12,345.678 USDT'. */
export function threshold(decimal: string): string {
  const [whole = '0', fraction] = decimal.split('.');
  return `${group(whole)}${fraction ? `.${fraction}` : ''} USDT`;
}
