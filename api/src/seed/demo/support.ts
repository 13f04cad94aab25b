import type { Rng } from '../rng.ts';
import { LONG_MESSAGES, REMARKS, SHORT_MESSAGES, SUPPORT_TYPES } from './texts.ts';
import { DAY, HOUR, iso } from './time.ts';
import type { DemoUser } from './users.ts';

/** ~60 support tickets, open and closed, every fourth one long. */
export function demoSupportTickets(rng: Rng, base: number, users: DemoUser[]) {
  // Support tickets.
  const support = Array.from({ length: 60 }, (_, i) => {
    const user = rng.pick(users);
    const at = base - rng.int(HOUR, 60 * DAY);
    const status = rng.chance(0.5) ? 'open' : 'closed';
    const long = i % 4 === 0;
    return {
      id: 0,
      user_id: user.id,
      type: rng.pick(SUPPORT_TYPES),
      message: long ? rng.pick(LONG_MESSAGES) : rng.pick(SHORT_MESSAGES),
      status,
      remarks:
        status === 'closed' ? rng.pick(REMARKS) : rng.chance(0.2) ? 'Waiting for the user to reply.' : null,
      created_at: iso(at),
      updated_at: iso(at),
      closed_at: status === 'closed' ? iso(at + rng.int(1, 48) * HOUR) : null,
      at,
    };
  })
    .sort((a, b) => a.at - b.at)
    .map((s, i) => ({ ...s, id: i + 1 }));
  return support;
}
