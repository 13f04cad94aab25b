// The fields each list sorts by (the API's sort_by) live in each resource's facts module; re-exported here
// for the consoles that take them from the rules.
export { supportSortFields } from '../facts/support.ts';
export { transactionSortFields } from '../facts/transactions.ts';
export { userSortFields } from '../facts/users.ts';
export { withdrawalSortFields } from '../facts/withdrawals.ts';
