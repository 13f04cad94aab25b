import type { UserWithdrawal } from '@backoffice/shared/contract';
import { isOpenWithdrawalStatus } from '@backoffice/shared/facts';

/**
 * The finance screen that lists a withdrawal, with the filter that finds it there: Pending (the open
 * ones: pending, waiting, awaiting a second approval) and Completed filter by id, Approved & Rejected by username.
 */
export function withdrawalLink(w: Pick<UserWithdrawal, 'id' | 'status'>, username: string): string {
  if (isOpenWithdrawalStatus(w.status)) return `/withdrawals/pending?id=${w.id}`;
  if (w.status === 'completed') return `/withdrawals/completed?id=${w.id}`;
  return `/withdrawals/approved?username=${encodeURIComponent(username)}`;
}
