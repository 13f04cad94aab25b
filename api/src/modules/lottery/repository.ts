import type {
  LotteryListQuery,
  LotteryStatus,
  LotteryTicketStatus,
  LotteryTicketsQuery,
} from '@backoffice/shared/contract';
import { isInt4Id } from '@backoffice/shared/contract';
import { type ListOrder, type ListSpec, listPage, orderBy } from '../../db/paging.ts';
import type { Db } from '../../db/types.ts';

/** One SQL statement with its parameters (the bench runs exactly these). */
export interface SqlStatement {
  text: string;
  values: unknown[];
}

/*
 * Money rule (see also migrations/003_lottery.sql and api/README.md, "Lottery"):
 *   prize(rank)        = lottery_prize(total_pool, percentage) = floor(total_pool * percentage) / 100,
 *                        i.e. total_pool * percentage / 100 rounded DOWN to the cent;
 *   distributionAmount = sum of the prizes (the published amounts once completed);
 *   adminProfit        = total_pool - distributionAmount.
 * So prizes + admin profit = pool exactly, and the rounding remainder (< 1 cent per rank) goes to the admin.
 * total_pool = sum of the prices of the tickets that are not cancelled (from lottery_ticket_stats).
 */

const RESULT_JSON = `CASE WHEN jsonb_typeof(l.result) = 'array' THEN (
    SELECT coalesce(json_agg(json_build_object(
             'rank', (e->>'rank')::int,
             'percentage', e->'percentage',
             'ticket_number', e->>'ticket_number',
             'ticket_id', (e->>'ticket_id')::int,
             'amount', trim_scale(coalesce((e->>'amount')::numeric, 0))::text,
             'prize_distributed', true,
             'user', json_build_object('username', coalesce(u.username, ''), 'name', u.name,
                                       'balance', trim_scale(coalesce(u.balance, 0))::text,
                                       'winnings', trim_scale(coalesce(u.winnings, 0))::text))
           ORDER BY (e->>'rank')::int), '[]'::json)
      FROM jsonb_array_elements(l.result) e
      LEFT JOIN users u ON u.id = (e->>'user_id')::int) END`;

/**
 * The public columns of a lottery (contract lotterySchema) for the rows of `source` (aliased l).
 * `nowParam` is the SQL placeholder of the request clock: the status is lottery_status(..., now).
 */
function lotterySelect(source: string, nowParam: string, extra = ''): string {
  return `SELECT l.id, l.name, lottery_status(l.start_time, l.end_time, l.prize_distributed, ${nowParam}) AS status,
       l.ticket_price, s.pool AS total_pool, s.participants::int AS current_participants, l.max_participants,
       l.start_time, l.end_time, l.result_time, l.winners_count AS winners, l.winner_distributions,
       l.admin_share, p.distribution AS "distributionAmount", s.pool - p.distribution AS "adminProfit",
       l.prize_distributed, ${RESULT_JSON} AS result, l.created_at AS "createdAt"${extra}
  FROM ${source}
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(st.amount) FILTER (WHERE st.status <> 'cancelled'), 0) AS pool,
           coalesce(sum(st.tickets) FILTER (WHERE st.status <> 'cancelled'), 0) AS participants
      FROM lottery_ticket_stats st WHERE st.lottery_id = l.id) s
  CROSS JOIN LATERAL (
    SELECT CASE WHEN l.prize_distributed AND jsonb_typeof(l.result) = 'array'
                THEN (SELECT coalesce(sum((e->>'amount')::numeric), 0) FROM jsonb_array_elements(l.result) e)
                ELSE (SELECT coalesce(sum(lottery_prize(s.pool, (d->>'percentage')::numeric)), 0)
                        FROM jsonb_array_elements(l.winner_distributions) d)
           END AS distribution) p`;
}

export interface LotteryRow {
  id: number;
  name: string;
  status: LotteryStatus;
  ticket_price: string;
  total_pool: string;
  current_participants: number;
  max_participants: number | null;
  start_time: string;
  end_time: string;
  result_time: string;
  winners: number;
  winner_distributions: { rank: number; percentage: number }[];
  admin_share: number;
  distributionAmount: string;
  adminProfit: string;
  prize_distributed: boolean;
  result: unknown[] | null;
  createdAt: string;
}

/** List filter on the status by the clock; conditions on start/end so the partial indexes of 003 apply. */
const by = (column: string, dir: 'ASC' | 'DESC'): ListOrder => ({
  keys: [{ sql: column }, { sql: 'id' }],
  dir,
});
const STATUS_FILTERS: Record<LotteryStatus | 'all', { where: string; order: ListOrder }> = {
  upcoming: { where: 'NOT prize_distributed AND start_time > $1', order: by('start_time', 'ASC') },
  open: {
    where: 'NOT prize_distributed AND start_time <= $1 AND end_time > $1',
    order: by('end_time', 'ASC'),
  },
  closed: { where: 'NOT prize_distributed AND end_time <= $1', order: by('end_time', 'DESC') },
  completed: { where: 'prize_distributed', order: by('end_time', 'DESC') },
  all: { where: 'true', order: by('created_at', 'DESC') },
};

/** The status filter of GET /admin/lottery and of its export ('opened' is 'open'). */
export const lotteryStatusFilter = (query: Pick<LotteryListQuery, 'status'>): LotteryStatus | undefined =>
  query.status === 'opened' ? 'open' : query.status;

/** Filters of GET /admin/lottery from its parsed query. */
export function lotteryListFilters(query: LotteryListQuery): {
  status?: LotteryStatus;
  limit: number;
  offset: number;
} {
  return {
    status: lotteryStatusFilter(query),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
}

/** The filters of GET /admin/lottery/tickets and of its export. */
export function ticketFilters(query: Pick<LotteryTicketsQuery, 'lottery_id' | 'status' | 'sold'>): {
  lotteryId?: number;
  status?: LotteryTicketStatus;
  sold?: boolean;
} {
  return {
    // An id beyond int4 names no lottery: 0 matches no row (and PostgreSQL would refuse the number).
    lotteryId: query.lottery_id === undefined ? undefined : isInt4Id(query.lottery_id) ? query.lottery_id : 0,
    status: query.status,
    ...(query.sold ? { sold: true } : {}),
  };
}

/** Filters and page of GET /admin/lottery/tickets from its parsed query. */
export function lotteryTicketsFilters(query: LotteryTicketsQuery): {
  lotteryId?: number;
  status?: LotteryTicketStatus;
  sold?: boolean;
  limit: number;
  offset: number;
} {
  return {
    ...ticketFilters(query),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
}

/**
 * GET /admin/lottery: the data page and the count, as the endpoint runs them (concurrently).
 * Order: upcoming by start time, open by end time (soonest first), closed and completed by end time
 * (latest first), no status by creation (newest first).
 */
export function buildLotteryListQuery(
  filters: { status?: LotteryStatus; limit: number; offset: number },
  now: Date,
): { page: SqlStatement; count: SqlStatement } {
  const { where, order, prefixed } = lotteryListFilter(filters.status);
  return {
    page: {
      text: `${lotterySelect(
        `(SELECT * FROM lotteries WHERE ${where} ORDER BY ${order} LIMIT $2 OFFSET $3) l`,
        '$1',
      )}
 ORDER BY ${prefixed}`,
      values: [now.toISOString(), filters.limit, filters.offset],
    },
    count: lotteryCountQuery(filters.status, now),
  };
}

/**
 * The filter and order of GET /admin/lottery and of its export (one builder for both): `where` and
 * `order` on the lotteries table ($1 = the request clock), `prefixed` = the order on the alias l.
 */
export function lotteryListFilter(status: LotteryStatus | undefined): {
  where: string;
  order: string;
  prefixed: string;
} {
  const f = STATUS_FILTERS[status ?? 'all'];
  return {
    where: `deleted_at IS NULL AND ${f.where}`,
    order: orderBy(f.order),
    prefixed: orderBy({ ...f.order, keys: f.order.keys.map((k) => ({ sql: `l.${k.sql}` })) }),
  };
}

/** The total of GET /admin/lottery (and of its export). */
export function lotteryCountQuery(status: LotteryStatus | undefined, now: Date): SqlStatement {
  const f = STATUS_FILTERS[status ?? 'all'];
  return {
    text: `SELECT count(*) AS n FROM lotteries WHERE ${lotteryListFilter(status).where}`,
    values: f.where.includes('$1') ? [now.toISOString()] : [],
  };
}

/** Every lottery of the list's filter in the list's order, with the list's columns ($1 = the clock). */
export function buildLotteryExportQuery(status: LotteryStatus | undefined, now: Date): SqlStatement {
  const { where, prefixed } = lotteryListFilter(status);
  return {
    text: `${lotterySelect(`(SELECT * FROM lotteries WHERE ${where}) l`, '$1')}\n ORDER BY ${prefixed}`,
    values: [now.toISOString()],
  };
}

/**
 * GET /admin/lottery as a list of the paging helper (src/db/paging.ts). Nothing is remembered: the
 * status follows the clock, and the table is small (the plain OFFSET and count, as before).
 */
export function lotteriesList(status: LotteryStatus | undefined, now: Date): ListSpec {
  const f = STATUS_FILTERS[status ?? 'all'];
  const { where, prefixed } = lotteryListFilter(status);
  return {
    name: 'lotteries',
    tables: ['lotteries'],
    from: 'lotteries',
    id: 'id',
    where,
    // $1 = the request clock, when the status filter uses it.
    values: f.where.includes('$1') ? [now.toISOString()] : [],
    order: f.order,
    rows: (ids, extra, param) =>
      `${lotterySelect(
        `(SELECT lotteries.* FROM (${ids}) p JOIN lotteries ON lotteries.id = p.id) l`,
        f.where.includes('$1') ? '$1' : param(now.toISOString()),
        extra,
      )}
 ORDER BY ${prefixed}`,
    cache: false,
  };
}

export function listLotteries(
  db: Db,
  filters: { status?: LotteryStatus; limit: number; offset: number },
  now: Date,
): Promise<{ rows: LotteryRow[]; total: number }> {
  return listPage<LotteryRow>(db, lotteriesList(filters.status, now), filters);
}

/** A lottery that is not deleted, with its public columns; undefined when unknown. */
export async function findLottery(db: Db, id: number, now: Date): Promise<LotteryRow | undefined> {
  const rows = await db.query<LotteryRow>(
    `${lotterySelect('lotteries l', '$1')} WHERE l.id = $2 AND l.deleted_at IS NULL`,
    [now.toISOString(), id],
  );
  return rows[0];
}

export interface LockedLottery {
  id: number;
  status: LotteryStatus;
  start_time: string;
  end_time: string;
  result_time: string;
  prize_distributed: boolean;
  winners_count: number;
  winner_distributions: { rank: number; percentage: number }[];
}

/** Locks the lottery row (SELECT ... FOR UPDATE) for the rest of the transaction. */
export async function lockLottery(db: Db, id: number, now: Date): Promise<LockedLottery | undefined> {
  const rows = await db.query<LockedLottery>(
    `SELECT id, lottery_status(start_time, end_time, prize_distributed, $2) AS status, start_time, end_time,
            result_time, prize_distributed, winners_count, winner_distributions
       FROM lotteries WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [id, now.toISOString()],
  );
  return rows[0];
}

export async function insertLottery(
  db: Db,
  l: {
    name: string;
    ticketPrice: string;
    startTime: string;
    endTime: string;
    resultDelayHours: number;
    winners: number;
    distributions: { rank: number; percentage: number }[];
    adminShare: number;
    maxParticipants: number | null;
    now: Date;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO lotteries (name, ticket_price, start_time, end_time, result_time, winners_count,
                            winner_distributions, admin_share, max_participants, created_at, updated_at)
     VALUES ($1, $2::numeric, $3::timestamptz, $4::timestamptz, $4::timestamptz + make_interval(hours => $5::int),
             $6, $7::jsonb, $8, $9, $10, $10)
     RETURNING id`,
    [
      l.name,
      l.ticketPrice,
      l.startTime,
      l.endTime,
      l.resultDelayHours,
      l.winners,
      JSON.stringify(l.distributions),
      l.adminShare,
      l.maxParticipants,
      l.now.toISOString(),
    ],
  );
  return row!.id;
}

/** New schedule of an upcoming/open lottery (status re-checked in the WHERE: a lost race updates nothing). */
export async function updateSchedule(
  db: Db,
  id: number,
  s: { startTime: string; endTime: string; resultTime: string },
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE lotteries SET start_time = $2, end_time = $3, result_time = $4, updated_at = $5
      WHERE id = $1 AND deleted_at IS NULL AND NOT prize_distributed AND end_time > $5
      RETURNING id`,
    [id, s.startTime, s.endTime, s.resultTime, now.toISOString()],
  );
  return rows.length === 1;
}

/** Soft delete, only while upcoming by the clock. */
export async function softDeleteUpcoming(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE lotteries SET deleted_at = $2, updated_at = $2
      WHERE id = $1 AND deleted_at IS NULL AND NOT prize_distributed AND start_time > $2
      RETURNING id`,
    [id, now.toISOString()],
  );
  return rows.length === 1;
}

// Tickets ------------------------------------------------------------------------------------------

export interface TicketRow {
  id: number;
  ticket_number: string;
  price: string;
  prize_rank: number | null;
  winning_amount: string;
  is_winner: boolean;
  status: LotteryTicketStatus;
  created_at: string;
  lottery_id: number;
  lottery_name: string;
  lottery_status: LotteryStatus;
  user_id: number;
  username: string;
  user_name: string | null;
  balance: string;
  winnings: string;
}

const TICKET_COLUMNS = (nowParam: string) => `t.id, t.ticket_number, t.price, t.prize_rank, t.winning_amount,
       t.is_winner, t.status, t.created_at, l.id AS lottery_id, l.name AS lottery_name,
       lottery_status(l.start_time, l.end_time, l.prize_distributed, ${nowParam}) AS lottery_status,
       u.id AS user_id, u.username, u.name AS user_name, u.balance, u.winnings`;

/**
 * GET /admin/lottery/tickets as plain SQL: the data page with LIMIT and OFFSET (newest first, the inner
 * query walks one index per filter combination) and the count (from lottery_ticket_stats, kept by
 * triggers: no ticket scan). The reference of what the endpoint answers (it reads the same rows through
 * `listPage`), and the bench's floor.
 */
export function buildLotteryTicketsQuery(
  filters: {
    lotteryId?: number;
    status?: LotteryTicketStatus;
    sold?: boolean;
    limit: number;
    offset: number;
  },
  now: Date,
): { page: SqlStatement; count: SqlStatement } {
  const where = ticketsWhere(filters, 4);
  return {
    page: {
      text: `SELECT ${TICKET_COLUMNS('$1')}
  FROM (SELECT * FROM lottery_tickets ${where.sql}
         ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3) t
  JOIN lotteries l ON l.id = t.lottery_id
  JOIN users u ON u.id = t.user_id
 ORDER BY t.created_at DESC, t.id DESC`,
      values: [now.toISOString(), filters.limit, filters.offset, ...where.values],
    },
    count: ticketsCountQuery(filters),
  };
}

/**
 * The filters of GET /admin/lottery/tickets and of its export (one builder for both), on the
 * lottery_tickets columns; parameters numbered from `first`.
 */
function ticketsWhere(
  filters: { lotteryId?: number; status?: LotteryTicketStatus; sold?: boolean },
  first: number,
): { sql: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (column: string, value: unknown) => {
    values.push(value);
    conditions.push(`${column} = $${first + values.length - 1}`);
  };
  if (filters.lotteryId !== undefined) add('lottery_id', filters.lotteryId);
  if (filters.status !== undefined) add('status', filters.status);
  // Sold = not cancelled, as the lottery's current_participants counts (lotterySelect).
  if (filters.sold) conditions.push(`status <> 'cancelled'`);
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', values };
}

/** The total of the tickets list (and of its export), from lottery_ticket_stats (kept by triggers: no ticket scan). */
export function ticketsCountQuery(filters: {
  lotteryId?: number;
  status?: LotteryTicketStatus;
  sold?: boolean;
}): SqlStatement {
  const where = ticketsWhere(filters, 1);
  return {
    text: `SELECT coalesce(sum(tickets), 0)::bigint AS n FROM lottery_ticket_stats ${where.sql}`,
    values: where.values,
  };
}

/** Every ticket of the list's filters, newest first, with the list's columns ($1 = the clock). */
export function buildLotteryTicketsExportQuery(
  filters: { lotteryId?: number; status?: LotteryTicketStatus; sold?: boolean },
  now: Date,
): SqlStatement {
  const where = ticketsWhere(filters, 2);
  return {
    text: `SELECT ${TICKET_COLUMNS('$1')}
  FROM (SELECT * FROM lottery_tickets ${where.sql}) t
  JOIN lotteries l ON l.id = t.lottery_id
  JOIN users u ON u.id = t.user_id
 ORDER BY t.created_at DESC, t.id DESC`,
    values: [now.toISOString(), ...where.values],
  };
}

/**
 * GET /admin/lottery/tickets as a list of the paging helper (src/db/paging.ts), newest first; the total
 * is the count lottery_ticket_stats keeps.
 */
export function ticketsList(
  filters: { lotteryId?: number; status?: LotteryTicketStatus; sold?: boolean },
  now: Date,
): ListSpec {
  const where = ticketsWhere(filters, 1);
  const order: ListOrder = { keys: [{ sql: 't.created_at' }, { sql: 't.id' }], dir: 'DESC' };
  return {
    name: 'lottery_tickets',
    tables: ['lottery_tickets'],
    from: 'lottery_tickets t',
    id: 't.id',
    where: where.sql.replace(/^WHERE /, ''),
    values: where.values,
    order,
    rows: (ids, extra, param) => `SELECT ${TICKET_COLUMNS(param(now.toISOString()))}${extra}
  FROM (${ids}) p
  JOIN lottery_tickets t ON t.id = p.id
  JOIN lotteries l ON l.id = t.lottery_id
  JOIN users u ON u.id = t.user_id
 ORDER BY ${orderBy(order)}`,
    count: (param) => {
      const conditions: string[] = [];
      if (filters.lotteryId !== undefined) conditions.push(`lottery_id = ${param(filters.lotteryId)}`);
      if (filters.status !== undefined) conditions.push(`status = ${param(filters.status)}`);
      if (filters.sold) conditions.push(`status <> 'cancelled'`);
      const w = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      return `SELECT coalesce(sum(tickets), 0) FROM lottery_ticket_stats ${w}`;
    },
  };
}

export function listTickets(
  db: Db,
  filters: {
    lotteryId?: number;
    status?: LotteryTicketStatus;
    sold?: boolean;
    limit: number;
    offset: number;
  },
  now: Date,
): Promise<{ rows: TicketRow[]; total: number }> {
  return listPage<TicketRow>(db, ticketsList(filters, now), filters);
}

export async function findTicketByNumber(
  db: Db,
  ticketNumber: string,
  now: Date,
): Promise<TicketRow | undefined> {
  const rows = await db.query<TicketRow>(
    `SELECT ${TICKET_COLUMNS('$2')}
       FROM lottery_tickets t JOIN lotteries l ON l.id = t.lottery_id JOIN users u ON u.id = t.user_id
      WHERE t.ticket_number = $1 AND l.deleted_at IS NULL`,
    [ticketNumber, now.toISOString()],
  );
  return rows[0];
}

/** Tickets by number (for publish), with what the validation needs. */
export async function findTicketsByNumbers(
  db: Db,
  numbers: string[],
): Promise<
  {
    id: number;
    ticket_number: string;
    lottery_id: number;
    user_id: number;
    status: string;
    is_winner: boolean;
  }[]
> {
  return db.query(
    `SELECT id, ticket_number, lottery_id, user_id, status, is_winner
       FROM lottery_tickets WHERE ticket_number = ANY($1::text[])`,
    [numbers],
  );
}

/** Pool (tickets not cancelled) and the number of active tickets, from the trigger-kept totals. */
export async function ticketTotals(db: Db, lotteryId: number): Promise<{ pool: string; active: number }> {
  const [row] = await db.query<{ pool: string; active: number }>(
    `SELECT coalesce(sum(amount) FILTER (WHERE status <> 'cancelled'), 0) AS pool,
            coalesce(sum(tickets) FILTER (WHERE status = 'active'), 0)::int AS active
       FROM lottery_ticket_stats WHERE lottery_id = $1`,
    [lotteryId],
  );
  return row ?? { pool: '0', active: 0 };
}

/** Prize per rank, computed by the one SQL rule (lottery_prize: rounded down to the cent). */
export async function prizes(
  db: Db,
  pool: string,
  ranks: { rank: number; percentage: number }[],
): Promise<Map<number, string>> {
  const rows = await db.query<{ rank: number; amount: string }>(
    `SELECT r.rank, lottery_prize($1::numeric, r.pct) AS amount
       FROM unnest($2::int[], $3::numeric[]) AS r(rank, pct)`,
    [pool, ranks.map((r) => r.rank), ranks.map((r) => String(r.percentage))],
  );
  return new Map(rows.map((r) => [r.rank, r.amount]));
}

// Draws --------------------------------------------------------------------------------------------

/**
 * `count` distinct active (not yet winning) tickets of the lottery, ordered by SHA-256 of
 * "<seed>:<ticket id>". The seed is 32 bytes from the OS CSPRNG, so the order is unpredictable, and the
 * draw can be re-derived from the recorded seed (audit). One set-based statement, whatever the ticket count.
 */
export async function drawTickets(
  db: Db,
  lotteryId: number,
  seed: string,
  count: number,
): Promise<{ id: number; ticket_number: string; user_id: number }[]> {
  return db.query(
    `SELECT id, ticket_number, user_id FROM lottery_tickets
      WHERE lottery_id = $1 AND status = 'active' AND NOT is_winner
      ORDER BY sha256(convert_to($2 || ':' || id::text, 'UTF8')), id
      LIMIT $3`,
    [lotteryId, seed, count],
  );
}

export async function insertDraw(
  db: Db,
  d: {
    lotteryId: number;
    seed: string;
    ranks: { rank: number; ticket_id: number; ticket_number: string }[];
    adminId: number;
    now: Date;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO lottery_draws (lottery_id, seed, ranks, admin_id, drawn_at)
     VALUES ($1, $2, $3::jsonb, $4, $5) RETURNING id`,
    [d.lotteryId, d.seed, JSON.stringify(d.ranks), d.adminId, d.now.toISOString()],
  );
  return row!.id;
}

export async function latestOpenDraw(
  db: Db,
  lotteryId: number,
): Promise<{ id: number; ranks: { rank: number; ticket_number: string }[] } | undefined> {
  const rows = await db.query<{ id: number; ranks: { rank: number; ticket_number: string }[] }>(
    `SELECT id, ranks FROM lottery_draws WHERE lottery_id = $1 AND NOT published
      ORDER BY drawn_at DESC, id DESC LIMIT 1`,
    [lotteryId],
  );
  return rows[0];
}

export async function markDrawPublished(
  db: Db,
  d: { drawId: number; adminId: number; now: Date; replaced: unknown[] },
): Promise<void> {
  await db.query(
    `UPDATE lottery_draws SET published = true, published_by = $2, published_at = $3, replaced = $4::jsonb
      WHERE id = $1`,
    [d.drawId, d.adminId, d.now.toISOString(), JSON.stringify(d.replaced)],
  );
}

/** A result entered entirely by hand (no draw generated): recorded as a 'manual' draw, every rank replaced. */
export async function insertManualDraw(
  db: Db,
  d: { lotteryId: number; adminId: number; now: Date; replaced: unknown[] },
): Promise<void> {
  await db.query(
    `INSERT INTO lottery_draws (lottery_id, seed, ranks, admin_id, published, drawn_at, published_by, published_at, replaced)
     VALUES ($1, 'manual', '[]'::jsonb, $2, true, $3, $2, $3, $4::jsonb)`,
    [d.lotteryId, d.adminId, d.now.toISOString(), JSON.stringify(d.replaced)],
  );
}

/** Users (for winner cards): username, name, balance, winnings by id. */
export async function usersByIds(
  db: Db,
  ids: number[],
): Promise<Map<number, { username: string; name: string | null; balance: string; winnings: string }>> {
  const rows = await db.query<{
    id: number;
    username: string;
    name: string | null;
    balance: string;
    winnings: string;
  }>('SELECT id, username, name, balance, winnings FROM users WHERE id = ANY($1::int[])', [ids]);
  return new Map(
    rows.map((r) => [r.id, { username: r.username, name: r.name, balance: r.balance, winnings: r.winnings }]),
  );
}

/** Marks the winning tickets (one statement); returns how many rows matched (all must). */
export async function markWinners(
  db: Db,
  lotteryId: number,
  winners: { ticket_id: number; rank: number; amount: string }[],
): Promise<number> {
  const rows = await db.query(
    `UPDATE lottery_tickets t SET is_winner = true, prize_rank = w.rank, winning_amount = w.amount
       FROM jsonb_to_recordset($2::jsonb) AS w(ticket_id int, rank int, amount numeric)
      WHERE t.id = w.ticket_id AND t.lottery_id = $1 AND t.status = 'active' AND NOT t.is_winner
      RETURNING t.id`,
    [lotteryId, JSON.stringify(winners)],
  );
  return rows.length;
}

/** Stores the result and flags the lottery distributed, once: false when it already was. */
export async function storeResult(db: Db, lotteryId: number, result: unknown[], now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE lotteries SET result = $2::jsonb, prize_distributed = true, distributed_at = $3, updated_at = $3
      WHERE id = $1 AND NOT prize_distributed RETURNING id`,
    [lotteryId, JSON.stringify(result), now.toISOString()],
  );
  return rows.length === 1;
}
