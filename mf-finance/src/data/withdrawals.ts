import type {
  Withdrawal,
  WithdrawalStatus,
  WithdrawalsListResponse,
  WithdrawalUpdateBulkResponse,
  WithdrawalUpdateResponse,
} from '@backoffice/shared/contract';
import { ApiError, errorMessage, type HttpClient, trusted } from '@backoffice/shared/host';

export type { Withdrawal, WithdrawalStatus };

/** The statuses the Approved & Rejected view lists together (spec 7). */
export const APPROVED_VIEW_STATUSES: readonly WithdrawalStatus[] = [
  'approved',
  'rejected',
  'cancelled',
  'pending_otp',
];

export interface WithdrawalListParams {
  page: number;
  per_page: number;
  sort_by: string;
  sort_type: 'asc' | 'desc';
  id?: string;
  user_name?: string;
  status?: WithdrawalStatus;
  status_in?: readonly WithdrawalStatus[];
}

export interface WithdrawalPage {
  rows: Withdrawal[];
  total: number;
  totalPages: number;
}

/** GET /admin/withdrawal; empty filters are left out of the query string. */
export async function fetchWithdrawals(
  http: HttpClient,
  params: WithdrawalListParams,
  signal?: AbortSignal,
): Promise<WithdrawalPage> {
  const query: Record<string, string | number | string[]> = {
    page: params.page,
    per_page: params.per_page,
    sort_by: params.sort_by,
    sort_type: params.sort_type,
  };
  const id = params.id?.trim();
  if (id) query.id = id;
  const userName = params.user_name?.trim();
  if (userName) query.user_name = userName;
  if (params.status) query.status = params.status;
  if (params.status_in?.length) query.status_in = [...params.status_in];
  const answer = await http.get('/admin/withdrawal', trusted<WithdrawalsListResponse>(), {
    params: query,
    signal,
  });
  return { rows: answer.data.data, total: answer.data.total, totalPages: answer.data.totalPages };
}

export type Decision = 'approved' | 'rejected';

/** An update answered `{ success: false }` with a 2xx status: the server refused it. */
export class UnsuccessfulUpdate extends ApiError {
  constructor(message: string | undefined) {
    super(message ?? '', { kind: 'bad-response', fromServer: Boolean(message) });
  }
}

/**
 * The toast of a failed single update (spec 8): the server's message when it sent one; otherwise
 * 'Failed to update withdrawal status' when the server answered without success, and 'Error updating
 * withdrawal status' when the call itself failed (network, an error status without a message).
 */
export function updateFailureMessage(error: unknown): string {
  return errorMessage(
    error,
    error instanceof UnsuccessfulUpdate
      ? 'Failed to update withdrawal status'
      : 'Error updating withdrawal status',
  );
}

/** POST /admin/withdrawal/update; the rejection reason travels as the withdrawal's comment. */
export async function updateWithdrawal(
  http: HttpClient,
  id: number,
  status: Decision,
  reason?: string,
): Promise<Withdrawal> {
  const comment = reason?.trim();
  const answer = await http.post(
    '/admin/withdrawal/update',
    { withdrawal_id: String(id), status, ...(comment ? { comment } : {}) },
    trusted<WithdrawalUpdateResponse>(),
  );
  if (answer.success === false) throw new UnsuccessfulUpdate(answer.message);
  return answer.data;
}

export interface BulkFailure {
  id: number;
  message: string;
}

export interface BulkResult {
  updated: number[];
  failed: BulkFailure[];
}

/** POST /admin/withdrawal/update-bulk: one call for all ids; the answer says which failed and why. */
export async function updateWithdrawalsBulk(
  http: HttpClient,
  ids: readonly number[],
  status: Decision,
  reason?: string,
): Promise<BulkResult> {
  const comment = reason?.trim();
  const answer = await http.post(
    '/admin/withdrawal/update-bulk',
    { withdrawal_ids: ids.map(String), status, ...(comment ? { comment } : {}) },
    trusted<WithdrawalUpdateBulkResponse>(),
  );
  return {
    updated: answer.updated ?? answer.data.map((w) => w.id),
    failed: (answer.failed ?? []).map((f) => ({ id: f.id, message: f.message })),
  };
}
