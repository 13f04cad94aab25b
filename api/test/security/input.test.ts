import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Bad input never becomes a 500: ids beyond the integer columns, NUL bytes in text, dates PostgreSQL or
 * the answer's contract cannot carry, over-long e-mails, out-of-range counts and amounts all get a 400
 * naming the field, decided by the contract before any work.
 */
let t: TestApp;
let token: string;
const HOUR = 3_600_000;
const future = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const lottery = {
  name: 'Probe lottery',
  ticket_price: '10',
  winners: 1,
  start_time: future(1),
  end_time: future(2),
  winner_distributions: [{ rank: 1, percentage: 80 }],
  admin_share: 20,
};

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

async function expect400(method: string, url: string, message: string, body?: object) {
  const res = await t.call(method, url, { token, ...(body ? { body } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
  expect(res.json()).toEqual({ success: false, message });
}

async function expectStatus(method: string, url: string, status: number, message: string, body?: object) {
  const res = await t.call(method, url, { token, ...(body ? { body } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  expect(res.json()).toEqual({ success: false, message });
}

describe('ids and integers within the int4 columns', () => {
  it('an id beyond int4 names no row: 404 like any unknown id (PostgreSQL would refuse the number)', async () => {
    const lottery404 = 'Lottery not found';
    for (const id of ['99999999999999999999', '2147483648', '9223372036854775808']) {
      await expectStatus('GET', `/api/admin/lottery/details/${id}`, 404, lottery404);
      await expectStatus('PATCH', `/api/admin/lottery/${id}`, 404, lottery404, { result_time: 2 });
      await expectStatus('DELETE', `/api/admin/lottery/${id}`, 404, lottery404);
      await expectStatus('GET', `/api/admin/lottery/winners?lottery_id=${id}`, 404, lottery404);
      await expectStatus('PUT', `/api/admin/mines/${id}/status`, 404, 'Game not found', { status: 'false' });
      await expectStatus('GET', `/api/admin/transactions/${id}`, 404, 'Transaction not found');
      await expectStatus('GET', `/api/admin/user/${id}`, 404, 'User not found');
      const tickets = await t.call('GET', `/api/admin/lottery/tickets?lottery_id=${id}`, { token });
      expect(tickets.statusCode).toBe(200);
      expect(tickets.json().data).toMatchObject({ data: [], total: 0 });
    }
    await expectStatus('POST', '/api/admin/lottery/publish', 404, lottery404, {
      lottery_id: 1e12,
      result: [{ rank: 1, ticket_number: 'AB12345' }],
    });
  });

  it('ids that are not whole positive numbers are a 400', async () => {
    await expect400('GET', '/api/admin/transactions/1e3', 'id: ID must be a whole number');
    await expect400('GET', '/api/admin/user/0x10', 'id: ID must be a whole number');
    await expect400('GET', '/api/admin/lottery/details/1.5', 'id: ID must be a whole number');
    await expect400('DELETE', '/api/admin/lottery/-1', 'id: ID must be a positive number');
    await expect400('GET', '/api/admin/lottery/winners', 'lottery_id: lottery_id is required');
    await expect400('GET', '/api/admin/lottery/winners?lottery_id=abc', 'lottery_id: Invalid lottery id');
  });

  it('pages, page sizes and stored counts are bounded', async () => {
    await expect400(
      'GET',
      '/api/admin/mines?page=99999999999999999999',
      'page: Page must not exceed 2147483647',
    );
    await expect400('GET', '/api/admin/lottery?limit=0x10', 'limit: Page size must be a whole number');
    await expect400(
      'POST',
      '/api/admin/lottery',
      'max_participants: Max participants must not exceed 2147483647',
      {
        ...lottery,
        max_participants: 1e12,
      },
    );
  });
});

describe('text', () => {
  it('refuses NUL characters with a clear message', async () => {
    const nul = 'Text must not contain NUL characters';
    await expect400('POST', '/api/admin/lottery', `name: ${nul}`, { ...lottery, name: 'Pool\u0000One' });
    await expect400('GET', '/api/admin/user?username=a%00b', `username: ${nul}`);
    await expect400('GET', '/api/admin/transactions?pay_address=%00', `pay_address: ${nul}`);
    await expect400('GET', '/api/admin/withdrawal?user_name=x%00', `user_name: ${nul}`);
    await expect400('POST', '/api/admin/withdrawal/update', `reason: ${nul}`, {
      withdrawal_id: 1,
      status: 'rejected',
      reason: 'no\u0000',
    });
    await expect400('PUT', '/api/admin/user/1/block', `reason: ${nul}`, { reason: 'x\u0000' });
    await expect400('POST', '/api/admin/auth/login', `password: ${nul}`, {
      email: 'root@example.com',
      password: 'secret\u0000123',
    });
  });

  it('bounds an e-mail before any work', async () => {
    await expect400('POST', '/api/admin/auth/login', 'email: Email must not exceed 254 characters', {
      email: `${'a'.repeat(10_000)}@example.com`,
      password: 'secret123',
    });
  });
});

describe('dates and amounts', () => {
  it('refuses filter dates outside the years 1970..2100', async () => {
    const range = 'Date must be between the years 1970 and 2100';
    await expect400('GET', '/api/admin/support?created_at=0000-01-01', `created_at: ${range}`);
    await expect400('GET', '/api/admin/withdrawal?to=9999-12-31T23:59:59Z', `to: ${range}`);
    await expect400('GET', '/api/admin/transactions?date_start=0000-01-01T00:00:00Z', `date_start: ${range}`);
    await expect400(
      'GET',
      '/api/admin/transactions?date_end=%2B275760-09-13',
      'date_end: Invalid date, expected YYYY-MM-DD or an ISO date-time',
    );
    const ok = await t.call('GET', '/api/admin/transactions?date_start=1970-01-01&date_end=2100-12-31', {
      token,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a lottery whose times the API could not answer (end 9999 is refused at creation)', async () => {
    await expect400(
      'POST',
      '/api/admin/lottery',
      'end_time: End time must be between the years 1970 and 2100',
      {
        ...lottery,
        end_time: '9999-12-31T23:59:59Z',
      },
    );
    const [created] = await t.db.query<{ id: number }>(
      `INSERT INTO lotteries (name, ticket_price, start_time, end_time, result_time, winners_count,
                              winner_distributions)
       VALUES ('Patchable', 1, now() + interval '1 day', now() + interval '2 days', now() + interval '50 hours', 1,
               '[{"rank":1,"percentage":80}]') RETURNING id`,
    );
    await expect400(
      'PATCH',
      `/api/admin/lottery/${created!.id}`,
      'end_time: End time must be between the years 1970 and 2100',
      { end_time: '9999-12-31T23:59:59Z' },
    );
    // Nothing was stored, and the list still answers.
    const [row] = await t.db.query<{ year: number }>(
      'SELECT extract(year FROM end_time)::int AS year FROM lotteries WHERE id = $1',
      [created!.id],
    );
    expect(row!.year).toBeLessThan(2100);
    expect((await t.call('GET', '/api/admin/lottery?limit=100', { token })).statusCode).toBe(200);
  });

  it('refuses a ticket price the pool (numeric(20, 8)) could not sum', async () => {
    await expect400('POST', '/api/admin/lottery', 'ticket_price: Ticket price is too large', {
      ...lottery,
      ticket_price: '1234567890123456789012345',
    });
    const ok = await t.call('POST', '/api/admin/lottery', {
      token,
      body: { ...lottery, ticket_price: '9999999999.99' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.ticket_price).toBe('9999999999.99');
  });
});
