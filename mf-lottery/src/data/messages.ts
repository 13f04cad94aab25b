// Product texts (shared/src/rules/messages.ts) used by the lottery screens, verbatim.
export const fallback = {
  openList: 'Failed to fetch open lotteries',
  closedList: 'Failed to fetch lotteries',
  completedList: 'Failed to fetch completed lotteries',
  upcomingList: 'Failed to fetch upcoming lotteries',
  create: 'Failed to create lottery',
  update: 'Failed to update lottery',
  delete: 'Failed to delete lottery',
  /** The winners call answered without success. */
  winnersFailed: 'Failed to fetch winners data',
  /** The winners call failed (network, server error). */
  winnersError: 'Error fetching winners data',
  tickets: 'Failed to fetch tickets',
  notFound: 'Lottery not found',
  details: 'Failed to fetch lottery details',
  lotteryTickets: 'Failed to fetch lottery tickets',
  generateFailed: 'Failed to generate random winners. Please try again.',
  generateError: 'Error getting random winners. Please try again.',
  publishFailed: 'Failed to publish results. Please try again.',
  publishError: 'Error publishing results. Please try again.',
  searchTicket: 'Error searching for ticket',
} as const;

export const success = {
  created: 'Lottery created successfully!',
  updated: 'Lottery updated successfully',
  deleted: 'Lottery deleted successfully',
  published: 'Results published successfully!',
  copied: 'Ticket number copied to clipboard!',
} as const;
