import type { Transaction, TransactionStatus, TransactionsListResponse } from '@backoffice/shared/contract';
import { type HttpClient, trusted } from '@backoffice/shared/host';

export type { Transaction, TransactionStatus };

export const TRANSACTION_STATUSES: readonly TransactionStatus[] = ['completed', 'waiting', 'failed'];

export interface TransactionListParams {
  page: number;
  per_page: number;
  sort_by: string;
  sort_type: 'asc' | 'desc';
  id?: string;
  username?: string;
  status?: string;
  pay_address?: string;
  /** Values of `<input type="datetime-local">` (local time, no zone). */
  date_start?: string;
  date_end?: string;
}

export interface TransactionPage {
  rows: Transaction[];
  total: number;
  totalPages: number;
}

/** A datetime-local value ('2026-01-05T10:30') as an ISO instant in the viewer's zone; '' when unusable. */
export function localToIso(value: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** GET /admin/transactions; empty filters are left out of the query string. */
export async function fetchTransactions(
  http: HttpClient,
  params: TransactionListParams,
  signal?: AbortSignal,
): Promise<TransactionPage> {
  const query: Record<string, string | number> = {
    page: params.page,
    per_page: params.per_page,
    sort_by: params.sort_by,
    sort_type: params.sort_type,
  };
  const text = {
    id: params.id,
    username: params.username,
    status: params.status,
    pay_address: params.pay_address,
  };
  for (const [key, value] of Object.entries(text)) {
    const trimmed = value?.trim();
    if (trimmed) query[key] = trimmed;
  }
  const start = localToIso(params.date_start);
  if (start) query.date_start = start;
  const end = localToIso(params.date_end);
  if (end) query.date_end = end;
  const answer = await http.get('/admin/transactions', trusted<TransactionsListResponse>(), {
    params: query,
    signal,
  });
  return { rows: answer.data.data, total: answer.data.total, totalPages: answer.data.totalPages };
}
