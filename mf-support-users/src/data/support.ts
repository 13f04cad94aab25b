// The support calls through the route catalogue (shared/src/contract/routes.ts).
import type { SupportStatus } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { ApiError, type HostHttpClient } from '@backoffice/shared/host';
import { validateSupportId } from '@backoffice/shared/rules';

/** shared/src/rules: update and close need an id, else 'Support ID is missing' (thrown before any call). */
function requireId(id: number | string | null | undefined): string {
  const problem = validateSupportId(id);
  if (problem) throw new ApiError(problem, { kind: 'bad-request', fromServer: true });
  return String(id);
}

export async function updateSupportTicket(
  http: HostHttpClient,
  id: number | string | null | undefined,
  body: { status: SupportStatus; remarks: string | null },
) {
  return http.call(endpoints.supportUpdate, { params: { id: requireId(id) }, body });
}

/** DELETE closes the ticket (nothing is deleted). */
export async function closeSupportTicket(http: HostHttpClient, id: number | string | null | undefined) {
  return http.call(endpoints.supportDelete, { params: { id: requireId(id) } });
}
