// Lottery facts. Zod-free: the contract, the API and the remotes import them.

/** Lottery status, derived from the clock: upcoming < start <= open < end <= closed, completed once distributed. */
export const lotteryStatuses = ['upcoming', 'open', 'closed', 'completed'] as const;
export type LotteryStatus = (typeof lotteryStatuses)[number];

/** The statuses the list filter accepts: 'opened' is an alias of 'open'. */
export const lotteryListStatuses = ['opened', 'open', 'upcoming', 'closed', 'completed'] as const;
export type LotteryListStatus = (typeof lotteryListStatuses)[number];

/** Lotteries whose schedule may still change (not yet closed). */
export const editableLotteryStatuses = ['upcoming', 'open'] as const satisfies readonly LotteryStatus[];

export const lotteryTicketStatuses = ['active', 'inactive', 'cancelled'] as const;
export type LotteryTicketStatus = (typeof lotteryTicketStatuses)[number];
