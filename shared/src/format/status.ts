// Badge colours and status flags. Colours are antd Tag preset names.

export type TagColor = 'gold' | 'blue' | 'red' | 'green' | 'default';

// A Map, not an object literal, so statuses like 'constructor' cannot hit prototype keys.
const WITHDRAWAL_COLORS: ReadonlyMap<string, TagColor> = new Map([
  ['pending', 'gold'],
  ['approved', 'blue'],
  ['rejected', 'red'],
  ['completed', 'green'],
]);

/** Withdrawal badge: pending yellow, approved blue, rejected red, completed green, anything else grey. */
export function withdrawalStatusColor(status: string | null | undefined): TagColor {
  return WITHDRAWAL_COLORS.get((status ?? '').trim().toLowerCase()) ?? 'default';
}

/** Lottery ticket status: active green, anything else yellow. */
export function ticketStatusColor(status: string | null | undefined): 'green' | 'gold' {
  return (status ?? '').trim().toLowerCase() === 'active' ? 'green' : 'gold';
}

/** Lottery tickets send is_winner as a boolean or the string 'true'. */
export function isWinnerFlag(value: unknown): boolean {
  return value === true || value === 'true';
}

/** A mine game is active only when its status is the string 'true' (a boolean true is accepted too). */
export function isActiveMineGame(status: unknown): boolean {
  return status === 'true' || status === true;
}

/** Only pending or waiting withdrawals can be ticked and updated from the console. */
export function isWithdrawalUpdatable(status: string | null | undefined): boolean {
  const value = (status ?? '').trim().toLowerCase();
  return value === 'pending' || value === 'waiting';
}
