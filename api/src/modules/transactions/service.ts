import type { Paged, Transaction, TransactionsListQuery } from '@backoffice/shared/contract';
import { pageSize } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import * as repo from './repository.ts';

/** Deposits ("transactions"): read-only list and details. */
export class TransactionsService {
  constructor(private readonly db: Db) {}

  async list(query: TransactionsListQuery): Promise<Paged<Transaction>> {
    const perPage = pageSize(query);
    const { rows, total } = await repo.listTransactions(this.db, query);
    return { data: rows, total, totalPages: Math.ceil(total / perPage), page: query.page, perPage };
  }

  async details(id: number): Promise<Transaction> {
    const row = await repo.findTransaction(this.db, id);
    if (!row) throw new HttpError(404, 'Transaction not found');
    return row;
  }
}
