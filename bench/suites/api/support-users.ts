/**
 * Support and users cases of the api bench suite: GET /admin/support and GET /admin/user with each filter
 * and each sort in both directions. The baseline SQL is built by the endpoints' own repository functions
 * from the same query, parsed by the same contract schema (page + count, run concurrently as the endpoint
 * does). Scale data: 200k users named scale<N> (email scale<N>@example.test), 50k tickets over 60 days.
 */

import {
  buildSupportCountQuery,
  buildSupportListQuery,
} from '../../../api/src/modules/support/repository.ts';
import { buildUsersCountQuery, buildUsersListQuery } from '../../../api/src/modules/users/repository.ts';
import { supportListQuery } from '../../../shared/src/contract/support.ts';
import { usersListQuery } from '../../../shared/src/contract/users.ts';
import type { AreaCases, ListCase } from './types.ts';

/** YYYY-MM-DD, `days` before today (UTC). */
const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

type Query = Record<string, string>;

const label = (query: Query) => {
  const text = new URLSearchParams(query).toString();
  return text ? `?${decodeURIComponent(text)}` : '';
};

function supportCase(query: Query, name = label(query)): ListCase {
  return {
    name: `GET /admin/support${name}`,
    path: '/admin/support',
    query,
    parallel: true,
    sql: (now) => {
      const q = supportListQuery.parse(query);
      return [buildSupportListQuery(q, now), buildSupportCountQuery(q, now)];
    },
  };
}

function userCase(query: Query, name = label(query)): ListCase {
  return {
    name: `GET /admin/user${name}`,
    path: '/admin/user',
    query,
    parallel: true,
    sql: (now) => {
      const q = usersListQuery.parse(query);
      return [buildUsersListQuery(q, now), buildUsersCountQuery(q, now)];
    },
  };
}

const sorts = (fields: readonly string[]) =>
  fields.flatMap((sort_by) => (['asc', 'desc'] as const).map((sort_type) => ({ sort_by, sort_type })));

const supportLists: ListCase[] = [
  supportCase({}),
  supportCase({ id: '12345' }),
  supportCase({ username: 'scale1234' }),
  supportCase({ username: 'scale123456' }),
  supportCase({ status: 'open' }),
  supportCase({ created_at: dayBefore(10) }, '?created_at=-10d'),
  supportCase({ status: 'closed', created_at: dayBefore(20) }, '?status=closed&created_at=-20d'),
  supportCase({ per_page: '100', page: '100' }),
  ...sorts(['createdAt', 'id', 'status', 'type']).map((q) => supportCase(q)),
];

const userLists: ListCase[] = [
  userCase({}),
  userCase({ email: 'scale7777' }),
  userCase({ email: 'SCALE123456@example.test' }),
  userCase({ username: 'scale1234' }),
  userCase({ username: 'Scale98765' }),
  userCase({ status: 'blocked' }),
  userCase({ status: 'inactive', per_page: '50' }),
  userCase({ limit: '25', page: '200' }),
  ...sorts(['createdAt', 'id', 'name', 'username', 'email', 'status', 'role', 'last_login']).map((q) =>
    userCase(q),
  ),
];

export const cases: AreaCases = { lists: [...supportLists, ...userLists] };
