import { centsToString } from '../rng.ts';
import { PAY_CURRENCIES } from './texts.ts';
import { HOUR, iso } from './time.ts';
import type { DemoTimeline } from './timeline.ts';
import type { DemoUser } from './users.ts';

/** ~400 deposits (ids in time order), credited on the timeline when completed. */
export function demoDeposits({ rng, base, events, book }: DemoTimeline, live: DemoUser[]) {
  // Deposits: generated up front (ids in time order), credited on the timeline when completed.
  const deposits = Array.from({ length: 400 }, () => {
    const user = rng.pick(live);
    const at = user.createdMs + rng.int(HOUR, Math.max(HOUR, base - user.createdMs - HOUR));
    const status = rng.weighted({ completed: 70, waiting: 15, failed: 15 });
    const cents = rng.chance(0.3) ? rng.pick([50, 100, 200, 500, 1000]) * 100 : rng.int(1000, 500000);
    return {
      user_id: user.id,
      amount: centsToString(cents),
      cents,
      currency: rng.chance(0.8) ? 'usd' : 'usdt',
      payment_id: String(rng.int(1_000_000_000, 9_999_999_999)),
      pay_currency: rng.weighted(PAY_CURRENCIES),
      pay_address: status === 'failed' && rng.chance(0.3) ? null : `0x${rng.hex(40)}`,
      status,
      at,
    };
  })
    .sort((a, b) => a.at - b.at)
    .map((d, i) => ({ ...d, id: i + 1, created_at: iso(d.at), updated_at: iso(d.at) }));
  for (const d of deposits) {
    if (d.status === 'completed')
      events.push({
        at: d.at,
        order: 0,
        apply: () => book(d.user_id, d.cents, 'deposit', `deposit:${d.id}`, d.at),
      });
  }
  return deposits;
}
