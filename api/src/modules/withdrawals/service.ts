import type {
  Paged,
  Withdrawal,
  WithdrawalBulkFailure,
  WithdrawalStatus,
  WithdrawalsListQuery,
  WithdrawalUpdateBody,
  WithdrawalUpdateBulkBody,
} from '@backoffice/shared/contract';
import { type WithdrawalDecision, withdrawalMessages } from '@backoffice/shared/facts';
import { pageSize } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AuditWriter } from '../audit/index.ts';
import { LINKED_APPROVER_MESSAGE, linkedAdmins } from '../four-eyes.ts';
import { book, bookMany } from '../ledger.ts';
import * as repo from './repository.ts';

/** The withdrawal messages (facts/withdrawals.ts) and the four-eyes rule's own. */
export const MESSAGES = { ...withdrawalMessages, linkedApprover: LINKED_APPROVER_MESSAGE } as const;

type Decision = WithdrawalDecision;

/** The rejection reason: `reason` or `comment`, trimmed; required for a rejection. */
function reasonOf(body: { status: Decision; reason?: string | undefined; comment?: string | undefined }) {
  const reason = (body.reason || body.comment || '').trim();
  if (body.status === 'rejected' && !reason) throw new HttpError(400, MESSAGES.reasonRequired);
  return reason || null;
}

/**
 * Why an open decision did not change a withdrawal: unknown, already decided, the same admin twice, or
 * an admin linked to the first approver (`linked`, see modules/four-eyes.ts).
 */
function refusal(
  state: { status: WithdrawalStatus; firstApprovedBy: number | null } | undefined,
  decision: Decision,
  adminId: number | null,
  linked: ReadonlySet<number>,
): { status: number; message: string; current: WithdrawalStatus | null } {
  if (!state) return { status: 404, message: MESSAGES.notFound, current: null };
  const secondApproval = state.status === 'awaiting_approval' && decision === 'approved';
  if (secondApproval && state.firstApprovedBy === adminId)
    return { status: 409, message: MESSAGES.sameApprover, current: state.status };
  if (secondApproval && state.firstApprovedBy !== null && linked.has(state.firstApprovedBy))
    return { status: 403, message: MESSAGES.linkedApprover, current: state.status };
  return { status: 409, message: MESSAGES.notOpen(state.status), current: state.status };
}

/** The audit record of one decided withdrawal: status, comment and who before and after. */
function auditOf(w: repo.DecidedWithdrawal, row: Withdrawal | undefined) {
  return {
    targetType: 'withdrawal',
    targetId: w.id,
    before: { status: w.previous_status },
    after: row
      ? { status: row.status, comment: row.comment, processedBy: row.processedBy ?? null }
      : { status: w.status },
    details: { amount: w.amount, userId: w.user_id, ...fourEyesStep(w) },
  };
}

/** Which approval of a four-eyes withdrawal this change was (nothing for other changes). */
function fourEyesStep(w: repo.DecidedWithdrawal): { fourEyes?: 'first approval' | 'second approval' } {
  if (w.status === 'awaiting_approval') return { fourEyes: 'first approval' };
  if (w.status === 'approved' && w.previous_status === 'awaiting_approval')
    return { fourEyes: 'second approval' };
  return {};
}

/**
 * Withdrawals: list, and the admin's decision (pending or waiting -> approved or rejected).
 * Four-eyes: approving an amount at or above the threshold (superadmin setting, else FOUR_EYES_THRESHOLD)
 * moves it to awaiting_approval; only a different admin's approval makes it approved. Rejection works at
 * either stage. The amount was debited when the user asked for the withdrawal (ledger 'withdrawal',
 * reference 'withdrawal:<id>'); a rejection books it back ('withdrawal_refund', same reference) in the
 * same transaction as the status change, so the refund happens exactly when the status changes, once.
 * Approved withdrawals are paid out later by the payout worker (modules/payout). Every change writes its
 * audit record (one per withdrawal) in the same transaction.
 */
export class WithdrawalsService {
  constructor(
    private readonly db: Db,
    /** FOUR_EYES_THRESHOLD (null: none); a stored superadmin setting overrides it. */
    private readonly envThreshold: string | null = null,
  ) {}

  async list(query: WithdrawalsListQuery): Promise<Paged<Withdrawal>> {
    const perPage = pageSize(query);
    const { rows, total } = await repo.listWithdrawals(this.db, query);
    return { data: rows, total, totalPages: Math.ceil(total / perPage), page: query.page, perPage };
  }

  /**
   * One decision; 404 for an unknown id, 409 when it is no longer open (a lost race or a repeat) or when
   * its first approver approves it again.
   */
  async update(body: WithdrawalUpdateBody, adminId: number | null, audit: AuditWriter): Promise<Withdrawal> {
    const comment = reasonOf(body);
    const id = body.withdrawal_id;
    const withdrawal = await audit.transaction(this.db, async (tx) => {
      const linked = await linkedAdmins(tx, adminId);
      const decision = {
        status: body.status,
        comment,
        adminId,
        envThreshold: this.envThreshold,
        linked: [...linked],
      };
      const [changed] = await repo.decideWithdrawals(tx, [id], decision);
      if (!changed) {
        const refused = refusal((await repo.openStateOf(tx, [id])).get(id), body.status, adminId, linked);
        throw new HttpError(refused.status, refused.message);
      }
      if (changed.status === 'rejected') await refund(tx, changed);
      const [row] = await repo.findWithdrawals(tx, [id]);
      await audit.record(tx, auditOf(changed, row));
      return row!;
    });
    return withdrawal;
  }

  /**
   * Many decisions in one transaction and one UPDATE: every open id changes (four-eyes per item), the
   * others are reported in `failed` with the reason (unknown, already decided, same first approver).
   * `awaiting` = the ids this call moved to awaiting_approval.
   */
  async updateBulk(
    body: WithdrawalUpdateBulkBody,
    adminId: number | null,
    audit: AuditWriter,
  ): Promise<{ updated: Withdrawal[]; failed: WithdrawalBulkFailure[]; awaiting: number[] }> {
    const comment = reasonOf(body);
    const ids = [...new Set(body.withdrawal_ids)];
    const result = await this.db.transaction(async (tx) => {
      const linked = await linkedAdmins(tx, adminId);
      const decision = {
        status: body.status,
        comment,
        adminId,
        envThreshold: this.envThreshold,
        linked: [...linked],
      };
      const changed = await repo.decideWithdrawals(tx, ids, decision);
      if (body.status === 'rejected') await bookMany(tx, changed.map(refundEntry));
      const changedIds = new Set(changed.map((w) => w.id));
      const rest = ids.filter((id) => !changedIds.has(id));
      const states = await repo.openStateOf(tx, rest);
      const failed = rest.map((id): WithdrawalBulkFailure => {
        const refused = refusal(states.get(id), body.status, adminId, linked);
        return { id, status: refused.current, message: refused.message };
      });
      const updated = await repo.findWithdrawals(
        tx,
        ids.filter((id) => changedIds.has(id)),
      );
      const rows = new Map(updated.map((w) => [w.id, w]));
      // One record per withdrawal changed, in id order.
      for (const w of [...changed].sort((a, b) => a.id - b.id))
        await audit.record(tx, auditOf(w, rows.get(w.id)));
      const awaiting = changed.filter((w) => w.status === 'awaiting_approval').map((w) => w.id);
      return { updated, failed, awaiting };
    });
    if (!result.updated.length) audit.nothingChanged();
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
