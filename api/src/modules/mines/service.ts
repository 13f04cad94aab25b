import type { MineGame, MinesListQuery, MinesStats, Paged } from '@backoffice/shared/contract';
import { isInt4Id } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AuditWriter } from '../audit/index.ts';
import { book } from '../ledger.ts';
import * as repo from './repository.ts';

export class MinesService {
  constructor(private readonly db: Db) {}

  async list(query: MinesListQuery): Promise<Paged<MineGame>> {
    const offset = (query.page - 1) * query.limit;
    const { rows, total } =
      query.order === 'true'
        ? await repo.listBigWins(this.db, query.limit, offset)
        : await repo.listActiveGames(this.db, query.limit, offset);
    return {
      data: rows,
      total,
      totalPages: Math.ceil(total / query.limit),
      page: query.page,
      perPage: query.limit,
    };
  }

  stats(): Promise<MinesStats> {
    return repo.minesStats(this.db);
  }

  /**
   * 'false' closes an active game as cancelled and refunds the bet exactly once: the conditional
   * UPDATE ... WHERE active lets one caller win even under concurrency, and the refund is booked in
   * the same transaction. 'true' cannot reopen a finished game.
   */
  async updateStatus(
    id: number,
    status: 'true' | 'false',
    audit: AuditWriter,
  ): Promise<{ message: string; game: MineGame }> {
    // An id beyond the int4 column names no game (and PostgreSQL would refuse the number).
    if (!isInt4Id(id)) throw new HttpError(404, 'Game not found');
    if (status === 'true') {
      const game = await repo.findGame(this.db, id);
      if (!game) throw new HttpError(404, 'Game not found');
      if (game.status !== 'true') throw new HttpError(400, 'A finished game cannot be made active again');
      audit.nothingChanged();
      return { message: 'Game is already active', game };
    }
    const result = await audit.transaction(this.db, async (tx) => {
      const cancelled = await repo.cancelActiveGame(tx, id);
      if (!cancelled) {
        const game = await repo.findGame(tx, id);
        throw game ? new HttpError(409, 'Game is not active') : new HttpError(404, 'Game not found');
      }
      await book(tx, {
        userId: cancelled.user_id,
        amount: cancelled.amount,
        reason: 'mine_refund',
        reference: `mine_game:${id}`,
      });
      const game = await repo.findGame(tx, id);
      await audit.record(tx, {
        targetType: 'mine_game',
        targetId: id,
        before: { status: 'true' },
        after: { status: game!.status },
        details: { refunded: cancelled.amount, userId: cancelled.user_id },
      });
      return { message: 'Game closed and bet refunded', game: game! };
    });
    return result;
  }
}
