// Withdrawal facts: statuses, their groups and words, sort fields and messages. Zod-free, so the contract,
// the API and the remotes import the same lists (a remote without bundling zod).

export const withdrawalStatuses = [
  'waiting',
  'pending',
  /** Four-eyes: approved once (amount at or above the threshold), waiting for a different admin's approval. */
  'awaiting_approval',
  'approved',
  'rejected',
  'cancelled',
  'pending_otp',
  'completed',
] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/**
 * Open withdrawals: an admin may still decide on them (awaiting_approval: four-eyes, one approval given).
 * The Pending screen lists them, the dashboard and a user's figures count them as pending.
 */
export const openWithdrawalStatuses = [
  'pending',
  'waiting',
  'awaiting_approval',
] as const satisfies readonly WithdrawalStatus[];
export type OpenWithdrawalStatus = (typeof openWithdrawalStatuses)[number];

/** The statuses the Approved & Rejected screen lists together. */
export const processedWithdrawalStatuses = [
  'approved',
  'rejected',
  'cancelled',
  'pending_otp',
] as const satisfies readonly WithdrawalStatus[];

/**
 * Statuses an admin may set on an open withdrawal. Approving one at or above the four-eyes threshold moves
 * it to awaiting_approval first; a different admin's approval completes it.
 */
export const withdrawalDecisionStatuses = [
  'approved',
  'rejected',
] as const satisfies readonly WithdrawalStatus[];
export type WithdrawalDecision = (typeof withdrawalDecisionStatuses)[number];

/** True for an open status (any case, surrounding spaces ignored): such a withdrawal can be decided. */
export function isOpenWithdrawalStatus(status: string | null | undefined): boolean {
  const value = (status ?? '').trim().toLowerCase();
  return (openWithdrawalStatuses as readonly string[]).includes(value);
}

/** The fields the withdrawal lists sort by (the API's sort_by). */
export const withdrawalSortFields = ['createdAt', 'id', 'amount', 'status'] as const;

/** Words of the statuses whose key is not one ('Awaiting second approval', never 'awaiting_approval'). */
export const withdrawalStatusLabels: Readonly<Partial<Record<WithdrawalStatus, string>>> = {
  awaiting_approval: 'Awaiting second approval',
  pending_otp: 'Pending OTP',
};

export const withdrawalMessages = {
  statusRequired: 'Status is required',
  reasonRequired: 'Reason is required for rejection',
  noneSelected: 'Please select withdrawals to update',
  notFound: 'Withdrawal not found',
  updated: 'Withdrawal status updated!',
  bulkUpdated: 'Withdrawal statuses updated successfully',
  bulkSomeFailed: 'Some withdrawal updates failed',
  notOpen: (status: WithdrawalStatus): string => `Withdrawal is no longer pending: it is already ${status}`,
  awaitingSecond: 'Withdrawal approved: a second admin must approve it too (four-eyes)',
  sameApprover:
    'You gave the first approval of this withdrawal: a different admin must give the second approval',
  loadFailed: 'Failed to fetch withdrawals',
} as const;
