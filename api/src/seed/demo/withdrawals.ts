import { centsToString } from '../rng.ts';
import { REJECT_REASONS } from './texts.ts';
import { DAY, HOUR, iso } from './time.ts';
import type { DemoTimeline } from './timeline.ts';

/** ~120 withdrawals in every status: debited at request, refunded when rejected or cancelled. */
export function demoWithdrawals({ rng, base, events, book, balance, funded }: DemoTimeline) {
  // Withdrawals: debited at request, refunded when rejected or cancelled.
  const withdrawalStatuses = [
    'waiting',
    'pending',
    'approved',
    'rejected',
    'cancelled',
    'pending_otp',
    'completed',
  ] as const;
  const withdrawals: Record<string, unknown>[] = [];
  for (let k = 0; k < 130; k++) {
    const at = base - rng.int(2 * HOUR, 90 * DAY);
    const wanted = rng.int(1000, 200000);
    const fresh = at > base - 3 * DAY;
    events.push({
      at,
      order: 4,
      apply: () => {
        const owners = funded(at, 1000);
        if (owners.length === 0 || withdrawals.length >= 120) return;
        const user = rng.pick(owners);
        const cents = Math.min(wanted, balance.get(user.id) ?? 0);
        const id = withdrawals.length + 1;
        const status =
          fresh && rng.chance(0.5)
            ? rng.pick(['waiting', 'pending'] as const)
            : withdrawalStatuses[id % withdrawalStatuses.length]!;
        const processed = at + rng.int(1, 48) * HOUR;
        const decided = !['waiting', 'pending'].includes(status);
        book(user.id, -cents, 'withdrawal', `withdrawal:${id}`, at);
        if (status === 'rejected' || status === 'cancelled')
          book(user.id, cents, 'withdrawal_refund', `withdrawal:${id}`, processed);
        withdrawals.push({
          id,
          user_id: user.id,
          amount: centsToString(cents),
          wallet_address: rng.chance(0.08) ? null : `0x${rng.hex(40)}`,
          status,
          hash: status === 'completed' ? `0x${rng.hex(64)}` : null,
          processing: status === 'approved' && rng.chance(0.5),
          comment: status === 'rejected' ? rng.pick(REJECT_REASONS) : null,
          processed_at: decided ? iso(processed) : null,
          created_at: iso(at),
          updated_at: iso(decided ? processed : at),
        });
      },
    });
  }
  return withdrawals;
}
