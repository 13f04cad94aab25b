// Platform user (player) facts. Zod-free: the contract, the API and the remotes import them.

export const userStatuses = ['active', 'blocked', 'inactive'] as const;
export type UserStatus = (typeof userStatuses)[number];

/** What a status update may ask: a status, or 'unblocked' (back to the status before the block). */
export const userUpdateStatuses = [...userStatuses, 'unblocked'] as const;
export type UserUpdateStatus = (typeof userUpdateStatuses)[number];

/** The entries of a user's block history. */
export const userBlockActions = ['blocked', 'unblocked'] as const;
export type UserBlockAction = (typeof userBlockActions)[number];

/** How a finished bet ended (a mines game of the user detail). */
export const gameOutcomes = ['won', 'lost', 'cancelled'] as const;
/** Outcomes of a settled bet: its payout counts. */
export const settledGameOutcomes = [
  'won',
  'lost',
] as const satisfies readonly (typeof gameOutcomes)[number][];

/** The fields the user list sorts by (the API's sort_by). */
export const userSortFields = [
  'createdAt',
  'id',
  'name',
  'username',
  'email',
  'status',
  'role',
  'last_login',
] as const;

/** The status choices of the console's selects, in order. */
export const userStatusOptions: readonly { value: UserStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'blocked', label: 'Blocked' },
  { value: 'inactive', label: 'Inactive' },
];
