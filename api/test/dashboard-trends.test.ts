import { TREND_DAYS, type TrendPoint } from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trendsSql } from '../src/modules/dashboard/trends.ts';
import { createAdmin, createTestApp, type TestApp } from './helpers.ts';
import { DAY, HOUR, makeLottery, makeUser } from './lottery-helpers.ts';

const TRENDS = '/api/admin/dashboard/trends';
const MINUTE = 60_000;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

async function trends(tz?: string, as = token) {
  const res = await t.call('GET', tz ? `${TRENDS}?tz=${encodeURIComponent(tz)}` : TRENDS, { token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { timeZone: string; days: string[]; series: Record<string, TrendPoint[]> };
}

/** 'YYYY-MM-DD' of an instant in a zone. */
const dayIn = (at: number, zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/** The TREND_DAYS days ending today in a zone without daylight saving time, oldest first. */
const expectedDays = (zone: string) =>
  Array.from({ length: TREND_DAYS }, (_, i) => dayIn(Date.now() - (TREND_DAYS - 1 - i) * DAY, zone));

/** The first instant of the day `ago` days before today in Asia/Tokyo (UTC+9, no daylight saving). */
function tokyoDayStart(ago: number): number {
  const [y, m, d] = dayIn(Date.now(), 'Asia/Tokyo').split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d - ago) - 9 * HOUR;
}

/** A series as {day: [count, amount]} for the days that are not zero. */
const nonZero = (points: TrendPoint[]) =>
  Object.fromEntries(points.filter((p) => p.count !== 0).map((p) => [p.day, [p.count, p.amount]]));

const iso = (at: number) => new Date(at).toISOString();

describe('GET /admin/dashboard/trends', () => {
  it('answers every series with 30 zero days, oldest first, on an empty database', async () => {
    const data = await trends('Europe/Lisbon');
    expect(data.timeZone).toBe('Europe/Lisbon');
    expect(data.days).toHaveLength(TREND_DAYS);
    expect(data.days.at(-1)).toBe(dayIn(Date.now(), 'Europe/Lisbon'));
    expect([...data.days].sort()).toEqual(data.days);
    expect(Object.keys(data.series).sort()).toEqual(['deposits', 'mines', 'tickets', 'users', 'withdrawals']);
    for (const points of Object.values(data.series)) {
      expect(points.map((p) => p.day)).toEqual(data.days);
      expect(points.every((p) => p.count === 0 && p.amount === '0')).toBe(true);
    }
  });

  it('counts and sums each day exactly, in the zone asked for, and leaves out what the figures leave out', async () => {
    const today = tokyoDayStart(0);
    const first = tokyoDayStart(TREND_DAYS - 1);
    const before = first - MINUTE; // the last minute before the span: counted nowhere
    const [dToday, dFirst] = [dayIn(today, 'Asia/Tokyo'), dayIn(first, 'Asia/Tokyo')];

    const user = await makeUser(t);
    const other = await makeUser(t);
    const gone = await makeUser(t);
    await t.db.query('UPDATE users SET created_at = $2 WHERE id = $1', [user, iso(today + MINUTE)]);
    await t.db.query('UPDATE users SET created_at = $2 WHERE id = $1', [other, iso(before)]);
    await t.db.query('UPDATE users SET created_at = $2, deleted_at = now() WHERE id = $1', [
      gone,
      iso(today),
    ]);

    const deposit = (amount: string, status: string, at: number) =>
      t.db.query(
        `INSERT INTO transactions (user_id, amount, currency, status, created_at) VALUES ($1, $2, 'usd', $3, $4)`,
        [user, amount, status, iso(at)],
      );
    await deposit('10.5', 'completed', today + MINUTE);
    await deposit('0.00000001', 'completed', today + 2 * HOUR);
    await deposit('99', 'waiting', today + MINUTE);
    await deposit('3', 'completed', first);
    await deposit('1000', 'completed', before);

    const withdrawal = (amount: string, status: string, at: number) =>
      t.db.query(
        `INSERT INTO withdrawals (user_id, amount, wallet_address, status, created_at) VALUES ($1, $2, '0xabc', $3, $4)`,
        [user, amount, status, iso(at)],
      );
    await withdrawal('7.25', 'approved', first + HOUR);
    await withdrawal('1', 'completed', first + 2 * HOUR);
    await withdrawal('100', 'rejected', first + HOUR);
    await withdrawal('50', 'pending', today + MINUTE);

    const lottery = await makeLottery(t, { start: first - DAY, end: Date.now() + DAY, price: '2.5' });
    const ticket = (n: string, status: string, at: number) =>
      t.db.query(
        `INSERT INTO lottery_tickets (lottery_id, user_id, ticket_number, price, status, created_at)
         VALUES ($1, $2, $3, 2.5, $4, $5)`,
        [lottery, user, n, status, iso(at)],
      );
    await ticket('AA00001', 'active', today + MINUTE);
    await ticket('AA00002', 'inactive', today + HOUR);
    await ticket('AA00003', 'cancelled', today + HOUR);

    const game = (amount: string, active: boolean, outcome: string | null, at: number) =>
      t.db.query(
        `INSERT INTO mine_games (user_id, mines_count, amount, active, outcome, created_at) VALUES ($1, 3, $2, $3, $4, $5)`,
        [user, amount, active, outcome, iso(at)],
      );
    await game('2', true, null, today + MINUTE);
    await game('3.125', false, 'lost', today + MINUTE);
    await game('5', false, 'cancelled', today + MINUTE);

    const tokyo = await trends('Asia/Tokyo');
    expect(tokyo.days).toEqual(expectedDays('Asia/Tokyo'));
    expect(nonZero(tokyo.series.deposits!)).toEqual({ [dFirst]: [1, '3'], [dToday]: [2, '10.50000001'] });
    expect(nonZero(tokyo.series.withdrawals!)).toEqual({ [dFirst]: [2, '8.25'] });
    expect(nonZero(tokyo.series.tickets!)).toEqual({ [dToday]: [2, '5'] });
    expect(nonZero(tokyo.series.users!)).toEqual({ [dToday]: [1, '0'] });
    expect(nonZero(tokyo.series.mines!)).toEqual({ [dToday]: [2, '5.125'] });

    // In UTC, Tokyo's first minutes of a day (15:00 UTC) belong to the day before.
    const utc = await trends('UTC');
    expect(utc.days).toEqual(expectedDays('UTC'));
    const utcToday = dayIn(today + MINUTE, 'UTC');
    expect(nonZero(utc.series.tickets!)).toEqual({ [utcToday]: [2, '5'] });
    expect(nonZero(utc.series.deposits!)).toMatchObject({ [utcToday]: [2, '10.50000001'] });
    // Tokyo's first day starts at 15:00 UTC the day before the UTC span's first day: in UTC, that
    // deposit (and the one a minute earlier) fall before the span's first day only if it is.
    const utcFirst = dayIn(first, 'UTC');
    const inSpan = utc.days.includes(utcFirst);
    expect(nonZero(utc.series.deposits!)[utcFirst]).toEqual(inSpan ? [2, '1003'] : undefined);
  });

  it('answers only the series of the areas the admin may read', async () => {
    const cases: [string[], string[]][] = [
      [['lottery'], ['tickets']],
      [['finance'], ['deposits', 'withdrawals']],
      [
        ['support-users', 'mines'],
        ['mines', 'users'],
      ],
      [['auditor'], ['deposits', 'mines', 'tickets', 'users', 'withdrawals']],
      // Ops reads every area, as the auditor does (to preview a release with real data).
      [['ops'], ['deposits', 'mines', 'tickets', 'users', 'withdrawals']],
    ];
    for (const [roles, series] of cases) {
      const email = `trends-${roles.join('-')}@example.com`;
      await createAdmin(t.db, { email, password: 'secret123', roles });
      const data = await trends('Asia/Tokyo', await t.login(email, 'secret123'));
      expect(Object.keys(data.series).sort(), roles.join(',')).toEqual(series);
      expect(data.days).toHaveLength(TREND_DAYS);
    }
  });

  it('defaults to UTC and refuses an unknown zone', async () => {
    expect((await trends()).timeZone).toBe('UTC');
    const res = await t.call('GET', `${TRENDS}?tz=Mars/Olympus_Mons`, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid time zone');
    expect((await t.call('GET', TRENDS)).statusCode).toBe(401);
  });

  it('reads each series through its partial index, not the whole table', async () => {
    await t.db.query('ANALYZE');
    const rows = await t.db.transaction(async (tx) => {
      // The tables here are tiny: a sequential scan would win; the plan shape is what is checked.
      await tx.query('SET LOCAL enable_seqscan = off');
      return tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${trendsSql(['deposits', 'withdrawals', 'tickets', 'users', 'mines'])}`
          .replaceAll('$1', `'UTC'`)
          .replace('$2::text[]', `'{deposits,withdrawals,tickets,users,mines}'::text[]`),
      );
    });
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    for (const index of [
      'transactions_completed_trend_idx',
      'withdrawals_paid_trend_idx',
      'lottery_tickets_sold_trend_idx',
      'mine_games_played_trend_idx',
    ])
      expect(plan).toContain(index);
    // Users: one of its created_at indexes (the planners differ on which).
    expect(plan).not.toMatch(/Seq Scan on (transactions|withdrawals|lottery_tickets|users|mine_games)\b/);
  });
});
