import { randomBytes } from 'node:crypto';
import type {
  Lottery,
  LotteryCreateBody,
  LotteryDetails,
  LotteryListQuery,
  LotteryPublishBody,
  LotteryTicket,
  LotteryTicketsQuery,
  LotteryUpdateBody,
  Paged,
  WinnerEntry,
} from '@backoffice/shared/contract';
import { isInt4Id } from '@backoffice/shared/contract';
import { editableLotteryStatuses } from '@backoffice/shared/facts';
import {
  firstLotteryError,
  LOTTERY_BODY_FIELDS,
  messages,
  validateLotteryBody,
} from '@backoffice/shared/rules';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AuditWriter } from '../audit/index.ts';
import { book } from '../ledger.ts';
import * as repo from './repository.ts';

const HOUR_MS = 3_600_000;
export const TICKET_UNAVAILABLE = 'Ticket not found or already used';
export const LOTTERY_NOT_FOUND = 'Lottery not found';
export const ALREADY_PUBLISHED = 'Lottery results have already been published';
const NOT_CLOSED = 'Winners can be drawn only once the lottery has closed';

const toLottery = (row: repo.LotteryRow): Lottery => row as unknown as Lottery;

/** An id beyond the int4 column names no lottery: 404 before any SQL (PostgreSQL would refuse it). */
function assertLotteryId(id: number): void {
  if (!isInt4Id(id)) throw new HttpError(404, LOTTERY_NOT_FOUND);
}

function toTicket(row: repo.TicketRow): LotteryTicket {
  return {
    id: row.id,
    ticket_number: row.ticket_number,
    price: row.price,
    prize_rank: row.prize_rank,
    winning_amount: row.winning_amount,
    is_winner: row.is_winner,
    status: row.status,
    createdAt: row.created_at,
    Lottery: { id: row.lottery_id, name: row.lottery_name, status: row.lottery_status },
    user: {
      id: row.user_id,
      username: row.username,
      name: row.user_name,
      user_detail: { balance: row.balance, winnings: row.winnings },
    },
  };
}

/** What an audit record keeps of a lottery's settings. */
const lotteryState = (l: Lottery) => {
  const { id: _id, ...rest } = l as Lottery & { id: number };
  return rest;
};

/** The schedule an update changes. */
const scheduleOf = (l: { start_time: string; end_time: string; result_time: string }) => ({
  start_time: l.start_time,
  end_time: l.end_time,
  result_time: l.result_time,
});

/** Percentages compared in hundredths (they have at most 2 decimals). */
const hundredths = (p: number) => Math.round(p * 100);

export class LotteryService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
  ) {}

  private now(): Date {
    return new Date(this.clock());
  }

  private async details(db: Db, id: number, now: Date): Promise<LotteryDetails> {
    assertLotteryId(id);
    const row = await repo.findLottery(db, id, now);
    if (!row) throw new HttpError(404, LOTTERY_NOT_FOUND);
    return this.withDistributions(db, row);
  }

  /** distributions: rank, percentage and the prize of the rank (the published amount once completed). */
  private async withDistributions(db: Db, row: repo.LotteryRow): Promise<LotteryDetails> {
    const ranks = [...row.winner_distributions].sort((a, b) => a.rank - b.rank);
    const amounts = await repo.prizes(db, row.total_pool, ranks);
    const published = new Map(
      ((row.result ?? []) as { rank: number; amount?: string }[]).map((r) => [r.rank, r.amount]),
    );
    return {
      ...toLottery(row),
      distributions: ranks.map((r) => ({
        rank: r.rank,
        percentage: r.percentage,
        // Completed: what was paid (a rank left unpaid for lack of tickets shows 0); else the rule's amount.
        amount: (row.prize_distributed ? published.get(r.rank) : amounts.get(r.rank)) ?? '0',
      })),
      adminShare: row.admin_share,
    };
  }

  async create(body: LotteryCreateBody, audit: AuditWriter): Promise<Lottery> {
    const now = this.now();
    // The spec's submit rules with the request clock ('Start time cannot be in the past', totals...).
    const problem = firstLotteryError(validateLotteryBody(body, now));
    if (problem) throw new HttpError(400, `${LOTTERY_BODY_FIELDS[problem.field]}: ${problem.message}`);
    // numeric(20,8) holds 12 integer digits; a bigger price is nonsense (and would overflow the pool).
    if (!/^0*\d{1,10}(\.\d+)?$/.test(body.ticket_price)) {
      throw new HttpError(400, 'ticket_price: Ticket price is too large');
    }
    const distributions = [...body.winner_distributions]
      .sort((a, b) => a.rank - b.rank)
      .map((d) => ({ rank: d.rank, percentage: d.percentage }));
    const created = await audit.transaction(this.db, async (tx) => {
      const id = await repo.insertLottery(tx, {
        name: body.name,
        ticketPrice: body.ticket_price,
        startTime: body.start_time,
        endTime: body.end_time,
        resultDelayHours: body.result_time,
        winners: body.winners,
        distributions,
        adminShare: body.admin_share,
        maxParticipants: body.max_participants ?? null,
        now,
      });
      const lottery = toLottery((await repo.findLottery(tx, id, now))!);
      await audit.record(tx, { targetType: 'lottery', targetId: id, after: lotteryState(lottery) });
      return lottery;
    });
    return created;
  }

  async list(query: LotteryListQuery): Promise<Paged<Lottery>> {
    const { rows, total } = await repo.listLotteries(this.db, repo.lotteryListFilters(query), this.now());
    return {
      data: rows.map(toLottery),
      total,
      totalPages: Math.ceil(total / query.limit),
      page: query.page,
      perPage: query.limit,
    };
  }

  get(id: number): Promise<LotteryDetails> {
    return this.details(this.db, id, this.now());
  }

  async tickets(query: LotteryTicketsQuery): Promise<Paged<LotteryTicket>> {
    const { rows, total } = await repo.listTickets(this.db, repo.lotteryTicketsFilters(query), this.now());
    return {
      data: rows.map(toTicket),
      total,
      totalPages: Math.ceil(total / query.limit),
      page: query.page,
      perPage: query.limit,
    };
  }

  /**
   * New start/end/result delay of an upcoming or open lottery. Missing fields keep their value (a missing
   * delay keeps the current distance between end and result). The update never changes the status:
   * an upcoming lottery must still start in the future, an open one must have started and not ended.
   */
  async update(id: number, body: LotteryUpdateBody, audit: AuditWriter): Promise<Lottery> {
    if (body.start_time === undefined && body.end_time === undefined && body.result_time === undefined) {
      throw new HttpError(400, 'Nothing to update');
    }
    assertLotteryId(id);
    const now = this.now();
    const lottery = await audit.transaction(this.db, async (tx) => {
      const current = await repo.lockLottery(tx, id, now);
      if (!current) throw new HttpError(404, LOTTERY_NOT_FOUND);
      if (!(editableLotteryStatuses as readonly string[]).includes(current.status)) {
        throw new HttpError(409, 'Only upcoming or open lotteries can be updated');
      }
      const start = Date.parse(body.start_time ?? current.start_time);
      const end = Date.parse(body.end_time ?? current.end_time);
      const delayMs =
        body.result_time !== undefined
          ? body.result_time * HOUR_MS
          : Date.parse(current.result_time) - Date.parse(current.end_time);
      const m = messages.lottery;
      if (start >= end) throw new HttpError(400, `end_time: ${m.endBeforeStart}`);
      if (current.status === 'upcoming' && start <= now.getTime()) {
        throw new HttpError(400, `start_time: ${m.startInPast}`);
      }
      if (current.status === 'open' && start > now.getTime()) {
        throw new HttpError(400, 'start_time: The start time of an open lottery cannot move to the future');
      }
      if (end <= now.getTime()) throw new HttpError(400, 'end_time: End time cannot be in the past');
      const updated = await repo.updateSchedule(
        tx,
        id,
        {
          startTime: new Date(start).toISOString(),
          endTime: new Date(end).toISOString(),
          resultTime: new Date(end + delayMs).toISOString(),
        },
        now,
      );
      if (!updated) throw new HttpError(409, 'Only upcoming or open lotteries can be updated');
      const after = (await repo.findLottery(tx, id, now))!;
      await audit.record(tx, {
        targetType: 'lottery',
        targetId: id,
        before: scheduleOf(current),
        after: scheduleOf(after),
      });
      return after;
    });
    return toLottery(lottery);
  }

  /** Soft delete (deleted_at), upcoming lotteries only. */
  async remove(id: number, audit: AuditWriter): Promise<void> {
    assertLotteryId(id);
    const now = this.now();
    await audit.transaction(this.db, async (tx) => {
      const deleted = await repo.softDeleteUpcoming(tx, id, now);
      if (!deleted) {
        const lottery = await repo.findLottery(tx, id, now);
        if (!lottery) throw new HttpError(404, LOTTERY_NOT_FOUND);
        throw new HttpError(409, 'Only upcoming lotteries can be deleted');
      }
      await audit.record(tx, {
        targetType: 'lottery',
        targetId: id,
        before: { deleted: false },
        after: { deleted: true },
      });
    });
  }

  /**
   * Read only (a GET never writes): a completed lottery's published winners; a closed one's latest
   * unpublished draw, none before a draw (the console then offers Generate). Upcoming/open: 409.
   */
  async winners(lotteryId: number): Promise<WinnerEntry[]> {
    const lottery = await this.closedOrCompleted(this.db, lotteryId);
    if (lottery.status === 'completed') return (lottery.result ?? []) as WinnerEntry[];
    const draw = await repo.latestOpenDraw(this.db, lotteryId);
    if (!draw) return [];
    // The draw keeps the tickets; their owners (and figures) are read as they are now.
    const tickets = await repo.findTicketsByNumbers(
      this.db,
      draw.ranks.map((r) => r.ticket_number),
    );
    const byNumber = new Map(tickets.map((t) => [t.ticket_number, t]));
    const picks = draw.ranks.map((r) => {
      const { id, user_id } = byNumber.get(r.ticket_number)!;
      return { rank: r.rank, ticket_id: id, ticket_number: r.ticket_number, user_id };
    });
    return this.winnerEntries(this.db, lottery, picks);
  }

  /**
   * A fresh draw of a closed lottery not yet distributed: distinct active tickets (one per rank, fewer
   * when the lottery sold fewer), recorded in lottery_draws with its seed, time and admin, and audited
   * (the seed in the record reproduces the draw). The lottery row is locked, so a draw never lands
   * after a concurrent publish.
   */
  async draw(lotteryId: number, adminId: number, audit: AuditWriter): Promise<WinnerEntry[]> {
    assertLotteryId(lotteryId);
    return audit.transaction(this.db, async (tx) => {
      const lottery = await repo.lockLottery(tx, lotteryId, this.now());
      if (!lottery) throw new HttpError(404, LOTTERY_NOT_FOUND);
      if (lottery.prize_distributed) throw new HttpError(409, ALREADY_PUBLISHED);
      if (lottery.status !== 'closed') throw new HttpError(409, NOT_CLOSED);
      const ranks = [...lottery.winner_distributions].sort((a, b) => a.rank - b.rank);
      const seed = randomBytes(32).toString('hex');
      const drawn = await repo.drawTickets(tx, lotteryId, seed, ranks.length);
      if (drawn.length === 0) throw new HttpError(409, 'The lottery has no active tickets to draw from');
      const picks = drawn.map((t, i) => ({
        rank: ranks[i]!.rank,
        ticket_id: t.id,
        ticket_number: t.ticket_number,
        user_id: t.user_id,
      }));
      const drawnRanks = picks.map(({ user_id: _, ...rank }) => rank);
      const now = this.now();
      const drawId = await repo.insertDraw(tx, { lotteryId, seed, ranks: drawnRanks, adminId, now });
      await audit.record(tx, {
        targetType: 'lottery',
        targetId: lotteryId,
        details: { draw_id: drawId, seed, winners: drawnRanks },
      });
      // The pool as the lists show it (the locked row has no figures).
      return this.winnerEntries(tx, (await repo.findLottery(tx, lotteryId, now))!, picks);
    });
  }

  /** A lottery whose winners can exist (closed or completed): else 404 or 409. */
  private async closedOrCompleted(db: Db, lotteryId: number): Promise<repo.LotteryRow> {
    assertLotteryId(lotteryId);
    const lottery = await repo.findLottery(db, lotteryId, this.now());
    if (!lottery) throw new HttpError(404, LOTTERY_NOT_FOUND);
    if (lottery.status !== 'completed' && lottery.status !== 'closed') throw new HttpError(409, NOT_CLOSED);
    return lottery;
  }

  /** Winner cards of drawn tickets: the rank's percentage and prize (SQL rule), the owner's figures. */
  private async winnerEntries(
    db: Db,
    lottery: Pick<repo.LotteryRow, 'total_pool' | 'winner_distributions'>,
    picks: { rank: number; ticket_id: number; ticket_number: string; user_id: number }[],
  ): Promise<WinnerEntry[]> {
    const ranks = [...lottery.winner_distributions].sort((a, b) => a.rank - b.rank);
    const amounts = await repo.prizes(db, lottery.total_pool, ranks);
    const users = await repo.usersByIds(db, [...new Set(picks.map((p) => p.user_id))]);
    const percentages = new Map(ranks.map((r) => [r.rank, r.percentage]));
    return picks.map((p) => ({
      rank: p.rank,
      percentage: percentages.get(p.rank)!,
      ticket_number: p.ticket_number,
      ticket_id: p.ticket_id,
      amount: amounts.get(p.rank) ?? '0',
      prize_distributed: false,
      user: users.get(p.user_id)!,
    }));
  }

  /**
   * Replacement lookup: an active ticket that has not won, optionally of the given lottery. Unknown,
   * foreign, inactive/cancelled or already winning tickets all answer 404 'Ticket not found or already used'.
   */
  async lookup(ticketNumber: string, lotteryId: number | undefined): Promise<LotteryTicket> {
    const row = await repo.findTicketByNumber(this.db, ticketNumber, this.now());
    if (
      !row ||
      (lotteryId !== undefined && row.lottery_id !== lotteryId) ||
      row.is_winner ||
      row.status !== 'active'
    ) {
      throw new HttpError(404, TICKET_UNAVAILABLE);
    }
    return toTicket(row);
  }

  /**
   * Publishes the result of a closed lottery in ONE transaction:
   * 1. locks the lottery row (FOR UPDATE): a concurrent publish waits, then sees prize_distributed and gets 409;
   * 2. validates the ranks (exactly the distribution's ranks, or its first k when only k active tickets exist),
   *    the optional percentages, and the tickets (distinct, active, not winning, of this lottery);
   * 3. prizes by the SQL rule lottery_prize (pool * percentage / 100 rounded down to the cent);
   *    credits each non-zero prize through the ledger (reason lottery_prize, reference
   *    'lottery:<id>:rank:<n>', unique: a second booking fails), marks the tickets in one UPDATE,
   *    stores the result, sets prize_distributed / distributed_at;
   * 4. marks the latest unpublished draw published with the admin and the ranks replaced by hand.
   */
  async publish(body: LotteryPublishBody, adminId: number, audit: AuditWriter): Promise<LotteryDetails> {
    const now = this.now();
    const lotteryId = body.lottery_id;
    assertLotteryId(lotteryId);
    const details = await audit
      .transaction(this.db, async (tx) => {
        const lottery = await repo.lockLottery(tx, lotteryId, now);
        if (!lottery) throw new HttpError(404, LOTTERY_NOT_FOUND);
        if (lottery.prize_distributed) throw new HttpError(409, ALREADY_PUBLISHED);
        if (lottery.status !== 'closed') {
          throw new HttpError(409, 'Results can be published only once the lottery has closed');
        }

        const distribution = [...lottery.winner_distributions].sort((a, b) => a.rank - b.rank);
        const totals = await repo.ticketTotals(tx, lotteryId);
        const required = distribution.slice(0, Math.min(distribution.length, totals.active));
        if (required.length === 0) throw new HttpError(409, 'The lottery has no active tickets to draw from');

        const seenRanks = new Set<number>();
        for (const entry of body.result) {
          if (seenRanks.has(entry.rank))
            throw new HttpError(400, `Rank ${entry.rank} appears more than once`);
          seenRanks.add(entry.rank);
        }
        const expectedRanks = required.map((d) => d.rank);
        if (body.result.length !== required.length || !expectedRanks.every((r) => seenRanks.has(r))) {
          throw new HttpError(
            400,
            `The result must have exactly one winner for each rank ${expectedRanks.join(', ')}`,
          );
        }
        const byRank = new Map(required.map((d) => [d.rank, d]));
        for (const entry of body.result) {
          const d = byRank.get(entry.rank)!;
          if (entry.percentage !== undefined && hundredths(entry.percentage) !== hundredths(d.percentage)) {
            throw new HttpError(
              400,
              `Percentage of rank ${entry.rank} must be ${d.percentage}% as in the lottery's distribution`,
            );
          }
        }
        const numbers = body.result.map((e) => e.ticket_number);
        const seenNumbers = new Set<string>();
        for (const n of numbers) {
          if (seenNumbers.has(n)) throw new HttpError(400, `Ticket ${n} is used for more than one rank`);
          seenNumbers.add(n);
        }
        const tickets = new Map(
          (await repo.findTicketsByNumbers(tx, numbers)).map((t) => [t.ticket_number, t]),
        );
        for (const n of numbers) {
          const t = tickets.get(n);
          if (!t || t.lottery_id !== lotteryId || t.status !== 'active' || t.is_winner) {
            throw new HttpError(400, `${TICKET_UNAVAILABLE}: ${n}`);
          }
        }

        const amounts = await repo.prizes(tx, totals.pool, required);
        const winners = [...body.result]
          .sort((a, b) => a.rank - b.rank)
          .map((e) => {
            const t = tickets.get(e.ticket_number)!;
            return {
              rank: e.rank,
              percentage: byRank.get(e.rank)!.percentage,
              ticket_id: t.id,
              ticket_number: t.ticket_number,
              user_id: t.user_id,
              amount: amounts.get(e.rank) ?? '0',
            };
          });

        if (!(await repo.storeResult(tx, lotteryId, winners, now)))
          throw new HttpError(409, ALREADY_PUBLISHED);
        const marked = await repo.markWinners(tx, lotteryId, winners);
        if (marked !== winners.length)
          throw new HttpError(409, 'A winning ticket changed meanwhile; draw again');
        for (const w of winners) {
          // The ledger refuses amount 0 (nothing to credit for a 0 % rank or an empty pool).
          if (Number(w.amount) === 0) continue;
          await book(tx, {
            userId: w.user_id,
            amount: w.amount,
            reason: 'lottery_prize',
            reference: `lottery:${lotteryId}:rank:${w.rank}`,
          });
        }

        const draw = await repo.latestOpenDraw(tx, lotteryId);
        const drawnByRank = new Map((draw?.ranks ?? []).map((r) => [r.rank, r.ticket_number]));
        const replaced = winners
          .filter((w) => drawnByRank.get(w.rank) !== w.ticket_number)
          .map((w) => ({
            rank: w.rank,
            drawn_ticket_number: drawnByRank.get(w.rank) ?? null,
            ticket_number: w.ticket_number,
          }));
        if (draw) await repo.markDrawPublished(tx, { drawId: draw.id, adminId, now, replaced });
        else await repo.insertManualDraw(tx, { lotteryId, adminId, now, replaced });
        await audit.record(tx, {
          targetType: 'lottery',
          targetId: lotteryId,
          before: { status: lottery.status, prize_distributed: false },
          after: { status: 'completed', prize_distributed: true },
          details: {
            winners: winners.map((w) => ({
              rank: w.rank,
              ticket_number: w.ticket_number,
              user_id: w.user_id,
              amount: w.amount,
            })),
            replaced,
          },
        });

        return this.details(tx, lotteryId, now);
      })
      .catch((error: unknown) => {
        // Backstop: a second booking of the same prize violates the ledger's unique (reason, reference).
        if ((error as { code?: string })?.code === '23505') throw new HttpError(409, ALREADY_PUBLISHED);
        throw error;
      });
    return details;
  }

  /**
   * The way out for a closed lottery nobody holds an active ticket of: it completes with no winners, and
   * as there is nothing in its pool, nothing is refunded or paid.
   */
  async completeWithoutWinners(lotteryId: number, audit: AuditWriter): Promise<LotteryDetails> {
    const now = this.now();
    assertLotteryId(lotteryId);
    const details = await audit.transaction(this.db, async (tx) => {
      const lottery = await repo.lockLottery(tx, lotteryId, now);
      if (!lottery) throw new HttpError(404, LOTTERY_NOT_FOUND);
      if (lottery.prize_distributed) throw new HttpError(409, ALREADY_PUBLISHED);
      if (lottery.status !== 'closed') {
        throw new HttpError(409, 'Only a closed lottery can be completed without winners');
      }
      const totals = await repo.ticketTotals(tx, lotteryId);
      if (totals.active > 0) {
        throw new HttpError(409, 'The lottery has active tickets: publish its results instead');
      }
      if (!(await repo.storeResult(tx, lotteryId, [], now))) throw new HttpError(409, ALREADY_PUBLISHED);
      await audit.record(tx, {
        targetType: 'lottery',
        targetId: lotteryId,
        before: { status: lottery.status, prize_distributed: false },
        after: { status: 'completed', prize_distributed: true },
        details: { winners: [], tickets: totals.active, pool: totals.pool },
      });
      return this.details(tx, lotteryId, now);
    });
    return details;
  }
}
