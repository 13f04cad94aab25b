// One zod-free module per resource: its statuses and their groups, sort fields, words and messages. The
// contract builds its enums from these lists, the API and the remotes import them (without zod).
export * from './admins.ts';
export * from './audit.ts';
export * from './lottery.ts';
export * from './mines.ts';
export * from './support.ts';
export * from './transactions.ts';
export * from './users.ts';
export * from './withdrawals.ts';
