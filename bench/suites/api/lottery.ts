/**
 * Lottery cases of the api bench suite: GET /admin/lottery for each status (with the spec's limits:
 * open/upcoming lookups 100, completed 10) and GET /admin/lottery/tickets for each filter (the baseline
 * SQL is built by the endpoints' own repository functions from the same query, parsed by the same
 * contract schema), and publishing the result of a prepared closed lottery of 100k tickets (<= 1 s).
 */
import {
  buildLotteryListQuery,
  buildLotteryTicketsQuery,
  lotteryListFilters,
  lotteryTicketsFilters,
} from '../../../api/src/modules/lottery/repository.ts';
import { lotteryListQuery, lotteryTicketsQuery } from '../../../shared/src/contract/lottery.ts';
import type { ActionCase, AreaCases, ListCase } from './types.ts';

type Query = Record<string, string | string[]>;

const qs = (query: Query) => {
  const s = new URLSearchParams(query as Record<string, string>).toString();
  return s ? `?${s}` : '';
};

function lotteryCase(query: Query): ListCase {
  return {
    name: `GET /admin/lottery${qs(query)}`,
    path: '/admin/lottery',
    query,
    parallel: true,
    sql: (now) => {
      const q = buildLotteryListQuery(lotteryListFilters(lotteryListQuery.parse(query)), now);
      return [q.page, q.count];
    },
  };
}

function ticketsCase(query: Query): ListCase {
  return {
    name: `GET /admin/lottery/tickets${qs(query)}`,
    path: '/admin/lottery/tickets',
    query,
    parallel: true,
    sql: (now) => {
      const q = buildLotteryTicketsQuery(lotteryTicketsFilters(lotteryTicketsQuery.parse(query)), now);
      return [q.page, q.count];
    },
  };
}

// At `seed --scale 1`: 15 demo lotteries (ids 1-15), then 200 scale lotteries of ~5,000 tickets each.
const SCALE_LOTTERY = '100';

const lists: ListCase[] = [
  lotteryCase({}),
  lotteryCase({ status: 'upcoming', limit: '100' }),
  lotteryCase({ status: 'open', limit: '100' }),
  lotteryCase({ status: 'opened', limit: '100' }),
  lotteryCase({ status: 'closed' }),
  lotteryCase({ status: 'closed', page: '3' }),
  lotteryCase({ status: 'completed', limit: '10' }),
  // Ticket history: no filter, each filter alone, both, the tables' page size 5 and a later page.
  ticketsCase({}),
  ticketsCase({ status: 'active' }),
  ticketsCase({ status: 'inactive' }),
  ticketsCase({ status: 'cancelled' }),
  ticketsCase({ lottery_id: SCALE_LOTTERY }),
  ticketsCase({ lottery_id: SCALE_LOTTERY, status: 'active' }),
  ticketsCase({ lottery_id: SCALE_LOTTERY, status: 'cancelled' }),
  ticketsCase({ lottery_id: SCALE_LOTTERY, limit: '5', page: '20' }),
  ticketsCase({ status: 'active', page: '50' }),
];

const TICKETS = 100_000;

/** Publish of a closed lottery with 100k active tickets (drawn untimed in prepare; the publish is timed). */
const publish100k: ActionCase = {
  name: `POST /admin/lottery/publish (closed lottery, ${TICKETS / 1000}k tickets)`,
  targetMs: 1000,
  prepare: async (ctx) => {
    const [lottery] = await ctx.sql<{ id: number }>(
      `INSERT INTO lotteries (name, ticket_price, start_time, end_time, result_time, winners_count,
                              winner_distributions, admin_share)
       VALUES ('Bench Publish', 2.5, now() - interval '3 days', now() - interval '1 day',
               now() - interval '23 hours', 3,
               '[{"rank":1,"percentage":50},{"rank":2,"percentage":20},{"rank":3,"percentage":10}]', 20)
       RETURNING id`,
    );
    const id = lottery!.id;
    // Tickets of up to 5,000 active users, inserted directly (no purchase debits: untimed set-up only,
    // the pool is the sum of their prices all the same).
    await ctx.sql(
      `WITH buyers AS (SELECT array_agg(id) AS ids FROM (SELECT id FROM users WHERE status = 'active'
                                                          ORDER BY id LIMIT 5000) u)
       INSERT INTO lottery_tickets (lottery_id, user_id, price, status, created_at)
       SELECT $1, b.ids[1 + (g % array_length(b.ids, 1))], 2.5, 'active',
              now() - interval '2 days' + g * interval '1 millisecond'
         FROM generate_series(1, $2::int) g, buyers b`,
      [id, TICKETS],
    );
    const drawn = (await ctx.call('POST', `/admin/lottery/${id}/draw`, {})) as {
      data: { rank: number; percentage: number; ticket_number: string }[];
    };
    return {
      method: 'POST',
      path: '/admin/lottery/publish',
      body: {
        lottery_id: id,
        result: drawn.data.map((w) => ({
          rank: w.rank,
          percentage: w.percentage,
          ticket_number: w.ticket_number,
        })),
      },
    };
  },
  verify: async (ctx, response) => {
    const r = response as { success?: boolean; data?: { id: number; status: string; total_pool: string } };
    if (!r.success || r.data?.status !== 'completed' || r.data.total_pool !== String(TICKETS * 2.5)) {
      throw new Error(`publish did not complete the lottery: ${JSON.stringify(r).slice(0, 300)}`);
    }
    const [paid] = await ctx.sql<{ n: string }>(
      `SELECT count(*)::text AS n FROM ledger WHERE reason = 'lottery_prize' AND reference LIKE $1`,
      [`lottery:${r.data.id}:rank:%`],
    );
    if (paid?.n !== '3') throw new Error(`publish booked ${paid?.n} prizes instead of 3`);
  },
};

export const cases: AreaCases = { lists, actions: [publish100k] };
