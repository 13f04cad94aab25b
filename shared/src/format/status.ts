// The one status-colour map of the console: every status tag of every area takes its colour from here.
// Colours are antd Tag preset names.
import { isOpenWithdrawalStatus, withdrawalStatusLabels } from '../facts/withdrawals.ts';

export type TagColor = 'gold' | 'blue' | 'red' | 'green' | 'orange' | 'purple' | 'default';

export type StatusKind =
  | 'withdrawal'
  | 'transaction'
  | 'lottery'
  | 'ticket'
  | 'user'
  | 'support'
  | 'game'
  | 'admin';

// Maps, not object literals, so statuses like 'constructor' cannot hit prototype keys.
const STATUS_COLORS: Record<StatusKind, ReadonlyMap<string, TagColor>> = {
  withdrawal: new Map([
    ['waiting', 'gold'],
    ['pending', 'gold'],
    ['pending_otp', 'orange'],
    ['awaiting_approval', 'purple'],
    ['approved', 'blue'],
    ['rejected', 'red'],
    ['cancelled', 'default'],
    ['completed', 'green'],
  ]),
  transaction: new Map([
    ['completed', 'green'],
    ['waiting', 'gold'],
    ['failed', 'red'],
  ]),
  lottery: new Map([
    ['upcoming', 'blue'],
    ['open', 'green'],
    ['opened', 'green'],
    ['closed', 'orange'],
    ['completed', 'purple'],
  ]),
  ticket: new Map([['active', 'green']]),
  user: new Map([
    ['active', 'green'],
    ['blocked', 'red'],
    ['inactive', 'default'],
  ]),
  support: new Map([
    ['open', 'gold'],
    ['closed', 'green'],
  ]),
  game: new Map([
    ['won', 'green'],
    ['lost', 'red'],
    ['cancelled', 'default'],
  ]),
  admin: new Map([
    ['active', 'green'],
    ['blocked', 'red'],
    ['disabled', 'red'],
  ]),
};

/**
 * Words for statuses whose key is not one (docs/architecture.md#console-behaviour: 'Awaiting second approval', never
 * 'awaiting_approval'). A one-word key reads as it is.
 */
const STATUS_LABELS: ReadonlyMap<string, string> = new Map(Object.entries(withdrawalStatusLabels));

/** The words of a status: its label, else the key with '_' and '-' as spaces ('in_review' -> 'In review'). */
export function statusLabel(status: string | null | undefined): string {
  const key = (status ?? '').trim();
  const known = STATUS_LABELS.get(key.toLowerCase());
  if (known) return known;
  if (!/[_-]/.test(key)) return key;
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Colour of anything else: tickets that are not active are yellow, other unknowns grey. */
const FALLBACK: Record<StatusKind, TagColor> = {
  withdrawal: 'default',
  transaction: 'default',
  lottery: 'default',
  ticket: 'gold',
  user: 'default',
  support: 'default',
  game: 'default',
  admin: 'default',
};

/** The tag colour of a status, e.g. statusColor('withdrawal', 'pending') -> 'gold'. */
export function statusColor(kind: StatusKind, status: string | null | undefined): TagColor {
  return STATUS_COLORS[kind].get((status ?? '').trim().toLowerCase()) ?? FALLBACK[kind];
}

/** Withdrawal badge: pending yellow, approved blue, rejected red, completed green, anything else grey. */
export function withdrawalStatusColor(status: string | null | undefined): TagColor {
  return statusColor('withdrawal', status);
}

/** Lottery ticket status: active green, anything else yellow. */
export function ticketStatusColor(status: string | null | undefined): TagColor {
  return statusColor('ticket', status);
}

/** Lottery tickets send is_winner as a boolean or the string 'true'. */
export function isWinnerFlag(value: unknown): boolean {
  return value === true || value === 'true';
}

/** A mine game is active only when its status is the string 'true' (a boolean true is accepted too). */
export function isActiveMineGame(status: unknown): boolean {
  return status === 'true' || status === true;
}

/** Only open withdrawals (pending, waiting, awaiting a second approval) can be ticked and updated. */
export function isWithdrawalUpdatable(status: string | null | undefined): boolean {
  return isOpenWithdrawalStatus(status);
}
