import { API_PREFIX, type RouteDef, routes } from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Generated probe over the whole route catalogue: every route with params, query or body gets hostile
 * values, one field at a time (the other fields stay valid, so the value reaches the service and the
 * database), and must never answer 5xx. Bad input is a 400 with a message, never a 500.
 */

const HOUR = 3_600_000;
const future = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

/** Hostile scalars: ids beyond int4/int8, exotic numbers, NUL bytes, extreme dates, huge strings. */
const HOSTILE: unknown[] = [
  '99999999999999999999',
  '2147483648',
  '9223372036854775808',
  '-1',
  '1e3',
  '1e400',
  '0x10',
  'NaN',
  'a\u0000b',
  '\u0000',
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  '+275760-09-13',
  '10000-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  'x'.repeat(10_000),
  `${'a'.repeat(10_000)}@example.com`,
  '123456789012345678901234567890.123456789012345678901234567890',
  1e12,
  2 ** 53,
  -1,
  1e308,
  1e20,
  '1234567890123456789012345',
  '99999999999999.5',
  ' 7 ',
  0.1,
  true,
  null,
  [],
  ['a\u0000'],
  {},
  { $gt: '' },
];

/** Valid bodies, so that one hostile field is all that is wrong. */
const BASE_BODIES: Partial<Record<keyof typeof routes, Record<string, unknown>>> = {
  login: { email: 'root@example.com', password: 'secret123' },
  twoFactorEnable: { userId: 1, secret: 'JBSWY3DPEHPK3PXP', token: '123456' },
  dashboardRefresh: { metrics: ['TotalUsers'] },
  minesUpdateStatus: { status: 'false' },
  lotteryCreate: {
    name: 'Probe lottery',
    ticket_price: '10',
    winners: 1,
    start_time: future(1),
    end_time: future(2),
    result_time: 1,
    winner_distributions: [{ rank: 1, percentage: 80 }],
    admin_share: 20,
    max_participants: 10,
  },
  lotteryUpdate: { start_time: future(1), end_time: future(3), result_time: 2 },
  lotteryPublish: { lottery_id: 1, result: [{ rank: 1, ticket_number: 'AB12345' }] },
  supportUpdate: { status: 'closed', remarks: 'ok' },
  userUpdate: { status: 'inactive', reason: 'probe' },
  userBlock: { reason: 'probe' },
  userUnblock: { reason: 'probe' },
  withdrawalUpdate: { withdrawal_id: 1, status: 'rejected', reason: 'probe' },
  withdrawalUpdateBulk: { withdrawal_ids: [1, 2], status: 'rejected', reason: 'probe' },
};

/** The keys of an object schema, looking through preprocess/transform pipes, defaults and optionals. */
function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { def: Record<string, unknown> }).def;
  if (def.type === 'object') return Object.keys(def.shape as object);
  for (const inner of [def.out, def.in, def.innerType, def.schema]) {
    const keys = keysOf(inner as z.ZodType | undefined);
    if (keys.length) return keys;
  }
  return [];
}

const asQueryValue = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);

function pathWith(def: RouteDef, value: string, param?: string): string {
  return (
    API_PREFIX +
    def.path.replace(/:(\w+)/g, (_, key: string) =>
      encodeURIComponent(key === param ? value : key === 'ticketNumber' ? 'AB12345' : '1'),
    )
  );
}

let t: TestApp;
let token: string;
const failures: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      loginIp: { max: 1e6, windowMs: 1 },
      loginAccount: { max: 1e6, windowMs: 1 },
      twoFactor: { max: 1e6, windowMs: 1 },
    },
  });
  token = await t.login();
  // Some rows for the ids to reach.
  await t.db.query(
    `INSERT INTO users (name, username, email) VALUES ('P', 'probe_user', 'probe@example.test')`,
  );
});
afterAll(() => t.close());

async function probe(label: string, method: string, url: string, body?: unknown) {
  const res = await t.call(method, url, { token, ...(body === undefined ? {} : { body: body as object }) });
  if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  else if (res.statusCode === 400) {
    const msg = res.json().message;
    if (typeof msg !== 'string' || msg.length === 0) failures.push(`${label}: 400 without a message`);
  }
}

const candidates = Object.entries(routes).filter(
  ([name, def]) => name !== 'logout' && ('params' in def || 'query' in def || 'body' in def),
) as [keyof typeof routes, RouteDef][];

describe('hostile values over the whole route catalogue', () => {
  it('covers every route that takes input', () => {
    expect(candidates.length).toBeGreaterThan(20);
  });

  for (const [name, def] of candidates) {
    it(`${name}: ${def.method} ${def.path} never answers 5xx`, async () => {
      failures.length = 0;
      const paramKeys = keysOf(def.params).length
        ? keysOf(def.params)
        : (def.path.match(/:(\w+)/g) ?? []).map((k) => k.slice(1));
      const base = BASE_BODIES[name] ?? {};
      for (const value of HOSTILE) {
        const text = asQueryValue(value);
        for (const key of paramKeys) {
          await probe(
            `${name} param ${key}=${text.slice(0, 40)}`,
            def.method,
            pathWith(def, text, key),
            def.body ? base : undefined,
          );
        }
        for (const key of keysOf(def.query)) {
          const qs = new URLSearchParams({ [key]: text }).toString();
          await probe(`${name} query ${key}=${text.slice(0, 40)}`, def.method, `${pathWith(def, '1')}?${qs}`);
        }
        for (const key of keysOf(def.body)) {
          await probe(`${name} body ${key}=${text.slice(0, 40)}`, def.method, pathWith(def, '1'), {
            ...base,
            [key]: value,
          });
        }
      }
      if (def.body) {
        for (const whole of [null, [], 'x', 42, { ...base, extra: '\u0000' }]) {
          await probe(
            `${name} body=${JSON.stringify(whole).slice(0, 40)}`,
            def.method,
            pathWith(def, '1'),
            whole,
          );
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
