import { centsToString, type Rng } from '../rng.ts';
import { iso } from './time.ts';
import type { DemoUser } from './users.ts';

/**
 * The money timeline of the demo: every movement is an event applied in time order, booked in the ledger,
 * so each user's balance equals the sum of its ledger rows and never goes negative.
 */
export function demoTimeline(rng: Rng, base: number, seed: number, users: DemoUser[]) {
  type Event = { at: number; order: number; apply: () => void };
  const events: Event[] = [];
  const balance = new Map<number, number>(); // cents
  const ledger: Record<string, unknown>[] = [];
  const book = (userId: number, cents: number, reason: string, reference: string, at: number) => {
    balance.set(userId, (balance.get(userId) ?? 0) + cents);
    ledger.push({
      id: ledger.length + 1,
      user_id: userId,
      amount: centsToString(cents),
      reason,
      reference,
      created_at: iso(at),
    });
  };
  const live = users.filter((u) => u.deleted_at === null);
  const funded = (at: number, cents: number) =>
    live.filter((u) => u.status !== 'inactive' && u.createdMs < at && (balance.get(u.id) ?? 0) >= cents);
  /** Applies the events in time order (ties by kind). */
  const run = () => {
    events.sort((a, b) => a.at - b.at || a.order - b.order);
    for (const e of events) e.apply();
  };
  return { rng, base, seed, events, balance, ledger, book, funded, run };
}

export type DemoTimeline = ReturnType<typeof demoTimeline>;
