import type { LotteryExportQuery, LotteryTicketsExportQuery } from '@backoffice/shared/contract';
import { type CsvColumn, type CsvExport, field } from '../../lib/csv/export.ts';
import {
  buildLotteryExportQuery,
  buildLotteryTicketsExportQuery,
  type LotteryRow,
  lotteryCountQuery,
  lotteryStatusFilter,
  type TicketRow,
  ticketFilters,
  ticketsCountQuery,
} from './repository.ts';

/** GET /admin/lottery/export.csv: every lottery of the list's status filter, in the list's order. */
export function lotteryExport(q: LotteryExportQuery, now: Date): CsvExport<LotteryRow> {
  const status = lotteryStatusFilter(q);
  return {
    name: 'lotteries',
    query: buildLotteryExportQuery(status, now),
    count: lotteryCountQuery(status, now),
    columns: [
      field('id'),
      field('name'),
      field('status'),
      field('ticket_price'),
      field('total_pool'),
      field('current_participants'),
      field('max_participants'),
      field('start_time'),
      field('end_time'),
      field('result_time'),
      field('winners'),
      // [{"rank":1,"percentage":50},...] as JSON in one cell.
      field('winner_distributions'),
      field('admin_share'),
      field('distributionAmount'),
      field('adminProfit'),
      field('prize_distributed'),
      field('createdAt'),
    ],
  };
}

const ticketColumns: CsvColumn<TicketRow>[] = [
  field('id'),
  field('ticket_number'),
  field('price'),
  field('prize_rank'),
  field('winning_amount'),
  field('is_winner'),
  field('status'),
  { header: 'createdAt', value: (row) => row.created_at },
  field('lottery_id'),
  field('lottery_name'),
  field('lottery_status'),
  field('user_id'),
  field('username'),
  field('user_name'),
  field('balance'),
  field('winnings'),
];

/** GET /admin/lottery/tickets/export.csv: every ticket of the list's filters, newest first. */
export function lotteryTicketsExport(q: LotteryTicketsExportQuery, now: Date): CsvExport<TicketRow> {
  const filters = ticketFilters(q);
  return {
    name: 'lottery-tickets',
    query: buildLotteryTicketsExportQuery(filters, now),
    count: ticketsCountQuery(filters),
    columns: ticketColumns,
  };
}
