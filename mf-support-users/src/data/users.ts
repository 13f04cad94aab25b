// The user calls of spec section 7, typed from the contract without shipping zod (`import type`).
import type { UserBlockResponse, UsersListResponse, UserUnblockResponse } from '@backoffice/shared/contract';
import { type HttpClient, trusted } from '@backoffice/shared/host';

export const USER_FALLBACKS = {
  list: 'Failed to fetch users',
  block: 'Failed to block user',
  unblock: 'Failed to unblock user',
} as const;

/** The users filters as they live in the URL ('' = not set). */
export interface UserFilters {
  email: string;
  username: string;
  status: string;
  sort_by: string;
  sort_type: string;
  per_page: number;
  page: number;
}

export const userDefaults: UserFilters = {
  email: '',
  username: '',
  status: '',
  sort_by: 'createdAt',
  sort_type: 'desc',
  per_page: 10,
  page: 1,
};

/** Query of GET /admin/user: empty filters are left out; limit and per_page carry the page size. */
export function usersListParams(filters: UserFilters): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: filters.page,
    limit: filters.per_page,
    per_page: filters.per_page,
    sort_by: filters.sort_by,
    sort_type: filters.sort_type,
  };
  for (const key of ['email', 'username', 'status'] as const) {
    const value = filters[key].trim();
    if (value !== '') params[key] = value;
  }
  return params;
}

export async function fetchUsers(http: HttpClient, filters: UserFilters, signal?: AbortSignal) {
  const answer = await http.get('/admin/user', trusted<UsersListResponse>(), {
    params: usersListParams(filters),
    signal,
  });
  return answer.data;
}

export async function blockUser(http: HttpClient, id: number, reason: string) {
  return http.put(
    `/admin/user/${id}/block`,
    { userId: id, reason: reason.trim() },
    trusted<UserBlockResponse>(),
  );
}

export async function unblockUser(http: HttpClient, id: number) {
  return http.put(`/admin/user/${id}/unblock`, {}, trusted<UserUnblockResponse>());
}
