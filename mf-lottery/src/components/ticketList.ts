import * as endpoints from '@backoffice/shared/endpoints';
import { PAGINATION } from '@backoffice/shared/rules';
import { filledIn, useListPage } from '@backoffice/shared/ui';

/** One lottery's ticket table (announce, details): 5 a page (shared/src/rules/constants.ts). */
export const ONE_LOTTERY_PAGE_SIZES = [PAGINATION.ticketTablePageSize] as const;

/** Tickets paged by the server; empty filters are left out of the call. */
export function useTicketList<F extends Record<string, string>>(options: {
  list: string;
  filters: F;
  /** Filters the screen fixes (the lottery of a details page), not kept in the URL. */
  fixed?: Record<string, string>;
  failure: string;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
}) {
  return useListPage({
    area: 'lottery',
    list: options.list,
    endpoint: endpoints.lotteryTickets,
    filters: options.filters,
    pageSizes: options.pageSizes,
    defaultPageSize: options.defaultPageSize,
    failure: options.failure,
    fixed: filledIn(options.fixed ?? {}),
    pageSizeParam: 'limit',
    rows: (answer) => answer.data.data,
    total: (answer) => answer.data.total,
  });
}
