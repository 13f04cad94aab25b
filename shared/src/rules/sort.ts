// The fields each list sorts by (shared/src/rules/constants.ts; the API's sort_by). Here, not in the
// contract, so that a remote can use them without bundling zod.
export const withdrawalSortFields = ['createdAt', 'id', 'amount', 'status'] as const;
export const transactionSortFields = ['createdAt', 'id', 'amount', 'status', 'currency'] as const;
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
export const supportSortFields = ['createdAt', 'id', 'status', 'type'] as const;
