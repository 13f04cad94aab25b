import type { Transaction, TransactionsListQuery } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import { type SqlStatement } from '../withdrawals/sql.ts';
/**
 * The page of GET /admin/transactions exactly as the endpoint runs it (the bench runs the same SQL).
 * `now` is unused (no filter depends on the clock) but kept for the bench's signature.
 */
export declare function buildTransactionsListQuery(q: TransactionsListQuery, _now?: Date): SqlStatement;
/** The total of GET /admin/transactions for the same filters. */
export declare function buildTransactionsCountQuery(q: TransactionsListQuery, _now?: Date): SqlStatement;
export declare function listTransactions(
  db: Db,
  q: TransactionsListQuery,
  now?: Date,
): Promise<{
  rows: Transaction[];
  total: number;
}>;
export declare function findTransaction(db: Db, id: number): Promise<Transaction | undefined>;
