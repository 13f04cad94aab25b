// The /admin/lottery calls of the route catalogue (shared/src/contract/routes.ts) that are not a list (lists
// go through useListPage), made through the route catalogue and typed by the shared contract (types only: the
// remote ships no zod).
import type {
  Lottery,
  LotteryCreateBody,
  LotteryDetails,
  LotteryTicket,
  LotteryUpdateBody,
  WinnerEntry,
} from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import {
  type DistributionRow,
  deriveDistributions,
  prizeAmount,
  subtractMoney,
  sumMoney,
} from '@backoffice/shared/format';
import type { HostHttpClient } from '@backoffice/shared/host';
import { ensureSuccess } from './errors.ts';

export type { Lottery, LotteryDetails, LotteryTicket, WinnerEntry };

export async function getLotteryDetails(
  http: HostHttpClient,
  id: number | string,
  signal?: AbortSignal,
): Promise<LotteryDetails> {
  return ensureSuccess(await http.call(endpoints.lotteryDetails, { params: { id } }, { signal })).data;
}

/** The create body as the console sends it: ISO times, result_time = the hours choice. */
export type CreateLotteryInput = Omit<LotteryCreateBody, 'ticket_price' | 'max_participants'> & {
  ticket_price: string;
};

export async function createLottery(http: HostHttpClient, body: CreateLotteryInput): Promise<string> {
  return ensureSuccess(await http.call(endpoints.lotteryCreate, { body })).message;
}

export async function updateLottery(
  http: HostHttpClient,
  id: number,
  body: Required<Pick<LotteryUpdateBody, 'start_time' | 'end_time' | 'result_time'>>,
): Promise<Lottery> {
  return ensureSuccess(await http.call(endpoints.lotteryUpdate, { params: { id }, body })).data;
}

/** A closed lottery nobody holds an active ticket of: completed with no winners (nothing paid or refunded). */
export async function completeWithoutWinners(http: HostHttpClient, id: number): Promise<string> {
  return ensureSuccess(await http.call(endpoints.lotteryCompleteWithoutWinners, { params: { id } })).message;
}

export async function deleteLottery(http: HostHttpClient, id: number): Promise<void> {
  ensureSuccess(await http.call(endpoints.lotteryDelete, { params: { id } }));
}

/** Published winners of a completed lottery, or the latest draw of a closed one (read only). */
export async function getWinners(
  http: HostHttpClient,
  lotteryId: number,
  signal?: AbortSignal,
): Promise<WinnerEntry[]> {
  const answer = await http.call(endpoints.lotteryWinners, { query: { lottery_id: lotteryId } }, { signal });
  return ensureSuccess(answer).data ?? [];
}

/** A fresh random draw of a closed lottery (Generate / Regenerate): recorded and audited by the API. */
export async function drawWinners(http: HostHttpClient, lotteryId: number): Promise<WinnerEntry[]> {
  return ensureSuccess(await http.call(endpoints.lotteryDraw, { params: { id: lotteryId } })).data ?? [];
}

/** A ticket by number, optionally within one lottery. */
export async function lookupTicket(
  http: HostHttpClient,
  ticketNumber: string,
  lotteryId?: number,
): Promise<LotteryTicket | null> {
  const answer = await http.call(endpoints.lotteryTicketLookup, {
    params: { ticketNumber },
    query: lotteryId === undefined ? {} : { lottery_id: lotteryId },
  });
  return ensureSuccess(answer).data ?? null;
}

export async function publishResults(
  http: HostHttpClient,
  lotteryId: number,
  winners: readonly WinnerEntry[],
): Promise<string> {
  const body = {
    lottery_id: lotteryId,
    result: winners.map((w) => ({ rank: w.rank, percentage: w.percentage, ticket_number: w.ticket_number })),
  };
  return ensureSuccess(await http.call(endpoints.lotteryPublish, { body })).message;
}

/** The view's distributions; derived from winner_distributions (amount = pool * % / 100) when empty. */
export function distributionsOf(lottery: LotteryDetails): DistributionRow[] {
  if (lottery.distributions && lottery.distributions.length > 0) return lottery.distributions;
  return deriveDistributions(lottery.total_pool, lottery.winner_distributions);
}

/**
 * A winner's prize as the API computes it (rounded down to the cent): the entry's own amount, else the
 * rank's distribution amount, else pool * percentage / 100 (older payloads).
 */
export function prizeOf(
  winner: WinnerEntry,
  totalPool: string,
  distributions: readonly DistributionRow[] = [],
): string {
  return (
    winner.amount ??
    distributions.find((d) => d.rank === winner.rank)?.amount ??
    prizeAmount(totalPool, winner.percentage)
  );
}

/**
 * What publishing pays (docs/architecture.md#console-behaviour): the admin confirms these figures before the
 * money moves.
 */
export interface PublishFigures {
  winners: number;
  /** Sum of the winners' prizes, as the API credits them (each rounded down to the cent). */
  totalPaid: string;
  /**
   * Pool - total paid: the lottery's adminProfit once published. Equal to the expected adminProfit when
   * every rank has a winner; larger when fewer tickets than ranks leave a rank unpaid.
   */
  adminProfit: string;
}

export function publishFigures(lottery: LotteryDetails, winners: readonly WinnerEntry[]): PublishFigures {
  const distributions = distributionsOf(lottery);
  const totalPaid = sumMoney(winners.map((w) => prizeOf(w, lottery.total_pool, distributions)));
  return { winners: winners.length, totalPaid, adminProfit: subtractMoney(lottery.total_pool, totalPaid) };
}
