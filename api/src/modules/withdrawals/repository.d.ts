import type { Withdrawal, WithdrawalStatus, WithdrawalsListQuery } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import { type SqlStatement } from './sql.ts';
/** Statuses an admin may still decide on (awaiting_approval: four-eyes, one approval given). */
export declare const OPEN_STATUSES: readonly ['pending', 'waiting', 'awaiting_approval'];
/**
 * The page of GET /admin/withdrawal exactly as the endpoint runs it (the bench runs the same SQL).
 * `now` is unused (the filters do not depend on the clock) but kept for the bench's signature.
 */
export declare function buildWithdrawalsListQuery(q: WithdrawalsListQuery, _now?: Date): SqlStatement;
/** The total of GET /admin/withdrawal for the same filters. */
export declare function buildWithdrawalsCountQuery(q: WithdrawalsListQuery, _now?: Date): SqlStatement;
export declare function listWithdrawals(
  db: Db,
  q: WithdrawalsListQuery,
  now?: Date,
): Promise<{
  rows: Withdrawal[];
  total: number;
}>;
/** Withdrawals by id, in the order of `ids` (unknown ids are left out). */
export declare function findWithdrawals(db: Db, ids: readonly number[]): Promise<Withdrawal[]>;
/** Current status of each existing id. */
export declare function statusesOf(db: Db, ids: readonly number[]): Promise<Map<number, WithdrawalStatus>>;
/** One withdrawal changed by `decideWithdrawals`, with its status before. */
export interface DecidedWithdrawal {
  id: number;
  user_id: number;
  amount: string;
  status: WithdrawalStatus;
  previous_status: WithdrawalStatus;
}
/** Current status of each existing id, and the admin of a first approval (four-eyes). */
export declare function openStateOf(
  db: Db,
  ids: readonly number[],
): Promise<
  Map<
    number,
    {
      status: WithdrawalStatus;
      firstApprovedBy: number | null;
    }
  >
>;
/** Decides every open withdrawal of `ids` (four-eyes per item); see repository.ts. */
export declare function decideWithdrawals(
  db: Db,
  ids: readonly number[],
  decision: {
    status: 'approved' | 'rejected';
    comment: string | null;
    adminId: number | null;
    envThreshold: string | null;
  },
): Promise<DecidedWithdrawal[]>;
