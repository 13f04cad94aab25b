import { endpoints } from '@backoffice/shared/endpoints';
import { errorMessage, type HostHttpClient, isApiError } from '@backoffice/shared/host';

export type Decision = 'approved' | 'rejected';

/** What the admin chose in the status dialog. */
export interface StatusChoice {
  status: Decision;
  /** The rejection reason ('' when approving); it travels as the withdrawal's comment. */
  reason: string;
}

export type OneOutcome =
  | { done: true }
  /** `stale`: decided by someone else meanwhile (409) or gone (404): the dialog has nothing left to do. */
  | { done: false; message: string; stale: boolean };

export type BulkOutcome =
  | { done: true; failed: { id: number; message: string }[] }
  | { done: false; message: string };

const body = ({ status, reason }: StatusChoice) => {
  const comment = reason.trim();
  return { status, ...(comment ? { comment } : {}) };
};

/**
 * POST /admin/withdrawal/update. A failure's toast (spec 8): the server's message when it sent one;
 * otherwise 'Failed to update withdrawal status' when the server answered without success, and 'Error
 * updating withdrawal status' when the call itself failed (network, an error status without a message).
 */
export async function decideOne(http: HostHttpClient, id: number, choice: StatusChoice): Promise<OneOutcome> {
  try {
    const answer = await http.call(endpoints.withdrawalUpdate, {
      body: { withdrawal_id: String(id), ...body(choice) },
    });
    if (answer.success === false)
      return { done: false, message: answer.message || 'Failed to update withdrawal status', stale: false };
    return { done: true };
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
    return { done: true, failed: (answer.failed ?? []).map((f) => ({ id: f.id, message: f.message })) };
  } catch (error) {
    return { done: false, message: errorMessage(error, 'Failed to update withdrawal statuses') };
  }
}
