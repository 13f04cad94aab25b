// The support calls of spec section 7, typed from the contract without shipping zod (`import type`).
import type {
  SupportDeleteResponse,
  SupportListResponse,
  SupportStatus,
  SupportUpdateResponse,
} from '@backoffice/shared/contract';
import { ApiError, type HttpClient, trusted } from '@backoffice/shared/host';
import { validateSupportId } from '@backoffice/shared/rules';

export const SUPPORT_FALLBACKS = {
  list: 'Failed to fetch support tickets',
  update: 'Failed to update support',
  close: 'Failed to close support ticket',
} as const;

/** The search panel's values as they live in the URL ('' = not set). */
export interface SupportFilters {
  id: string;
  username: string;
  status: string;
  created_at: string;
  sort_by: string;
  sort_type: string;
  per_page: number;
  page: number;
}

export const supportDefaults: SupportFilters = {
  id: '',
  username: '',
  status: '',
  created_at: '',
  sort_by: 'createdAt',
  sort_type: 'desc',
  per_page: 10,
  page: 1,
};

/** Query of GET /admin/support: empty filters are left out. */
export function supportListParams(filters: SupportFilters): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: filters.page,
    per_page: filters.per_page,
    sort_by: filters.sort_by,
    sort_type: filters.sort_type,
  };
  for (const key of ['id', 'username', 'status', 'created_at'] as const) {
    const value = filters[key].trim();
    if (value !== '') params[key] = value;
  }
  return params;
}

export async function fetchSupportTickets(http: HttpClient, filters: SupportFilters, signal?: AbortSignal) {
  const answer = await http.get('/admin/support', trusted<SupportListResponse>(), {
    params: supportListParams(filters),
    signal,
  });
  return answer.data;
}

/** Spec 5: update and close need an id, else 'Support ID is missing' (thrown before any call). */
function requireId(id: number | string | null | undefined): string {
  const problem = validateSupportId(id);
  if (problem) throw new ApiError(problem, { kind: 'bad-request', fromServer: true });
  return String(id);
}

export async function updateSupportTicket(
  http: HttpClient,
  id: number | string | null | undefined,
  body: { status: SupportStatus; remarks: string | null },
) {
  const path = `/admin/support/${encodeURIComponent(requireId(id))}`;
  return http.put(path, body, trusted<SupportUpdateResponse>());
}

/** DELETE closes the ticket (nothing is deleted). */
export async function closeSupportTicket(http: HttpClient, id: number | string | null | undefined) {
  const path = `/admin/support/${encodeURIComponent(requireId(id))}`;
  return http.delete(path, trusted<SupportDeleteResponse>());
}
