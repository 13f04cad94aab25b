import type {
  Paged,
  Withdrawal,
  WithdrawalBulkFailure,
  WithdrawalStatus,
  WithdrawalsListQuery,
  WithdrawalUpdateBody,
  WithdrawalUpdateBulkBody,
} from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { book, bookMany } from '../ledger.ts';
import * as repo from './repository.ts';
import { pageSize } from './sql.ts';

export const MESSAGES = {
  reasonRequired: 'Reason is required for rejection',
  notFound: 'Withdrawal not found',
  updated: 'Withdrawal status updated!',
  bulkUpdated: 'Withdrawal statuses updated successfully',
  bulkSomeFailed: 'Some withdrawal updates failed',
  notOpen: (status: WithdrawalStatus) => `Withdrawal is no longer pending: it is already ${status}`,
} as const;

type Decision = 'approved' | 'rejected';

/** The rejection reason: `reason` or `comment`, trimmed; required for a rejection. */
function reasonOf(body: { status: Decision; reason?: string | undefined; comment?: string | undefined }) {
  const reason = (body.reason || body.comment || '').trim();
  if (body.status === 'rejected' && !reason) throw new HttpError(400, MESSAGES.reasonRequired);
  return reason || null;
}

/**
 * Withdrawals: list, and the admin's decision (pending or waiting -> approved or rejected).
 * The amount was debited when the user asked for the withdrawal (ledger 'withdrawal',
 * reference 'withdrawal:<id>'); a rejection books it back ('withdrawal_refund', same reference) in the
 * same transaction as the status change, so the refund happens exactly when the status changes, once.
 * Approved withdrawals are paid out later by the payout worker (modules/payout).
 */
export class WithdrawalsService {
  constructor(
    private readonly db: Db,
    private readonly onChange: () => void = () => {},
  ) {}

  async list(query: WithdrawalsListQuery): Promise<Paged<Withdrawal>> {
    const perPage = pageSize(query);
    const { rows, total } = await repo.listWithdrawals(this.db, query);
    return { data: rows, total, totalPages: Math.ceil(total / perPage), page: query.page, perPage };
  }

  /** One decision; 404 for an unknown id, 409 when it is no longer pending (a lost race or a repeat). */
  async update(body: WithdrawalUpdateBody, adminId: number | null): Promise<Withdrawal> {
    const comment = reasonOf(body);
    const id = body.withdrawal_id;
    const withdrawal = await this.db.transaction(async (tx) => {
      const [changed] = await repo.decideWithdrawals(tx, [id], { status: body.status, comment, adminId });
      if (!changed) {
        const status = (await repo.statusesOf(tx, [id])).get(id);
        throw status ? new HttpError(409, MESSAGES.notOpen(status)) : new HttpError(404, MESSAGES.notFound);
      }
      if (body.status === 'rejected') await refund(tx, changed);
      const [row] = await repo.findWithdrawals(tx, [id]);
      return row!;
    });
    this.onChange();
    return withdrawal;
  }

  /**
   * Many decisions in one transaction and one UPDATE: every id still pending or waiting changes, the
   * others are reported in `failed` with the reason (unknown, or already decided).
   */
  async updateBulk(
    body: WithdrawalUpdateBulkBody,
    adminId: number | null,
  ): Promise<{ updated: Withdrawal[]; failed: WithdrawalBulkFailure[] }> {
    const comment = reasonOf(body);
    const ids = [...new Set(body.withdrawal_ids)];
    const result = await this.db.transaction(async (tx) => {
      const changed = await repo.decideWithdrawals(tx, ids, { status: body.status, comment, adminId });
      if (body.status === 'rejected') await bookMany(tx, changed.map(refundEntry));
      const changedIds = new Set(changed.map((w) => w.id));
      const rest = ids.filter((id) => !changedIds.has(id));
      const statuses = await repo.statusesOf(tx, rest);
      const failed = rest.map((id): WithdrawalBulkFailure => {
        const status = statuses.get(id) ?? null;
        return { id, status, message: status ? MESSAGES.notOpen(status) : MESSAGES.notFound };
      });
      const updated = await repo.findWithdrawals(
        tx,
        ids.filter((id) => changedIds.has(id)),
      );
      return { updated, failed };
    });
    if (result.updated.length) this.onChange();
    return result;
  }
}

/** Gives the debited amount back; the unique (reason, reference) refuses a second refund. */
function refund(tx: Db, w: { id: number; user_id: number; amount: string }): Promise<void> {
  return book(tx, refundEntry(w));
}

const refundEntry = (w: { id: number; user_id: number; amount: string }) => ({
  userId: w.user_id,
  amount: w.amount,
  reason: 'withdrawal_refund' as const,
  reference: `withdrawal:${w.id}`,
});
