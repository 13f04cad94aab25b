// Validation rules with the spec's exact messages, plus the business constants (shared/src/rules and
// shared/src/rules/constants.ts).
export * from './constants.ts';
export * from './login.ts';
export * from './lottery.ts';
export * from './messages.ts';
export * from './sort.ts';
export * from './ticket.ts';
export * from './withdrawal.ts';
