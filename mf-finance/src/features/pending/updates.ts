import * as endpoints from '@backoffice/shared/endpoints';
import { errorMessage, type HostHttpClient, isApiError } from '@backoffice/shared/host';

export type Decision = 'approved' | 'rejected';

/** What the admin chose in the status dialog. */
export interface StatusChoice {
  status: Decision;
  /** The rejection reason ('' when approving); it travels as the withdrawal's comment. */
  reason: string;
}

export type OneOutcome =
  /** `awaiting`: a first approval of a large withdrawal; a second admin must approve it too (four-eyes). */
  | { done: true; awaiting: boolean; message: string }
  /** `stale`: decided by someone else meanwhile (409) or gone (404): the dialog has nothing left to do. */
  | { done: false; message: string; stale: boolean };

export type BulkOutcome =
  /** `awaiting`: the ids this approval moved to awaiting_approval (four-eyes). */
  | { done: true; failed: { id: number; message: string }[]; awaiting: number[] }
  | { done: false; message: string };

const body = ({ status, reason }: StatusChoice) => {
  const comment = reason.trim();
  return { status, ...(comment ? { comment } : {}) };
};

/**
 * POST /admin/withdrawal/update. A failure's toast (shared/src/rules/messages.ts): the server's message when
 * it sent one; otherwise 'Failed to update withdrawal status' when the server answered without success, and
 * 'Error updating withdrawal status' when the call itself failed (network, an error status without a
 * message).
 */
export async function decideOne(http: HostHttpClient, id: number, choice: StatusChoice): Promise<OneOutcome> {
  try {
    const answer = await http.call(endpoints.withdrawalUpdate, {
      body: { withdrawal_id: String(id), ...body(choice) },
    });
    if (answer.success === false)
      return { done: false, message: answer.message || 'Failed to update withdrawal status', stale: false };
    const awaiting = answer.data?.status === 'awaiting_approval';
    return { done: true, awaiting, message: answer.message };
  } catch (error) {
    const stale = isApiError(error) && (error.status === 409 || error.status === 404);
    return { done: false, message: errorMessage(error, 'Error updating withdrawal status'), stale };
  }
}

/** POST /admin/withdrawal/update-bulk: one call for all ids; the answer says which failed and why. */
export async function decideMany(
  http: HostHttpClient,
  ids: readonly number[],
  choice: StatusChoice,
): Promise<BulkOutcome> {
  try {
    const answer = await http.call(endpoints.withdrawalUpdateBulk, {
      body: { withdrawal_ids: ids.map(String), ...body(choice) },
    });
    return {
      done: true,
      failed: (answer.failed ?? []).map((f) => ({ id: f.id, message: f.message })),
      awaiting: answer.awaitingSecondApproval ?? [],
    };
  } catch (error) {
    return { done: false, message: errorMessage(error, 'Failed to update withdrawal statuses') };
  }
}
