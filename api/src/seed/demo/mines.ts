import { centsToString } from '../rng.ts';
import { DAY, HOUR, iso } from './time.ts';
import type { DemoTimeline } from './timeline.ts';

/** Mine games: finished (wins and losses), a few cancelled and refunded, some active right now. */
export function demoMineGames({ rng, base, events, book, funded }: DemoTimeline) {
  // Mine games: finished (wins and losses), a few cancelled and refunded, some active right now.
  const games: Record<string, unknown>[] = [];
  for (let k = 0; k < 64; k++) {
    const activeGame = k < 12;
    const at = activeGame ? base - rng.int(1, 120) * 60_000 : base - rng.int(3 * HOUR, 30 * DAY);
    const mines = rng.int(1, 24);
    const betCents = rng.pick([100, 500, 1000, 2500, 5000, 10000]) + rng.int(0, 99) * 10;
    const outcome = activeGame ? null : k < 14 ? 'cancelled' : rng.chance(0.45) ? 'won' : 'lost';
    events.push({
      at,
      order: 3,
      apply: () => {
        const players = funded(at, betCents).filter((u) => u.status === 'active');
        if (players.length === 0) return;
        const user = rng.pick(players);
        const id = games.length + 1;
        const finished = at + rng.int(1, 20) * 60_000;
        // Cashed out after a few safe picks: more mines pay more, and the house keeps its edge overall.
        const multiplier = 1.05 + ((mines / 24) * rng.int(2, 16)) / 10;
        const payoutCents = outcome === 'won' ? Math.floor(betCents * multiplier) : 0;
        book(user.id, -betCents, 'mine_bet', `mine_game:${id}`, at);
        if (outcome === 'won') book(user.id, payoutCents, 'mine_payout', `mine_game:${id}`, finished);
        if (outcome === 'cancelled') book(user.id, betCents, 'mine_refund', `mine_game:${id}`, finished);
        games.push({
          id,
          user_id: user.id,
          mines_count: mines,
          amount: centsToString(betCents),
          active: activeGame,
          outcome,
          payout: centsToString(payoutCents),
          created_at: iso(at),
          finished_at: activeGame ? null : iso(finished),
        });
      },
    });
  }
  return games;
}
