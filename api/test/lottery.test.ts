import type { Lottery, LotteryDetails, LotteryTicket, Paged, WinnerEntry } from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, type TestApp, testClock } from './helpers.ts';
import { DAY, HOUR, makeLottery, makeTickets, makeUser, units } from './lottery-helpers.ts';

const BASE = '/api/admin/lottery';
// A fixed wall clock for the app (whole minute), so statuses by the clock are predictable.
const T0 = Math.floor(Date.now() / 60_000) * 60_000;
const clock = testClock(T0);

let t: TestApp;
let token: string;
let users: number[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  token = await t.login();
  users = [await makeUser(t, 'Alice'), await makeUser(t, null), await makeUser(t, 'Carol')];
});
afterAll(() => t.close());

const iso = (ms: number) => new Date(ms).toISOString();
const call = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { token, body: body as object | undefined });
async function ok<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await call(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().data as T;
}
async function fails(method: string, url: string, body: unknown, status: number, message: string) {
  const res = await call(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  expect(res.json()).toEqual({ success: false, message: expect.stringContaining(message) });
  return res.json().message as string;
}

const validBody = (over: Record<string, unknown> = {}) => ({
  name: 'Friday Jackpot',
  ticket_price: '2.50',
  winners: 3,
  start_time: iso(clock() + HOUR),
  end_time: iso(clock() + 2 * HOUR),
  result_time: 2,
  winner_distributions: [
    { rank: 1, percentage: 40 },
    { rank: 2, percentage: 25 },
    { rank: 3, percentage: 15 },
  ],
  admin_share: 20,
  ...over,
});

const listIds = async (query: string) =>
  (await ok<Paged<Lottery>>('GET', `${BASE}?limit=100&${query}`)).data.map((l) => l.id);

describe('POST /admin/lottery', () => {
  it('creates an upcoming lottery with result time = end + delay', async () => {
    const body = validBody();
    const res = await call('POST', BASE, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Lottery created successfully!');
    const l = res.json().data as Lottery;
    expect(l).toMatchObject({
      name: 'Friday Jackpot',
      status: 'upcoming',
      ticket_price: '2.5',
      total_pool: '0',
      current_participants: 0,
      winners: 3,
      admin_share: 20,
      adminProfit: '0',
      distributionAmount: '0',
      prize_distributed: false,
      result: null,
      start_time: body.start_time,
      end_time: body.end_time,
      result_time: iso(Date.parse(body.end_time) + 2 * HOUR),
      winner_distributions: body.winner_distributions,
    });
    expect(await listIds('status=upcoming')).toContain(l.id);
  });

  it('defaults: admin share 20, delay 1 h', async () => {
    const { admin_share, result_time, ...body } = validBody({
      winner_distributions: [{ rank: 1, percentage: 80 }],
      winners: 1,
    });
    const l = await ok<Lottery>('POST', BASE, body);
    expect(l.admin_share).toBe(20);
    expect(l.result_time).toBe(iso(Date.parse(body.end_time) + HOUR));
  });

  it.each([
    [{ name: 'ab' }, 'Name must be at least 3 characters'],
    [{ name: 'x'.repeat(31) }, 'Name must not exceed 30 characters'],
    [{ ticket_price: '0' }, 'Ticket price must be greater than 0'],
    [{ ticket_price: -1 }, 'Ticket price must be greater than 0'],
    [{ ticket_price: 'abc' }, 'Ticket price must be greater than 0'],
    [{ ticket_price: '12345678901' }, 'Ticket price is too large'],
    [{ ticket_price: '2.555' }, 'Ticket price can have at most 2 decimal places'],
    [{ ticket_price: 1.125 }, 'Ticket price can have at most 2 decimal places'],
    [{ ticket_price: '0.001' }, 'Ticket price can have at most 2 decimal places'],
    [{ start_time: 'start_past' }, 'Start time cannot be in the past'],
    [{ end_time: 'before_start' }, 'End time must be after start time'],
    [{ result_time: 0 }, 'Result announcement must be at least 1 hour'],
    [{ result_time: 6 }, 'Result announcement cannot exceed 5 hours'],
    [{ result_time: 1.5 }, 'Result announcement must be a whole number of hours'],
    [{ winners: 0, winner_distributions: [] }, 'Number of winners must be at least 1'],
    [{ admin_share: 19 }, 'Admin share must be at least 20%'],
    [{ admin_share: 101 }, 'Admin share cannot exceed 100%'],
    [{ admin_share: 20.5 }, 'Admin share must be a whole number'],
    [
      {
        winner_distributions: [
          { rank: 1, percentage: 40 },
          { rank: 2, percentage: 20 },
          { rank: 3, percentage: 10 },
        ],
      },
      'Total percentage must equal 80%. Current total: 70%',
    ],
    [
      {
        admin_share: 25,
        winner_distributions: [
          { rank: 1, percentage: 40 },
          { rank: 2, percentage: 25 },
          { rank: 3, percentage: 15 },
        ],
      },
      'Total percentage must equal 75%. Current total: 80%',
    ],
    [{ winners: 2 }, 'Expected 2 winner percentages, got 3'],
    [
      {
        winner_distributions: [
          { rank: 1, percentage: 40 },
          { rank: 2, percentage: 25.333 },
          { rank: 3, percentage: 14.667 },
        ],
      },
      'Percentage can have at most 2 decimal places',
    ],
    [
      {
        winner_distributions: [
          { rank: 1, percentage: 40 },
          { rank: 1, percentage: 25 },
          { rank: 3, percentage: 15 },
        ],
      },
      'Winner percentages must be given for all 3 winners',
    ],
    [
      {
        winner_distributions: [
          { rank: 1, percentage: 120 },
          { rank: 2, percentage: -30 },
          { rank: 3, percentage: -10 },
        ],
      },
      'Percentage cannot exceed 100',
    ],
  ])('rejects %j with the spec message', async (over, message) => {
    const patch: Record<string, unknown> = { ...over };
    if (patch.start_time === 'start_past') patch.start_time = iso(clock() - 10 * 60_000);
    if (patch.end_time === 'before_start') patch.end_time = iso(clock() + HOUR - 60_000);
    await fails('POST', BASE, validBody(patch), 400, message);
  });

  it('refuses a ticket price with more than 2 decimals; trailing zeros do not count', async () => {
    const res = await call('POST', BASE, validBody({ ticket_price: '3.333' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'ticket_price: Ticket price can have at most 2 decimal places',
    });
    expect((await ok<Lottery>('POST', BASE, validBody({ ticket_price: '3.300' }))).ticket_price).toBe('3.3');
  });

  it('accepts a start time a few seconds old (minute-precision inputs) and it is open at once', async () => {
    const l = await ok<Lottery>('POST', BASE, validBody({ start_time: iso(clock() - 20_000) }));
    expect(l.status).toBe('open');
  });

  it('needs a session and the XSRF header', async () => {
    expect((await t.call('POST', BASE, { body: validBody() })).statusCode).toBe(401);
    expect((await t.call('GET', BASE)).statusCode).toBe(401);
    expect((await t.call('POST', BASE, { token, body: validBody(), xsrf: false })).statusCode).toBe(403);
  });
});

describe('status by the clock', () => {
  it('moves upcoming -> open -> closed as the clock passes start and end; lists follow', async () => {
    const start = clock() + 2 * DAY;
    const l = await ok<Lottery>(
      'POST',
      BASE,
      validBody({ start_time: iso(start), end_time: iso(start + DAY), name: 'Clockwork' }),
    );
    const statusOf = async () => (await ok<LotteryDetails>('GET', `${BASE}/details/${l.id}`)).status;
    const where = async () => {
      const found: string[] = [];
      for (const s of ['upcoming', 'open', 'opened', 'closed', 'completed']) {
        if ((await listIds(`status=${s}`)).includes(l.id)) found.push(s);
      }
      return found;
    };
    try {
      expect(await statusOf()).toBe('upcoming');
      expect(await where()).toEqual(['upcoming']);
      clock.set(start - 1);
      expect(await statusOf()).toBe('upcoming');
      clock.set(start);
      expect(await statusOf()).toBe('open');
      expect(await where()).toEqual(['open', 'opened']);
      const opened = await ok<Paged<Lottery>>('GET', `${BASE}?status=opened&limit=100`);
      expect(opened.data.find((x) => x.id === l.id)?.status).toBe('open');
      clock.set(start + DAY);
      expect(await statusOf()).toBe('closed');
      expect(await where()).toEqual(['closed']);
      expect(await listIds('')).toContain(l.id);
    } finally {
      clock.set(T0);
    }
  });

  it('pages with total, totalPages, page and perPage; unknown status is a 400', async () => {
    for (let i = 0; i < 3; i++) {
      await makeLottery(t, {
        start: T0 - 20 * DAY - i * HOUR,
        end: T0 - 10 * DAY - i * HOUR,
        name: `Paged ${i}`,
      });
    }
    const all = await ok<Paged<Lottery>>('GET', `${BASE}?status=closed&limit=100`);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const ends = all.data.map((l) => Date.parse(l.end_time));
    expect(ends).toEqual([...ends].sort((a, b) => b - a));
    const p1 = await ok<Paged<Lottery>>('GET', `${BASE}?status=closed&limit=2&page=1`);
    const p2 = await ok<Paged<Lottery>>('GET', `${BASE}?status=closed&limit=2&page=2`);
    expect(p1).toMatchObject({ total: all.total, totalPages: Math.ceil(all.total / 2), page: 1, perPage: 2 });
    expect([...p1.data, ...p2.data].map((l) => l.id)).toEqual(all.data.slice(0, 4).map((l) => l.id));
    const beyond = await ok<Paged<Lottery>>('GET', `${BASE}?status=closed&limit=2&page=999`);
    expect(beyond.data).toEqual([]);
    await fails('GET', `${BASE}?status=finished`, undefined, 400, 'status');
    await fails('GET', `${BASE}?limit=101`, undefined, 400, 'Page size must not exceed 100');
  });
});

describe('GET /admin/lottery/details/:id and tickets', () => {
  let id: number;
  beforeAll(async () => {
    id = await makeLottery(t, {
      start: T0 - 5 * DAY,
      end: T0 + 5 * DAY,
      price: '3.33',
      distributions: [
        { rank: 1, percentage: 33.33 },
        { rank: 2, percentage: 33.33 },
        { rank: 3, percentage: 13.34 },
      ],
    });
    await makeTickets(t, id, users, 7, { at: T0 - 4 * DAY });
    await makeTickets(t, id, users.slice(0, 1), 2, { status: 'cancelled', at: T0 - 3 * DAY });
    await makeTickets(t, id, users.slice(1, 2), 1, { status: 'inactive', at: T0 - 2 * DAY });
  });

  it('details: pool of the tickets not cancelled, distributions rounded down, profit = pool - prizes', async () => {
    const d = await ok<LotteryDetails>('GET', `${BASE}/details/${id}`);
    // 8 tickets (7 active + 1 inactive) x 3.33 = 26.64; prizes: floor(26.64 * 33.33) / 100 = 8.87 ...
    expect(d).toMatchObject({ status: 'open', total_pool: '26.64', current_participants: 8, adminShare: 20 });
    expect(d.distributions).toEqual([
      { rank: 1, percentage: 33.33, amount: '8.87' },
      { rank: 2, percentage: 33.33, amount: '8.87' },
      { rank: 3, percentage: 13.34, amount: '3.55' },
    ]);
    expect(d.distributionAmount).toBe('21.29');
    expect(d.adminProfit).toBe('5.35');
    expect(units(d.adminProfit) + units(d.distributionAmount)).toBe(units(d.total_pool));
  });

  it('pool and participants follow ticket inserts, status changes and deletes (trigger-kept totals)', async () => {
    const lid = await makeLottery(t, { start: T0 - DAY, end: T0 + DAY, price: '1.25' });
    const ids = await makeTickets(t, lid, users, 4);
    const totals = async () => {
      const d = await ok<LotteryDetails>('GET', `${BASE}/details/${lid}`);
      const actual = await t.db.query<{ pool: string; n: number }>(
        `SELECT coalesce(sum(price), 0) AS pool, count(*) AS n FROM lottery_tickets
          WHERE lottery_id = $1 AND status <> 'cancelled'`,
        [lid],
      );
      expect([d.total_pool, d.current_participants]).toEqual([actual[0]!.pool, actual[0]!.n]);
      return [d.total_pool, d.current_participants];
    };
    expect(await totals()).toEqual(['5', 4]);
    await t.db.query(`UPDATE lottery_tickets SET status = 'cancelled' WHERE id = $1`, [ids[0]]);
    expect(await totals()).toEqual(['3.75', 3]);
    await t.db.query(`UPDATE lottery_tickets SET price = 2 WHERE id = $1`, [ids[1]]);
    expect(await totals()).toEqual(['4.5', 3]);
    await t.db.query('DELETE FROM lottery_tickets WHERE id = $1', [ids[2]]);
    expect(await totals()).toEqual(['3.25', 2]);
    const listed = await ok<Paged<LotteryTicket>>(
      'GET',
      `${BASE}/tickets?lottery_id=${lid}&status=cancelled`,
    );
    expect(listed.total).toBe(1);
    // sold=true (docs/architecture.md#console-behaviour): the tickets Tickets Sold counts, so the list's
    // total is that same number.
    const sold = await ok<Paged<LotteryTicket>>(
      'GET',
      `${BASE}/tickets?lottery_id=${lid}&sold=true&limit=100`,
    );
    expect(sold.total).toBe(2);
    expect(sold.data.map((x) => x.status)).not.toContain('cancelled');
    expect(sold.data).toHaveLength(2);
    expect((await ok<Paged<LotteryTicket>>('GET', `${BASE}/tickets?lottery_id=${lid}`)).total).toBe(3);
    expect(
      (await ok<Paged<LotteryTicket>>('GET', `${BASE}/tickets?lottery_id=${lid}&sold=false`)).total,
    ).toBe(3);
  });

  it('details of an unknown or deleted lottery: 404 Lottery not found', async () => {
    await fails('GET', `${BASE}/details/999999`, undefined, 404, 'Lottery not found');
    await fails('GET', `${BASE}/details/abc`, undefined, 400, 'ID must be a whole number');
  });

  it('tickets: filters by lottery and status, newest first, paged, with lottery and user', async () => {
    const all = await ok<Paged<LotteryTicket>>('GET', `${BASE}/tickets?lottery_id=${id}&limit=100`);
    expect(all.total).toBe(10);
    const times = all.data.map((x) => Date.parse(x.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const first = all.data[0]!;
    expect(first).toMatchObject({
      status: 'inactive',
      price: '3.33',
      is_winner: false,
      prize_rank: null,
      winning_amount: '0',
      Lottery: { id, name: 'Test Pool', status: 'open' },
      user: { id: users[1], name: null, user_detail: { balance: '0', winnings: '0' } },
    });
    expect(first.ticket_number).toMatch(/^[A-Z]{2}\d{5}$/);
    const active = await ok<Paged<LotteryTicket>>(
      'GET',
      `${BASE}/tickets?lottery_id=${id}&status=active&limit=3`,
    );
    expect(active).toMatchObject({ total: 7, totalPages: 3, page: 1, perPage: 3 });
    expect(active.data.every((x) => x.status === 'active')).toBe(true);
    const cancelled = await ok<Paged<LotteryTicket>>('GET', `${BASE}/tickets?status=cancelled&limit=100`);
    expect(cancelled.data.every((x) => x.status === 'cancelled')).toBe(true);
    expect(cancelled.total).toBe(cancelled.data.length);
    const any = await ok<Paged<LotteryTicket>>('GET', `${BASE}/tickets`);
    expect(any.perPage).toBe(10);
    const page2 = await ok<Paged<LotteryTicket>>('GET', `${BASE}/tickets?lottery_id=${id}&limit=4&page=2`);
    expect(page2.data.map((x) => x.id)).toEqual(all.data.slice(4, 8).map((x) => x.id));
    expect((await ok<Paged<LotteryTicket>>('GET', `${BASE}/tickets?lottery_id=999999`)).total).toBe(0);
    await fails('GET', `${BASE}/tickets?status=lost`, undefined, 400, 'status');
  });
});

describe('PATCH /admin/lottery/:id', () => {
  it('moves the schedule of an upcoming lottery without changing its status', async () => {
    const l = await ok<Lottery>('POST', BASE, validBody({ name: 'Movable' }));
    const start = clock() + 3 * HOUR;
    const end = clock() + 9 * HOUR;
    const res = await call('PATCH', `${BASE}/${l.id}`, {
      start_time: iso(start),
      end_time: iso(end),
      result_time: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Lottery updated successfully');
    expect(res.json().data).toMatchObject({
      status: 'upcoming',
      start_time: iso(start),
      end_time: iso(end),
      result_time: iso(end + 5 * HOUR),
    });
    // Only the end: the current delay (5 h) is kept.
    const later = await ok<Lottery>('PATCH', `${BASE}/${l.id}`, { end_time: iso(end + HOUR) });
    expect(later.result_time).toBe(iso(end + 6 * HOUR));
    const delay = await ok<Lottery>('PATCH', `${BASE}/${l.id}`, { result_time: '3' });
    expect(delay.result_time).toBe(iso(end + 4 * HOUR));
  });

  it('updates an open lottery (end and delay) and keeps it open', async () => {
    const id = await makeLottery(t, { start: T0 - DAY, end: T0 + DAY });
    const l = await ok<Lottery>('PATCH', `${BASE}/${id}`, { end_time: iso(T0 + 2 * DAY), result_time: 1 });
    expect(l).toMatchObject({
      status: 'open',
      end_time: iso(T0 + 2 * DAY),
      result_time: iso(T0 + 2 * DAY + HOUR),
    });
    await fails('PATCH', `${BASE}/${id}`, { start_time: iso(T0 + HOUR) }, 400, 'cannot move to the future');
    await fails(
      'PATCH',
      `${BASE}/${id}`,
      { end_time: iso(T0 - HOUR) },
      400,
      'End time cannot be in the past',
    );
  });

  it('rules: delay 1-5 h, start before end, start not in the past, something to update', async () => {
    const l = await ok<Lottery>('POST', BASE, validBody({ name: 'Rules' }));
    await fails(
      'PATCH',
      `${BASE}/${l.id}`,
      { result_time: 0 },
      400,
      'Result announcement must be at least 1 hour',
    );
    await fails(
      'PATCH',
      `${BASE}/${l.id}`,
      { result_time: 6 },
      400,
      'Result announcement cannot exceed 5 hours',
    );
    await fails(
      'PATCH',
      `${BASE}/${l.id}`,
      { result_time: 'x' },
      400,
      'Result announcement must be at least 1 hour',
    );
    await fails(
      'PATCH',
      `${BASE}/${l.id}`,
      { start_time: iso(clock() + 5 * HOUR), end_time: iso(clock() + 4 * HOUR) },
      400,
      'End time must be after start time',
    );
    await fails(
      'PATCH',
      `${BASE}/${l.id}`,
      { end_time: iso(clock() + 30 * 60_000) },
      400,
      'End time must be after start time',
    );
    await fails(
      'PATCH',
      `${BASE}/${l.id}`,
      { start_time: iso(clock() - HOUR) },
      400,
      'Start time cannot be in the past',
    );
    await fails(
      'PATCH',
      `${BASE}/${l.id}`,
      { start_time: 'tomorrow' },
      400,
      'Start time must be an ISO date-time',
    );
    await fails('PATCH', `${BASE}/${l.id}`, {}, 400, 'Nothing to update');
    await fails('PATCH', `${BASE}/999999`, { result_time: 2 }, 404, 'Lottery not found');
  });

  it('refuses closed and completed lotteries (409)', async () => {
    const closed = await makeLottery(t, { start: T0 - 3 * DAY, end: T0 - DAY });
    await fails(
      'PATCH',
      `${BASE}/${closed}`,
      { result_time: 2 },
      409,
      'Only upcoming or open lotteries can be updated',
    );
    await t.db.query('UPDATE lotteries SET prize_distributed = true WHERE id = $1', [closed]);
    await fails(
      'PATCH',
      `${BASE}/${closed}`,
      { result_time: 2 },
      409,
      'Only upcoming or open lotteries can be updated',
    );
  });
});

describe('DELETE /admin/lottery/:id', () => {
  it('soft-deletes an upcoming lottery; it disappears from lists and details', async () => {
    const l = await ok<Lottery>('POST', BASE, validBody({ name: 'Doomed' }));
    const res = await call('DELETE', `${BASE}/${l.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Lottery deleted successfully' });
    const [row] = await t.db.query<{ deleted_at: string | null }>(
      'SELECT deleted_at FROM lotteries WHERE id = $1',
      [l.id],
    );
    expect(row!.deleted_at).toBe(iso(clock()));
    expect(await listIds('status=upcoming')).not.toContain(l.id);
    expect(await listIds('')).not.toContain(l.id);
    await fails('GET', `${BASE}/details/${l.id}`, undefined, 404, 'Lottery not found');
    await fails('DELETE', `${BASE}/${l.id}`, undefined, 404, 'Lottery not found');
    await fails('PATCH', `${BASE}/${l.id}`, { result_time: 2 }, 404, 'Lottery not found');
  });

  it('refuses open, closed and completed lotteries (409), unknown ids (404)', async () => {
    const open = await makeLottery(t, { start: T0 - DAY, end: T0 + DAY });
    const closed = await makeLottery(t, { start: T0 - 3 * DAY, end: T0 - DAY });
    await fails('DELETE', `${BASE}/${open}`, undefined, 409, 'Only upcoming lotteries can be deleted');
    await fails('DELETE', `${BASE}/${closed}`, undefined, 409, 'Only upcoming lotteries can be deleted');
    await fails('DELETE', `${BASE}/999999`, undefined, 404, 'Lottery not found');
  });
});

describe('winners: POST /admin/lottery/:id/draw draws them, GET /admin/lottery/winners reads', () => {
  const drawOf = (id: number) => `${BASE}/${id}/draw`;
  const winnersOf = (id: number) => `${BASE}/winners?lottery_id=${id}`;

  it('draws distinct active tickets of the lottery, recorded with seed, time and admin', async () => {
    const id = await makeLottery(t, { start: T0 - 3 * DAY, end: T0 - DAY });
    const other = await makeLottery(t, { start: T0 - 3 * DAY, end: T0 - DAY });
    const active = new Set(await makeTickets(t, id, users, 40));
    await makeTickets(t, id, users, 30, { status: 'inactive' });
    await makeTickets(t, id, users, 30, { status: 'cancelled' });
    await makeTickets(t, other, users, 50);
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const res = await call('POST', drawOf(id));
      expect(res.statusCode, res.body).toBe(200);
      const winners = res.json().data as WinnerEntry[];
      expect(winners.map((w) => [w.rank, w.percentage])).toEqual([
        [1, 50],
        [2, 20],
        [3, 10],
      ]);
      expect(new Set(winners.map((w) => w.ticket_number)).size).toBe(3);
      for (const w of winners) {
        expect(active.has(w.ticket_id!)).toBe(true);
        expect(w.prize_distributed).toBe(false);
        expect(w.user).toMatchObject({
          username: expect.any(String),
          balance: expect.any(String),
          winnings: expect.any(String),
        });
        seen.add(w.ticket_number);
      }
      // pool = 70 tickets not cancelled (40 active + 30 inactive) x 2.5 = 175 -> prizes 87.5, 35, 17.5
      expect(winners.map((w) => w.amount)).toEqual(['87.5', '35', '17.5']);
    }
    expect(seen.size).toBeGreaterThan(3); // 8 draws of 3 out of 40 are not all the same
    const draws = await t.db.query<{
      seed: string;
      ranks: { rank: number; ticket_number: string }[];
      admin_id: number;
      drawn_at: string;
      published: boolean;
    }>(
      'SELECT seed, ranks, admin_id, drawn_at, published FROM lottery_draws WHERE lottery_id = $1 ORDER BY id',
      [id],
    );
    expect(draws).toHaveLength(8);
    expect(new Set(draws.map((d) => d.seed)).size).toBe(8);
    for (const d of draws) {
      expect(d.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(d).toMatchObject({ admin_id: t.adminId, drawn_at: iso(clock()), published: false });
      expect(d.ranks.map((r) => r.rank)).toEqual([1, 2, 3]);
    }
    // The recorded seed reproduces the draw (audit).
    const last = draws.at(-1)!;
    const replay = await t.db.query<{ ticket_number: string }>(
      `SELECT ticket_number FROM lottery_tickets WHERE lottery_id = $1 AND status = 'active' AND NOT is_winner
        ORDER BY sha256(convert_to($2 || ':' || id::text, 'UTF8')), id LIMIT 3`,
      [id, last.seed],
    );
    expect(replay.map((r) => r.ticket_number)).toEqual(last.ranks.map((r) => r.ticket_number));
  });

  it('with fewer active tickets than ranks, draws them all; none -> 409', async () => {
    const id = await makeLottery(t, { start: T0 - 3 * DAY, end: T0 - DAY });
    const only = await makeTickets(t, id, users, 2);
    await makeTickets(t, id, users, 5, { status: 'inactive' });
    const winners = await ok<WinnerEntry[]>('POST', drawOf(id));
    expect(winners.map((w) => w.rank)).toEqual([1, 2]);
    expect(new Set(winners.map((w) => w.ticket_id))).toEqual(new Set(only));
    const empty = await makeLottery(t, { start: T0 - 3 * DAY, end: T0 - DAY });
    await fails('POST', drawOf(empty), undefined, 409, 'no active tickets');
    // Nothing to draw from: the read answers no winners.
    expect(await ok<WinnerEntry[]>('GET', winnersOf(empty))).toEqual([]);
  });

  it('no winners before the lottery has closed; unknown lottery 404; lottery_id required', async () => {
    const open = await makeLottery(t, { start: T0 - DAY, end: T0 + DAY });
    await makeTickets(t, open, users, 5);
    const upcoming = await makeLottery(t, { start: T0 + DAY, end: T0 + 2 * DAY });
    await fails(
      'GET',
      `${BASE}/winners?lottery_id=${open}`,
      undefined,
      409,
      'only once the lottery has closed',
    );
    await fails(
      'GET',
      `${BASE}/winners?lottery_id=${upcoming}`,
      undefined,
      409,
      'only once the lottery has closed',
    );
    await fails('POST', drawOf(open), undefined, 409, 'only once the lottery has closed');
    await fails('POST', drawOf(upcoming), undefined, 409, 'only once the lottery has closed');
    await fails('GET', `${BASE}/winners?lottery_id=999999`, undefined, 404, 'Lottery not found');
    await fails('POST', drawOf(999999), undefined, 404, 'Lottery not found');
    await fails('GET', `${BASE}/winners`, undefined, 400, 'lottery_id');
  });

  it('a reader (the auditor) reads winners and changes nothing; only lottery:write draws, audited', async () => {
    const id = await makeLottery(t, { start: T0 - 3 * DAY, end: T0 - DAY });
    await makeTickets(t, id, users, 10);
    await createAdmin(t.db, { email: 'draw-auditor@example.com', password: 'secret123', roles: ['auditor'] });
    const writerId = await createAdmin(t.db, {
      email: 'draw-writer@example.com',
      password: 'secret123',
      roles: ['lottery'],
    });
    const auditor = await t.login('draw-auditor@example.com', 'secret123');
    const writer = await t.login('draw-writer@example.com', 'secret123');
    const state = async () => ({
      draws: await t.db.query('SELECT * FROM lottery_draws WHERE lottery_id = $1 ORDER BY id', [id]),
      audit: await t.db.query('SELECT id FROM audit_log ORDER BY id'),
    });

    // No draw yet: no winners, and the read writes nothing (it used to draw and record a draw).
    const before = await state();
    const read = await t.call('GET', winnersOf(id), { token: auditor });
    expect([read.statusCode, read.json().data]).toEqual([200, []]);
    expect(await state()).toEqual(before);
    // Drawing is a state change: refused to the reader, nothing written.
    const refused = await t.call('POST', drawOf(id), { token: auditor });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { success: false, message: 'Insufficient permissions' },
    ]);
    expect(await state()).toEqual(before);

    // The lottery writer draws: one draw and its audit record, with the seed that reproduces it.
    const res = await t.call('POST', drawOf(id), { token: writer });
    expect(res.statusCode, res.body).toBe(200);
    const drawn = res.json().data as WinnerEntry[];
    expect(drawn).toHaveLength(3);
    const draws = await t.db.query<{ id: number; seed: string; admin_id: number }>(
      'SELECT id, seed, admin_id FROM lottery_draws WHERE lottery_id = $1',
      [id],
    );
    expect(draws).toEqual([{ id: expect.any(Number), seed: expect.any(String), admin_id: writerId }]);
    const records = await t.db.query(
      `SELECT action, admin_id, target_type, target_id, details FROM audit_log
        WHERE action = 'lottery.draw' AND target_id = $1`,
      [String(id)],
    );
    expect(records).toEqual([
      {
        action: 'lottery.draw',
        admin_id: writerId,
        target_type: 'lottery',
        target_id: String(id),
        details: {
          draw_id: draws[0]!.id,
          seed: draws[0]!.seed,
          winners: drawn.map((w) => ({
            rank: w.rank,
            ticket_id: w.ticket_id,
            ticket_number: w.ticket_number,
          })),
        },
      },
    ]);

    // The reader now sees that draw, still without writing anything.
    const after = await state();
    const again = await t.call('GET', winnersOf(id), { token: auditor });
    expect([again.statusCode, again.json().data]).toEqual([200, drawn]);
    expect(await state()).toEqual(after);
  });
});

describe('GET /admin/lottery/ticket/:ticketNumber', () => {
  let id: number;
  let other: number;
  let numbers: Record<string, string>;
  beforeAll(async () => {
    id = await makeLottery(t, { start: T0 - 3 * DAY, end: T0 - DAY });
    other = await makeLottery(t, { start: T0 - 3 * DAY, end: T0 - DAY });
    const [a] = await makeTickets(t, id, users, 1);
    const [inactive] = await makeTickets(t, id, users, 1, { status: 'inactive' });
    const [cancelled] = await makeTickets(t, id, users, 1, { status: 'cancelled' });
    const [won] = await makeTickets(t, id, users, 1);
    const [foreign] = await makeTickets(t, other, users, 1);
    await t.db.query('UPDATE lottery_tickets SET is_winner = true, prize_rank = 1 WHERE id = $1', [won]);
    const rows = await t.db.query<{ id: number; ticket_number: string }>(
      'SELECT id, ticket_number FROM lottery_tickets WHERE id = ANY($1::int[])',
      [[a, inactive, cancelled, won, foreign]],
    );
    const by = new Map(rows.map((r) => [r.id, r.ticket_number]));
    numbers = {
      a: by.get(a!)!,
      inactive: by.get(inactive!)!,
      cancelled: by.get(cancelled!)!,
      won: by.get(won!)!,
      foreign: by.get(foreign!)!,
    };
  });

  it('finds an active ticket (any case), optionally within a lottery', async () => {
    const ticket = await ok<LotteryTicket>('GET', `${BASE}/ticket/${numbers.a}?lottery_id=${id}`);
    expect(ticket).toMatchObject({
      ticket_number: numbers.a,
      status: 'active',
      Lottery: { id, status: 'closed' },
    });
    expect(ticket.user.username).toEqual(expect.any(String));
    const lower = await ok<LotteryTicket>('GET', `${BASE}/ticket/${numbers.a!.toLowerCase()}`);
    expect(lower.id).toBe(ticket.id);
    expect((await ok<LotteryTicket>('GET', `${BASE}/ticket/${numbers.foreign}`)).Lottery.id).toBe(other);
  });

  it("answers 'Ticket not found or already used' for unknown, foreign, used or winning tickets", async () => {
    const msg = 'Ticket not found or already used';
    const unknown = (
      await t.db.query<{ n: string }>(
        `SELECT 'ZZ' || lpad((floor(random() * 100000))::int::text, 5, '0') AS n`,
      )
    )[0]!.n;
    const exists = await t.db.query('SELECT 1 FROM lottery_tickets WHERE ticket_number = $1', [unknown]);
    if (exists.length === 0) await fails('GET', `${BASE}/ticket/${unknown}`, undefined, 404, msg);
    expect(
      await fails('GET', `${BASE}/ticket/${numbers.foreign}?lottery_id=${id}`, undefined, 404, msg),
    ).toBe(msg);
    await fails('GET', `${BASE}/ticket/${numbers.won}`, undefined, 404, msg);
    await fails('GET', `${BASE}/ticket/${numbers.inactive}`, undefined, 404, msg);
    await fails('GET', `${BASE}/ticket/${numbers.cancelled}?lottery_id=${id}`, undefined, 404, msg);
  });

  it('rejects a malformed number with the spec message', async () => {
    await fails(
      'GET',
      `${BASE}/ticket/A123456`,
      undefined,
      400,
      'Invalid ticket number format. Must be 2 alphabets followed by 5 numbers (e.g., AB12345)',
    );
    await fails('GET', `${BASE}/ticket/AB1234`, undefined, 400, 'Invalid ticket number format');
  });
});
