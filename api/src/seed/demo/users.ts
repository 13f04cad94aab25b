import type { Rng } from '../rng.ts';
import { FIRST, LAST } from './texts.ts';
import { DAY, iso } from './time.ts';

/** ~150 users in every status (the first five fixed), three of them deleted, and the blocks' history. */
export function demoUsers(rng: Rng, base: number) {
  const userCount = 150;
  const usernames = new Set<string>();
  const users = Array.from({ length: userCount }, (_, i) => {
    const id = i + 1;
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    let username = `${first}${last}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '');
    while (usernames.has(username)) username += rng.int(0, 9);
    usernames.add(username);
    const createdAt = base - rng.int(30, 200) * DAY - rng.int(0, DAY);
    const status =
      i < 5
        ? (['active', 'blocked', 'inactive', 'active', 'blocked'] as const)[i]!
        : rng.weighted({ active: 75, blocked: 13, inactive: 12 });
    return {
      id,
      name: rng.chance(0.1) ? null : `${first} ${last}`,
      username,
      email: `${username}@example.${rng.pick(['com', 'net', 'org'])}`,
      email_verified: rng.chance(0.8),
      role: rng.chance(0.1) ? 'vip' : 'user',
      status,
      block_reason:
        status === 'blocked' ? rng.pick(['Chargeback', 'Multiple accounts', 'Abusive behaviour']) : null,
      last_login: rng.chance(0.15) ? null : iso(base - rng.int(0, 20 * DAY)),
      created_at: iso(createdAt),
      updated_at: iso(createdAt),
      deleted_at: i >= userCount - 3 ? iso(base - rng.int(1, 10) * DAY) : null,
      createdMs: createdAt,
    };
  });
  const userBlocks = users
    .filter((u) => u.status === 'blocked')
    .map((u, i) => ({
      id: i + 1,
      user_id: u.id,
      action: 'blocked',
      reason: u.block_reason,
      created_at: iso(base - rng.int(1, 25) * DAY),
    }));
  return { users, userBlocks };
}

export type DemoUser = ReturnType<typeof demoUsers>['users'][number];
