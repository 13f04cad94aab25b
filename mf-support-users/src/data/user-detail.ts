// GET /admin/user/:id, the user page's one call.
import type { UserDetails, UserDetailsResponse } from '@backoffice/shared/contract';
import { type HttpClient, trusted } from '@backoffice/shared/host';

/** Not in the spec (the user screen is left open there); worded like the list's 'Failed to fetch users'. */
export const USER_DETAIL_FALLBACK = 'Failed to fetch user';

export type { UserDetails };

export async function fetchUserDetails(
  http: HttpClient,
  id: string,
  signal?: AbortSignal,
): Promise<UserDetails> {
  const answer = await http.get(`/admin/user/${encodeURIComponent(id)}`, trusted<UserDetailsResponse>(), {
    signal,
  });
  return answer.data;
}
