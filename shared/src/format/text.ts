// Small text helpers for tables and previews.
import { SUPPORT_TEXT } from '../rules/constants.ts';

type MaybeText = string | null | undefined;

/** Transaction currency in upper case ('usdt' -> 'USDT'); '' when missing. */
export function upperCurrency(currency: MaybeText): string {
  return typeof currency === 'string' ? currency.trim().toUpperCase() : '';
}

/** Cuts at `max` UTF-16 units and appends '...'; never leaves half of a surrogate pair behind. */
export function previewMessage(text: MaybeText, max: number = SUPPORT_TEXT.previewLength): string {
  if (typeof text !== 'string') return '';
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max));
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** 'View More' appears when the message is longer than the threshold (80). */
export function needsViewMore(text: MaybeText, threshold: number = SUPPORT_TEXT.viewMoreThreshold): boolean {
  return typeof text === 'string' && text.length > threshold;
}

/** User fields show 'NULL' when missing (null, undefined or blank). */
export function nullText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  const text = String(value);
  return text.trim() === '' ? 'NULL' : text;
}

/** 1536 -> '1.5 KB', 2_500_000 -> '2.4 MB' (binary units, one decimal from KB up). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
