// Lottery payloads that may arrive as JSON text, and prize distributions derived from them.
import type { DecimalInput } from './decimal.ts';
import { prizeAmount } from './money.ts';

/** An array as-is, or the array inside a JSON string; anything else (or broken JSON) -> []. */
export function parseJsonArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export interface WinnerDistribution {
  rank: number;
  /** Kept as sent (string or number) so later money maths stays exact. */
  percentage: string | number;
}

export interface DistributionRow extends WinnerDistribution {
  /** pool * percentage / 100, cents half-up, plain decimal string. */
  amount: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** winner_distributions (list or JSON text) as { rank, percentage } sorted by rank; bad entries dropped. */
export function parseWinnerDistributions(value: unknown): WinnerDistribution[] {
  const rows: WinnerDistribution[] = [];
  for (const entry of parseJsonArray(value)) {
    if (!isRecord(entry)) continue;
    const rank = Number(entry.rank);
    const { percentage } = entry;
    if (!Number.isInteger(rank)) continue;
    if (typeof percentage !== 'string' && typeof percentage !== 'number') continue;
    rows.push({ rank, percentage });
  }
  return rows.sort((a, b) => a.rank - b.rank);
}

/** Distributions for the announce/details views: amount = total_pool * percentage / 100 per rank. */
export function deriveDistributions(
  totalPool: DecimalInput,
  winnerDistributions: unknown,
): DistributionRow[] {
  return parseWinnerDistributions(winnerDistributions).map((row) => ({
    ...row,
    amount: prizeAmount(totalPool, row.percentage),
  }));
}
