// Support ticket facts. Zod-free: the contract, the API and the remotes import them.

export const supportStatuses = ['open', 'closed'] as const;
export type SupportStatus = (typeof supportStatuses)[number];

/** The fields the support list sorts by (the API's sort_by). */
export const supportSortFields = ['createdAt', 'id', 'status', 'type'] as const;

/** The status choices of the console's selects, in order. */
export const supportStatusOptions: readonly { value: SupportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

export const supportMessages = {
  idMissing: 'Support ID is missing',
} as const;
