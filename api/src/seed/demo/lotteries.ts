import { centsToString, ticketNumberFor } from '../rng.ts';
import { LOTTERY_NAMES } from './texts.ts';
import { DAY, HOUR, iso } from './time.ts';
import type { DemoTimeline } from './timeline.ts';

/**
 * 15 lotteries in every status by the clock; tickets bought on the timeline by funded active users (a few
 * cancelled and refunded); completed lotteries drawn, published and their winners credited at result time.
 */
export function demoLotteries({ rng, base, seed, events, book, funded }: DemoTimeline) {
  // Lotteries: in every status by the clock relative to base.
  const plan: ('upcoming' | 'open' | 'closed' | 'completed')[] = [
    'completed',
    'completed',
    'completed',
    'completed',
    'completed',
    'closed',
    'closed',
    'closed',
    'open',
    'open',
    'open',
    'open',
    'upcoming',
    'upcoming',
    'upcoming',
  ];
  const lotteries = plan.map((kind, i) => {
    let start: number;
    let end: number;
    if (kind === 'upcoming') {
      start = base + rng.int(1, 10) * DAY;
      end = start + rng.int(2, 7) * DAY;
    } else if (kind === 'open') {
      start = base - rng.int(1, 5) * DAY;
      end = base + rng.int(1, 5) * DAY;
    } else if (kind === 'closed') {
      start = base - rng.int(6, 12) * DAY;
      end = base - rng.int(2, 48) * HOUR;
    } else {
      start = base - rng.int(20, 90) * DAY;
      end = start + rng.int(3, 10) * DAY;
    }
    const winners = rng.int(1, 5);
    const share = rng.pick([20, 20, 25, 30, 40]);
    const each = Math.floor((100 - share) / winners);
    const distributions = Array.from({ length: winners }, (_, r) => ({
      rank: r + 1,
      percentage: r === winners - 1 ? 100 - share - each * (winners - 1) : each,
    }));
    return {
      id: i + 1,
      kind,
      name: LOTTERY_NAMES[i]!,
      priceCents: rng.pick([100, 200, 250, 500, 1000]),
      start,
      end,
      result: end + rng.int(1, 5) * HOUR,
      winners,
      share,
      distributions,
      max_participants: rng.chance(0.5) ? null : rng.int(100, 500),
      created_at: iso(start - rng.int(1, 5) * DAY),
    };
  });

  const tickets: {
    id: number;
    lottery_id: number;
    user_id: number;
    ticket_number: string;
    priceCents: number;
    status: string;
    at: number;
    is_winner: boolean;
    prize_rank: number | null;
    winningCents: number;
  }[] = [];
  for (const l of lotteries) {
    if (l.kind === 'upcoming') continue;
    const count = l.kind === 'open' ? rng.int(10, 40) : rng.int(Math.max(l.winners, 15), 60);
    const until = Math.min(l.end, base) - HOUR;
    for (let k = 0; k < count; k++) {
      const at = l.start + rng.int(0, Math.max(0, until - l.start));
      const cancel = rng.chance(0.04);
      events.push({
        at,
        order: 1,
        apply: () => {
          const buyers = funded(at, l.priceCents).filter((u) => u.status === 'active');
          if (buyers.length === 0) return;
          const user = rng.pick(buyers);
          const id = tickets.length + 1;
          book(user.id, -l.priceCents, 'lottery_ticket', `lottery_ticket:${id}`, at);
          tickets.push({
            id,
            lottery_id: l.id,
            user_id: user.id,
            ticket_number: ticketNumberFor(id),
            priceCents: l.priceCents,
            status: cancel ? 'cancelled' : l.kind === 'completed' ? 'inactive' : 'active',
            at,
            is_winner: false,
            prize_rank: null,
            winningCents: 0,
          });
          if (cancel) book(user.id, l.priceCents, 'lottery_refund', `lottery_ticket:${id}`, at + HOUR / 2);
        },
      });
    }
  }

  // Completed lotteries: draw and credit winners at result time.
  const draws: Record<string, unknown>[] = [];
  const results = new Map<number, unknown[]>();
  for (const l of lotteries.filter((x) => x.kind === 'completed')) {
    events.push({
      at: l.result,
      order: 2,
      apply: () => {
        const sold = tickets.filter((t) => t.lottery_id === l.id && t.status !== 'cancelled');
        const poolCents = sold.reduce((s, t) => s + t.priceCents, 0);
        const pool = [...sold];
        const result = [];
        for (const d of l.distributions) {
          const t = pool.splice(rng.int(0, pool.length - 1), 1)[0];
          if (!t) break; // fewer tickets than winners
          const cents = Math.floor((poolCents * d.percentage) / 100);
          t.is_winner = true;
          t.prize_rank = d.rank;
          t.winningCents = cents;
          if (cents > 0) book(t.user_id, cents, 'lottery_prize', `lottery_ticket:${t.id}`, l.result);
          result.push({
            rank: d.rank,
            percentage: d.percentage,
            ticket_id: t.id,
            ticket_number: t.ticket_number,
            user_id: t.user_id,
            amount: centsToString(cents),
          });
        }
        results.set(l.id, result);
        draws.push({
          id: draws.length + 1,
          lottery_id: l.id,
          seed: `demo-${seed}-${l.id}`,
          ranks: result.map((r) => ({
            rank: r.rank,
            ticket_id: r.ticket_id,
            ticket_number: r.ticket_number,
          })),
          published: true,
          drawn_at: iso(l.result - 10 * 60_000),
        });
      },
    });
  }
  return { lotteries, tickets, draws, results };
}
