// Display formatting shared by the console and the API: money, dates, addresses, text, ranks.
export * from './address.ts';
export * from './dates.ts';
export * from './decimal.ts';
export * from './layout.ts';
export * from './lottery.ts';
export * from './money.ts';
export * from './rank.ts';
export * from './status.ts';
export * from './text.ts';
