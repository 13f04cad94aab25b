import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const LIST = '/api/admin/transactions';

/** Exact decimal strings -> integer units of 1e-8 (no floats). */
const units = (s: string) => {
  const [int, frac = ''] = s.split('.');
  return BigInt(int!) * 100_000_000n + BigInt(frac.padEnd(8, '0'));
};

type Tx = {
  id: number;
  User: { id: number; name: string | null; username: string };
  amount: string;
  currency: string;
  payment_id: string | null;
  pay_currency: string | null;
  status: string;
  createdAt: string;
  pay_address: string | null;
};
type Page = { data: Tx[]; total: number; totalPages: number; page: number; perPage: number };

let t: TestApp;
let token: string;
let everything: Tx[];

const list = async (query: string) => {
  const res = await t.call('GET', `${LIST}${query}`, { token });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json().data as Page;
};
const allIds = async (query: string) => {
  const sep = query ? '&' : '?';
  const first = await list(`${query}${sep}per_page=100`);
  const ids = first.data.map((r) => r.id);
  for (let p = 2; p <= first.totalPages; p++)
    ids.push(...(await list(`${query}${sep}per_page=100&page=${p}`)).data.map((r) => r.id));
  expect(ids).toHaveLength(first.total);
  return ids;
};
type Key = 'createdAt' | 'id' | 'amount' | 'status' | 'currency';
const expected = (filter: (r: Tx) => boolean, key: Key = 'createdAt', dir: 'asc' | 'desc' = 'desc') => {
  const rows = everything.filter(filter).sort((a, b) => {
    const x = key === 'amount' ? units(a.amount) : a[key];
    const y = key === 'amount' ? units(b.amount) : b[key];
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  });
  if (dir === 'desc') rows.reverse();
  return rows.map((r) => r.id);
};

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDemo(t.db, { seed: 5 });
  everything = (
    await t.db.query<Tx & { user_id: number; name: string | null; username: string }>(
      `SELECT t.id, t.user_id, t.amount, t.currency, t.payment_id, t.pay_currency, t.status,
              t.created_at AS "createdAt", t.pay_address, u.name, u.username
         FROM transactions t JOIN users u ON u.id = t.user_id`,
    )
  ).map(({ user_id, name, username, ...r }) => ({ ...r, User: { id: user_id, name, username } }));
});
afterAll(() => t.close());

describe('GET /admin/transactions', () => {
  it('lists deposits newest first, 10 per page, with the user and exact amounts', async () => {
    const page = await list('');
    expect(page).toMatchObject({
      total: everything.length,
      page: 1,
      perPage: 10,
      totalPages: Math.ceil(everything.length / 10),
    });
    const byId = new Map(everything.map((r) => [r.id, r]));
    expect(page.data.map((r) => r.id)).toEqual(expected(() => true).slice(0, 10));
    for (const r of page.data) expect(r).toEqual(byId.get(r.id));
  });

  it('pages: per_page wins over limit, totals, the last page and beyond', async () => {
    const n = everything.length;
    expect(await list('?limit=50')).toMatchObject({ perPage: 50, totalPages: Math.ceil(n / 50), total: n });
    const p = await list('?limit=50&per_page=30&page=3');
    expect(p).toMatchObject({ perPage: 30, page: 3, totalPages: Math.ceil(n / 30) });
    expect(p.data.map((r) => r.id)).toEqual(expected(() => true).slice(60, 90));
    const last = await list(`?per_page=30&page=${p.totalPages}`);
    expect(last.data).toHaveLength(n - (p.totalPages - 1) * 30);
    expect((await list(`?per_page=30&page=${p.totalPages + 1}`)).data).toEqual([]);
  });

  it('filters by id, username, status, pay_address and the date range', async () => {
    const some = everything[42]!;
    expect(await allIds(`?id=${some.id}`)).toEqual([some.id]);
    expect(await allIds('?id=99999999999')).toEqual([]);

    const prefix = some.User.username.slice(0, -1).toUpperCase();
    expect(await allIds(`?username=${encodeURIComponent(prefix)}`)).toEqual(
      expected((r) => r.User.username.toLowerCase().startsWith(prefix.toLowerCase())),
    );
    expect(await allIds('?username=_')).toEqual([]); // a literal _, not a wildcard

    for (const status of ['completed', 'waiting', 'failed']) {
      const ids = await allIds(`?status=${status}`);
      expect(ids.length, status).toBeGreaterThan(0);
      expect(ids).toEqual(expected((r) => r.status === status));
    }

    const address = everything.find((r) => r.pay_address)!.pay_address!;
    expect(await allIds(`?pay_address=${address}`)).toEqual(expected((r) => r.pay_address === address));
    const addressPrefix = address.slice(0, 6).toUpperCase();
    expect(await allIds(`?pay_address=${addressPrefix}`)).toEqual(
      expected((r) => !!r.pay_address?.toLowerCase().startsWith(addressPrefix.toLowerCase())),
    );

    const times = everything.map((r) => r.createdAt).sort();
    const a = times[Math.floor(times.length / 3)]!;
    const b = times[Math.floor((times.length * 2) / 3)]!;
    expect(await allIds(`?date_start=${a}`)).toEqual(expected((r) => r.createdAt >= a));
    expect(await allIds(`?date_end=${b}`)).toEqual(expected((r) => r.createdAt <= b));
    const day = a.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
    expect(await allIds(`?date_start=${day}&date_end=${day}`)).toEqual(
      expected((r) => r.createdAt >= `${day}T00:00:00.000Z` && r.createdAt < next),
    );
    expect(await allIds(`?date_start=${a}&date_end=${b}&status=completed`)).toEqual(
      expected((r) => r.createdAt >= a && r.createdAt <= b && r.status === 'completed'),
    );
  });

  it('sorts by every whitelisted column in both directions (id breaks ties)', async () => {
    for (const key of ['createdAt', 'id', 'amount', 'status', 'currency'] as const)
      for (const dir of ['asc', 'desc'] as const)
        expect(await allIds(`?sort_by=${key}&sort_type=${dir}`), `${key} ${dir}`).toEqual(
          expected(() => true, key, dir),
        );
    expect(await allIds('?status=failed&sort_by=amount&sort_type=asc')).toEqual(
      expected((r) => r.status === 'failed', 'amount', 'asc'),
    );
  });

  it('validates the query and needs a session', async () => {
    const cases: [string, RegExp][] = [
      ['?status=paid', /^status: /],
      ['?sort_by=pay_address', /^sort_by: /],
      ['?per_page=101', /^per_page: Page size must not exceed 100$/],
      ['?limit=0', /^limit: Page size must be at least 1$/],
      ['?page=-1', /^page: Page must be at least 1$/],
      ['?date_start=31/01/2025', /^date_start: Invalid date/],
      ['?id=1.5', /^id: /],
    ];
    for (const [query, message] of cases) {
      const res = await t.call('GET', `${LIST}${query}`, { token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
    expect((await t.call('GET', LIST)).statusCode).toBe(401);
  });
});

describe('GET /admin/transactions/:id', () => {
  it('returns one deposit, 404 for an unknown id, 400 for a bad id', async () => {
    const some = everything[7]!;
    const res = await t.call('GET', `${LIST}/${some.id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Transaction retrieved successfully', data: some });
    for (const id of [987654, 99999999999]) {
      const missing = await t.call('GET', `${LIST}/${id}`, { token });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Transaction not found' });
    }
    expect((await t.call('GET', `${LIST}/abc`, { token })).statusCode).toBe(400);
    expect((await t.call('GET', `${LIST}/${some.id}`)).statusCode).toBe(401);
  });
});
