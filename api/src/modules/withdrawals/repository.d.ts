import type { Withdrawal, WithdrawalStatus, WithdrawalsListQuery } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import { type SqlStatement } from './sql.ts';
/** Statuses an admin may still decide on. */
export declare const OPEN_STATUSES: readonly ['pending', 'waiting'];
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
/**
 * Moves every withdrawal of `ids` that is still pending or waiting to `status`, in one statement:
 * rows are locked in id order (no deadlock between two bulk updates) and the status condition is
 * re-checked after any concurrent change, so each withdrawal is decided once. Returns the ones changed.
 */
export declare function decideWithdrawals(
  db: Db,
  ids: readonly number[],
  decision: {
    status: 'approved' | 'rejected';
    comment: string | null;
    adminId: number | null;
  },
): Promise<
  {
    id: number;
    user_id: number;
    amount: string;
  }[]
>;
