// Mines facts. Zod-free: the contract, the API and the remotes import them.

/** Mine game status string: 'true' = active, 'false' = finished or cancelled. */
export const mineGameStatuses = ['true', 'false'] as const;
export type MineGameStatus = (typeof mineGameStatuses)[number];

/**
 * The list's `order`: '' (or absent, or 'false') = active games, newest first; 'true' = recent big wins
 * (finished games with payout > 0, by payout desc then newest).
 */
export const minesListOrders = ['', 'true', 'false'] as const;
export type MinesListOrder = (typeof minesListOrders)[number];
