// Deposit (transaction) facts. Zod-free: the contract, the API and the remotes import them.

export const transactionStatuses = ['completed', 'waiting', 'failed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/** The fields the transaction list sorts by (the API's sort_by). */
export const transactionSortFields = ['createdAt', 'id', 'amount', 'status', 'currency'] as const;

export const transactionMessages = {
  loadFailed: 'Failed to fetch transactions',
} as const;
