// Every /admin/lottery call of spec section 7, typed with the shared contract (types only: the API
// validates its answers with the same contract, so the remote ships no zod).
import type {
  Lottery,
  LotteryCreateBody,
  LotteryCreateResponse,
  LotteryDeleteResponse,
  LotteryDetails,
  LotteryDetailsResponse,
  LotteryListResponse,
  LotteryPublishResponse,
  LotteryTicket,
  LotteryTicketLookupResponse,
  LotteryTicketStatus,
  LotteryTicketsResponse,
  LotteryUpdateBody,
  LotteryUpdateResponse,
  LotteryWinnersResponse,
  Paged,
  WinnerEntry,
} from '@backoffice/shared/contract';
import { type DistributionRow, deriveDistributions, prizeAmount } from '@backoffice/shared/format';
import { ApiError, errorMessage, type HttpClient, isApiError, trusted } from '@backoffice/shared/host';

export type { Lottery, LotteryDetails, LotteryTicket, WinnerEntry };

/** Statuses the list call accepts ('opened' is the open list's alias). */
export type LotteryListStatus = 'open' | 'upcoming' | 'closed' | 'completed';

/** An answer `{ success: false }` that came with a 2xx status (the spec's "Failed to ..." cases). */
export class UnsuccessfulAnswer extends ApiError {
  constructor(message: string | undefined) {
    super(message ?? '', { kind: 'bad-response', fromServer: Boolean(message) });
  }
}

function ensureSuccess<T extends { success: boolean; message?: string }>(answer: T): T {
  if (answer.success === false) throw new UnsuccessfulAnswer(answer.message);
  return answer;
}

/**
 * Spec 8 has two fallbacks for some calls: `failed` when the server answered without success, `error`
 * when the call itself failed. The server's own message wins over both.
 */
export function failureMessage(error: unknown, failed: string, otherwise: string): string {
  return errorMessage(error, error instanceof UnsuccessfulAnswer ? failed : otherwise);
}

/** A 404 without a server message reads 'Lottery not found'. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

export async function listLotteries(
  http: HttpClient,
  query: { status?: LotteryListStatus; page?: number; limit?: number },
  signal?: AbortSignal,
): Promise<Paged<Lottery>> {
  const answer = await http.get('/admin/lottery', trusted<LotteryListResponse>(), {
    params: { status: query.status, page: query.page ?? 1, limit: query.limit ?? 10 },
    signal,
  });
  return ensureSuccess(answer).data;
}

export async function getLotteryDetails(
  http: HttpClient,
  id: number | string,
  signal?: AbortSignal,
): Promise<LotteryDetails> {
  const answer = await http.get(
    `/admin/lottery/details/${encodeURIComponent(String(id))}`,
    trusted<LotteryDetailsResponse>(),
    { signal },
  );
  return ensureSuccess(answer).data;
}

export interface TicketQuery {
  lottery_id?: number | string;
  status?: LotteryTicketStatus | '';
  page: number;
  limit: number;
}

export async function listTickets(
  http: HttpClient,
  query: TicketQuery,
  signal?: AbortSignal,
): Promise<Paged<LotteryTicket>> {
  const params: Record<string, string | number> = { page: query.page, limit: query.limit };
  if (query.lottery_id !== undefined && query.lottery_id !== '') params.lottery_id = query.lottery_id;
  if (query.status) params.status = query.status;
  const answer = await http.get('/admin/lottery/tickets', trusted<LotteryTicketsResponse>(), {
    params,
    signal,
  });
  return ensureSuccess(answer).data;
}

/** The create body as the console sends it: ISO times, result_time = the hours choice. */
export type CreateLotteryInput = Omit<LotteryCreateBody, 'ticket_price' | 'max_participants'> & {
  ticket_price: string;
};

export async function createLottery(http: HttpClient, body: CreateLotteryInput): Promise<string> {
  const answer = await http.post('/admin/lottery', body, trusted<LotteryCreateResponse>());
  return ensureSuccess(answer).message;
}

export async function updateLottery(
  http: HttpClient,
  id: number,
  body: Required<Pick<LotteryUpdateBody, 'start_time' | 'end_time' | 'result_time'>>,
): Promise<Lottery> {
  const answer = await http.patch(`/admin/lottery/${id}`, body, trusted<LotteryUpdateResponse>());
  return ensureSuccess(answer).data;
}

export async function deleteLottery(http: HttpClient, id: number): Promise<void> {
  ensureSuccess(await http.delete(`/admin/lottery/${id}`, trusted<LotteryDeleteResponse>()));
}

/** Published winners of a completed lottery, or a fresh random draw for a closed one. */
export async function getWinners(
  http: HttpClient,
  lotteryId: number,
  signal?: AbortSignal,
): Promise<WinnerEntry[]> {
  const answer = await http.get('/admin/lottery/winners', trusted<LotteryWinnersResponse>(), {
    params: { lottery_id: lotteryId },
    signal,
  });
  return ensureSuccess(answer).data ?? [];
}

/** A ticket by number, optionally within one lottery. */
export async function lookupTicket(
  http: HttpClient,
  ticketNumber: string,
  lotteryId?: number,
): Promise<LotteryTicket | null> {
  const answer = await http.get(
    `/admin/lottery/ticket/${encodeURIComponent(ticketNumber)}`,
    trusted<LotteryTicketLookupResponse>(),
    { params: lotteryId === undefined ? {} : { lottery_id: lotteryId } },
  );
  return ensureSuccess(answer).data ?? null;
}

export async function publishResults(
  http: HttpClient,
  lotteryId: number,
  winners: readonly WinnerEntry[],
): Promise<string> {
  const answer = await http.post(
    '/admin/lottery/publish',
    {
      lottery_id: lotteryId,
      result: winners.map((w) => ({
        rank: w.rank,
        percentage: w.percentage,
        ticket_number: w.ticket_number,
      })),
    },
    trusted<LotteryPublishResponse>(),
  );
  return ensureSuccess(answer).message;
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
