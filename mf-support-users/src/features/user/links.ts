import type { UserWithdrawal } from '@backoffice/shared/contract';

/**
 * The finance screen that lists a withdrawal, with the filter that finds it there: Pending (pending and
 * waiting ones) and Completed filter by id, Approved & Rejected by username.
 */
export function withdrawalLink(w: Pick<UserWithdrawal, 'id' | 'status'>, username: string): string {
  if (w.status === 'pending' || w.status === 'waiting') return `/withdrawals/pending?id=${w.id}`;
  if (w.status === 'completed') return `/withdrawals/completed?id=${w.id}`;
  return `/withdrawals/approved?username=${encodeURIComponent(username)}`;
}
