import type { User } from '@backoffice/shared/contract';

/**
 * shared/src/rules/constants.ts: active and blocked are counted on the current page only; the total comes
 * from the server.
 */
export function pageCounts(users: readonly Pick<User, 'status'>[]) {
  let active = 0;
  let blocked = 0;
  for (const user of users) {
    if (user.status === 'active') active += 1;
    else if (user.status === 'blocked') blocked += 1;
  }
  return { active, blocked };
}
