import type { UserWithdrawal } from '@backoffice/shared/contract';

/**
 * The finance screen that lists a withdrawal, with the filter that finds it there: Pending and Completed
 * filter by id, Approved & Rejected by username. A waiting withdrawal is on no screen (Pending asks for
 * status pending only): null.
 */
export function withdrawalLink(w: Pick<UserWithdrawal, 'id' | 'status'>, username: string): string | null {
  if (w.status === 'waiting') return null;
  if (w.status === 'pending') return `/withdrawals/pending?id=${w.id}`;
  if (w.status === 'completed') return `/withdrawals/completed?id=${w.id}`;
  return `/withdrawals/approved?username=${encodeURIComponent(username)}`;
}
