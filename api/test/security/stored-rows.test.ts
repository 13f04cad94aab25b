import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ISO_TIMESTAMP, MIN_ISO_TIMESTAMP, rowTimestamp } from '../../src/db/parsers.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * "A stored row can never make a list answer fail its own contract": rows the API itself would refuse
 * (years past 9999, infinity, BC dates), inserted with SQL, are answered (clamped to the ends of the
 * ISO range) instead of turning the whole list into a 500.
 */
let t: TestApp;
let token: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const lottery = async (name: string, start: string, end: string, result: string) => {
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO lotteries (name, ticket_price, start_time, end_time, result_time, winners_count,
                              winner_distributions, admin_share)
       VALUES ($1, 10, $2, $3, $4, 1, '[{"rank":1,"percentage":80}]', 20) RETURNING id`,
      [name, start, end, result],
    );
    return row!.id;
  };
  ids.far = await lottery(
    'Far future',
    '2030-01-01 00:00:00+00',
    '9999-12-31 23:59:59+00',
    '10000-01-01 04:59:59+00',
  );
  ids.infinite = await lottery('Infinite', '-infinity', 'infinity', 'infinity');
  ids.ancient = await lottery(
    'Ancient',
    '0044-03-15 00:00:00+00 BC',
    '2020-01-01 00:00:00+00',
    '2020-01-01 01:00:00+00',
  );
  const [user] = await t.db.query<{ id: number }>(
    `INSERT INTO users (name, username, email, last_login, created_at)
     VALUES ('Odd', 'odd_dates', 'odd@example.test', 'infinity', '12000-06-01 00:00:00+00') RETURNING id`,
  );
  ids.user = user!.id;
  await t.db.query(
    `INSERT INTO support_tickets (user_id, type, message, created_at, updated_at)
     VALUES ($1, 'other', 'odd dates', '10000-01-01 00:00:00+00', 'infinity')`,
    [ids.user],
  );
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.call('GET', url, { token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

describe('odd stored timestamps', () => {
  it('the lottery lists answer 200 with the odd rows clamped to the ISO range', async () => {
    const all = await get('/api/admin/lottery?limit=100');
    const byId = new Map(all.data.data.map((l: { id: number }) => [l.id, l]));
    expect(byId.get(ids.far)).toMatchObject({
      end_time: '9999-12-31T23:59:59.000Z',
      result_time: MAX_ISO_TIMESTAMP,
    });
    expect(byId.get(ids.infinite)).toMatchObject({
      start_time: MIN_ISO_TIMESTAMP,
      end_time: MAX_ISO_TIMESTAMP,
      result_time: MAX_ISO_TIMESTAMP,
    });
    expect(byId.get(ids.ancient)).toMatchObject({ start_time: MIN_ISO_TIMESTAMP });
    for (const status of ['upcoming', 'open', 'closed', 'completed'])
      await get(`/api/admin/lottery?status=${status}`);
    await get(`/api/admin/lottery/details/${ids.far}`);
    await get(`/api/admin/lottery/details/${ids.infinite}`);
  });

  it('the users list, the user page and the support list answer 200', async () => {
    const users = await get('/api/admin/user?per_page=100');
    expect(users.data.data.find((u: { id: number }) => u.id === ids.user)).toMatchObject({
      last_login: MAX_ISO_TIMESTAMP,
      createdAt: MAX_ISO_TIMESTAMP,
    });
    await get(`/api/admin/user/${ids.user}`);
    const support = await get('/api/admin/support?per_page=100');
    expect(support.data.data[0]).toMatchObject({
      createdAt: MAX_ISO_TIMESTAMP,
      updatedAt: MAX_ISO_TIMESTAMP,
    });
  });

  it('rowTimestamp keeps normal values and clamps what ISO-8601 cannot carry', () => {
    expect(rowTimestamp('2025-01-31 10:00:00.123456+00')).toBe('2025-01-31T10:00:00.123Z');
    expect(rowTimestamp('9999-12-31 23:00:00-05')).toBe(MAX_ISO_TIMESTAMP);
    expect(rowTimestamp('10000-01-01 00:00:00+00')).toBe(MAX_ISO_TIMESTAMP);
    expect(rowTimestamp('infinity')).toBe(MAX_ISO_TIMESTAMP);
    expect(rowTimestamp('-infinity')).toBe(MIN_ISO_TIMESTAMP);
    expect(rowTimestamp('0044-03-15 00:00:00+00 BC')).toBe(MIN_ISO_TIMESTAMP);
  });
});

describe('rows the contract refuses', () => {
  it('a list leaves out a row whose JSON breaks the contract and answers the rest', async () => {
    const [broken] = await t.db.query<{ id: number }>(
      `INSERT INTO lotteries (name, ticket_price, start_time, end_time, result_time, winners_count,
                              winner_distributions)
       VALUES ('Bad ranks', 1, now() + interval '1 day', now() + interval '2 days', now() + interval '2 days', 1,
               '[{"rank":0,"percentage":150}]') RETURNING id`,
    );
    const list = await get('/api/admin/lottery?status=upcoming&limit=100');
    const listed = list.data.data.map((l: { id: number }) => l.id);
    expect(listed).not.toContain(broken!.id);
    expect(listed.length).toBeGreaterThan(0);
  });

  it('a NaN amount can never be stored (NaN passes "amount > 0")', async () => {
    await expect(
      t.db.query(
        `INSERT INTO transactions (user_id, amount, currency, status, created_at)
         VALUES ($1, 'NaN', 'usdt', 'completed', now())`,
        [ids.user],
      ),
    ).rejects.toThrow(/transactions_amount_not_nan/);
    await expect(t.db.query(`UPDATE users SET balance = 'NaN' WHERE id = $1`, [ids.user])).rejects.toThrow(
      /users_balance_not_nan/,
    );
  });
});
