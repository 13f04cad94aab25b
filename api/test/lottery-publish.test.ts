import type { LotteryDetails, WinnerEntry } from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from './helpers.ts';
import { DAY, makeLottery, makeTickets, makeUser, prng, units } from './lottery-helpers.ts';

const BASE = '/api/admin/lottery';
const T0 = Math.floor(Date.now() / 60_000) * 60_000;
const clock = testClock(T0);

let t: TestApp;
let token: string;
let users: number[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  token = await t.login();
  users = [];
  for (let i = 0; i < 6; i++) users.push(await makeUser(t, `Winner ${i}`));
});
afterAll(() => t.close());

const call = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { token, body: body as object | undefined });
async function ok<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await call(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data as T;
}
async function fails(method: string, url: string, body: unknown, status: number, message: string) {
  const res = await call(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  expect(res.json()).toEqual({ success: false, message: expect.stringContaining(message) });
}
const draw = (id: number) => ok<WinnerEntry[]>('POST', `${BASE}/${id}/draw`);
const asResult = (winners: WinnerEntry[]) =>
  winners.map((w) => ({ rank: w.rank, percentage: w.percentage, ticket_number: w.ticket_number }));
const balances = async () =>
  new Map(
    (
      await t.db.query<{ id: number; balance: string; winnings: string }>(
        'SELECT id, balance, winnings FROM users WHERE id = ANY($1::int[])',
        [users],
      )
    ).map((u) => [u.id, u]),
  );
const numberOf = async (ticketId: number) =>
  (
    await t.db.query<{ n: string }>('SELECT ticket_number AS n FROM lottery_tickets WHERE id = $1', [
      ticketId,
    ])
  )[0]!.n;

/** A closed lottery with `count` active tickets (plus some inactive/cancelled ones). */
async function closedLottery(count = 20, init: Partial<Parameters<typeof makeLottery>[1]> = {}) {
  const id = await makeLottery(t, { start: T0 - 3 * DAY, end: T0 - DAY, ...init });
  const tickets = await makeTickets(t, id, users, count);
  return { id, tickets };
}

describe('POST /admin/lottery/publish', () => {
  it('credits the winners once, stores the result, completes the lottery and audits the draw', async () => {
    const { id } = await closedLottery(40); // pool 40 x 2.5 = 100
    await makeTickets(t, id, users, 4, { status: 'cancelled' }); // not in the pool
    const other = await closedLottery(3);
    const foreignNumber = await numberOf(other.tickets[0]!);
    const drawn = await draw(id);
    // Rank 2 is replaced by hand with another active ticket of the lottery (looked up first).
    const candidates = await t.db.query<{ ticket_number: string }>(
      `SELECT ticket_number FROM lottery_tickets WHERE lottery_id = $1 AND status = 'active'
         AND ticket_number <> ALL($2::text[]) LIMIT 1`,
      [id, drawn.map((w) => w.ticket_number)],
    );
    const replacement = candidates[0]!.ticket_number;
    await ok('GET', `${BASE}/ticket/${replacement}?lottery_id=${id}`);
    await fails(
      'GET',
      `${BASE}/ticket/${foreignNumber}?lottery_id=${id}`,
      undefined,
      404,
      'Ticket not found or already used',
    );
    const result = asResult(drawn);
    result[1]!.ticket_number = replacement;

    const before = await balances();
    const res = await call('POST', `${BASE}/publish`, { lottery_id: id, result });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Results published successfully!');
    const details = res.json().data as LotteryDetails;
    expect(details).toMatchObject({
      status: 'completed',
      prize_distributed: true,
      total_pool: '100',
      distributionAmount: '80',
      adminProfit: '20',
      distributions: [
        { rank: 1, percentage: 50, amount: '50' },
        { rank: 2, percentage: 20, amount: '20' },
        { rank: 3, percentage: 10, amount: '10' },
      ],
    });
    expect(details.result!.map((w) => [w.rank, w.ticket_number, w.amount, w.prize_distributed])).toEqual([
      [1, result[0]!.ticket_number, '50', true],
      [2, replacement, '20', true],
      [3, result[2]!.ticket_number, '10', true],
    ]);

    // Tickets, ledger, balances.
    const tickets = await t.db.query<{
      ticket_number: string;
      user_id: number;
      prize_rank: number;
      winning_amount: string;
    }>(
      'SELECT ticket_number, user_id, prize_rank, winning_amount FROM lottery_tickets WHERE lottery_id = $1 AND is_winner ORDER BY prize_rank',
      [id],
    );
    expect(tickets.map((x) => [x.prize_rank, x.ticket_number, x.winning_amount])).toEqual([
      [1, result[0]!.ticket_number, '50'],
      [2, replacement, '20'],
      [3, result[2]!.ticket_number, '10'],
    ]);
    const ledger = await t.db.query<{ user_id: number; amount: string; reference: string }>(
      `SELECT user_id, amount, reference FROM ledger WHERE reason = 'lottery_prize' AND reference LIKE $1 ORDER BY reference`,
      [`lottery:${id}:%`],
    );
    expect(ledger.map((l) => [l.reference, l.amount, l.user_id])).toEqual(
      tickets.map((x) => [`lottery:${id}:rank:${x.prize_rank}`, x.winning_amount, x.user_id]),
    );
    const after = await balances();
    for (const u of users) {
      const gained = ledger.filter((l) => l.user_id === u).reduce((s, l) => s + units(l.amount), 0n);
      expect(units(after.get(u)!.balance) - units(before.get(u)!.balance)).toBe(gained);
      expect(units(after.get(u)!.winnings) - units(before.get(u)!.winnings)).toBe(gained);
    }

    // Draw audit: the last draw is published by this admin, rank 2 replaced by hand.
    const draws = await t.db.query<{
      published: boolean;
      published_by: number;
      published_at: string;
      replaced: unknown[];
    }>(
      'SELECT published, published_by, published_at, replaced FROM lottery_draws WHERE lottery_id = $1 ORDER BY id',
      [id],
    );
    expect(draws).toHaveLength(1);
    expect(draws[0]).toEqual({
      published: true,
      published_by: t.adminId,
      published_at: new Date(clock()).toISOString(),
      replaced: [{ rank: 2, drawn_ticket_number: drawn[1]!.ticket_number, ticket_number: replacement }],
    });

    // Completed: winners are the published ones; lists and lookups follow.
    const winners = await ok<WinnerEntry[]>('GET', `${BASE}/winners?lottery_id=${id}`);
    expect(winners.map((w) => [w.rank, w.ticket_number, w.amount, w.prize_distributed])).toEqual(
      details.result!.map((w) => [w.rank, w.ticket_number, w.amount, true]),
    );
    expect(winners[0]!.user.balance).toBe(after.get(tickets[0]!.user_id)!.balance);
    const completed = await ok<{ data: { id: number }[] }>('GET', `${BASE}?status=completed&limit=100`);
    expect(completed.data.map((l) => l.id)).toContain(id);
    await fails('GET', `${BASE}/ticket/${replacement}`, undefined, 404, 'Ticket not found or already used');
    const dashboard = await ok<{ TotalLotteryOutgoing: string }>('GET', '/api/admin/dashboard/stats');
    expect(units(dashboard.TotalLotteryOutgoing)).toBeGreaterThanOrEqual(units('80'));

    // Publishing again pays nothing more.
    await fails(
      'POST',
      `${BASE}/publish`,
      { lottery_id: id, result },
      409,
      'Lottery results have already been published',
    );
    const again = await t.db.query(`SELECT 1 FROM ledger WHERE reference LIKE $1`, [`lottery:${id}:%`]);
    expect(again).toHaveLength(3);
  });

  it('validates the result: ranks complete and matching, tickets distinct, active and of the lottery', async () => {
    const { id, tickets } = await closedLottery(10);
    const other = await closedLottery(2);
    const [inactive] = await makeTickets(t, id, users, 1, { status: 'inactive' });
    const [cancelled] = await makeTickets(t, id, users, 1, { status: 'cancelled' });
    const n = await Promise.all(tickets.slice(0, 4).map(numberOf));
    const base = [
      { rank: 1, ticket_number: n[0]! },
      { rank: 2, ticket_number: n[1]! },
      { rank: 3, ticket_number: n[2]! },
    ];
    const url = `${BASE}/publish`;
    const pub = (result: unknown) => ({ lottery_id: id, result });
    await fails('POST', url, pub(base.slice(0, 2)), 400, 'exactly one winner for each rank 1, 2, 3');
    await fails(
      'POST',
      url,
      pub([...base, { rank: 4, ticket_number: n[3]! }]),
      400,
      'exactly one winner for each rank',
    );
    await fails(
      'POST',
      url,
      pub([base[0], base[1], { rank: 2, ticket_number: n[3]! }]),
      400,
      'Rank 2 appears more than once',
    );
    await fails(
      'POST',
      url,
      pub([base[0], base[1], { rank: 3, ticket_number: n[0]! }]),
      400,
      `Ticket ${n[0]} is used for more than one rank`,
    );
    await fails(
      'POST',
      url,
      pub([{ ...base[0], percentage: 40 }, base[1], base[2]]),
      400,
      'Percentage of rank 1 must be 50%',
    );
    for (const bad of [other.tickets[0]!, inactive!, cancelled!]) {
      const number = await numberOf(bad);
      await fails(
        'POST',
        url,
        pub([base[0], base[1], { rank: 3, ticket_number: number }]),
        400,
        `Ticket not found or already used: ${number}`,
      );
    }
    await fails(
      'POST',
      url,
      pub([base[0], base[1], { rank: 3, ticket_number: 'ZZ99999' }]),
      400,
      'Ticket not found or already used',
    );
    await fails(
      'POST',
      url,
      pub([base[0], base[1], { rank: 3, ticket_number: 'z1' }]),
      400,
      'Invalid ticket number format',
    );
    await fails('POST', url, pub([]), 400, 'Winners are required');
    await fails('POST', url, { result: base }, 400, 'lottery_id');
    await fails('POST', url, { lottery_id: 999999, result: base }, 404, 'Lottery not found');
    // Nothing was paid or marked by the refused attempts.
    expect(
      await t.db.query('SELECT 1 FROM ledger WHERE reference LIKE $1', [`lottery:${id}:%`]),
    ).toHaveLength(0);
    expect(
      await t.db.query('SELECT 1 FROM lottery_tickets WHERE lottery_id = $1 AND is_winner', [id]),
    ).toHaveLength(0);
    // A result entered entirely by hand (no draw) is accepted and audited as a manual draw.
    await ok('POST', url, pub(base));
    const [manual] = await t.db.query<{ seed: string; replaced: { rank: number }[] }>(
      'SELECT seed, replaced FROM lottery_draws WHERE lottery_id = $1',
      [id],
    );
    expect(manual!.seed).toBe('manual');
    expect(manual!.replaced.map((r) => r.rank)).toEqual([1, 2, 3]);
  });

  it('refuses open and upcoming lotteries (409)', async () => {
    const open = await makeLottery(t, { start: T0 - DAY, end: T0 + DAY });
    const [ticket] = await makeTickets(t, open, users, 3);
    const result = [{ rank: 1, ticket_number: await numberOf(ticket!) }];
    await fails(
      'POST',
      `${BASE}/publish`,
      { lottery_id: open, result },
      409,
      'only once the lottery has closed',
    );
    const upcoming = await makeLottery(t, { start: T0 + DAY, end: T0 + 2 * DAY });
    await fails(
      'POST',
      `${BASE}/publish`,
      { lottery_id: upcoming, result },
      409,
      'only once the lottery has closed',
    );
  });

  it('with fewer active tickets than ranks, publishes the drawn ones; the rest stays with the admin', async () => {
    const { id } = await closedLottery(2); // pool 5
    const winners = await draw(id);
    expect(winners).toHaveLength(2);
    const details = await ok<LotteryDetails>('POST', `${BASE}/publish`, {
      lottery_id: id,
      result: asResult(winners),
    });
    expect(details.result!.map((w) => w.amount)).toEqual(['2.5', '1']);
    expect(details.distributionAmount).toBe('3.5');
    expect(details.adminProfit).toBe('1.5');
  });
});

describe('prize arithmetic (seeded property loop)', () => {
  /** Reference rule in exact integers: floor(pool * pct / 100) to the cent. pool in 1e-8 units, pct in hundredths. */
  const prizeUnits = (poolUnits: bigint, pctHundredths: bigint) =>
    ((poolUnits * pctHundredths) / (10_000n * 1_000_000n)) * 1_000_000n;

  it('lottery_prize matches the integer rule over random pools and percentages', async () => {
    const rnd = prng(20261122);
    const pools: string[] = [];
    const pcts: string[] = [];
    for (let i = 0; i < 500; i++) {
      const poolUnits = BigInt(rnd.int(0, 99_999)) * BigInt(rnd.int(1, 99_999_999)) + BigInt(rnd.int(0, 99));
      pools.push(`${poolUnits / 100_000_000n}.${(poolUnits % 100_000_000n).toString().padStart(8, '0')}`);
      pcts.push((rnd.int(0, 10_000) / 100).toFixed(2));
    }
    const rows = await t.db.query<{ i: number; prize: string }>(
      `SELECT i::int AS i, lottery_prize(p::numeric, q::numeric) AS prize
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(p, q, i) ORDER BY i`,
      [pools, pcts],
    );
    for (const row of rows) {
      const k = row.i - 1;
      const expected = prizeUnits(units(pools[k]!), BigInt(Math.round(Number(pcts[k]) * 100)));
      expect(units(row.prize), `${pools[k]} x ${pcts[k]}%`).toBe(expected);
    }
  });

  it('published prizes + admin profit = pool exactly, no cent created or lost', async () => {
    const rnd = prng(42);
    for (let iteration = 0; iteration < 25; iteration++) {
      const winnersCount = rnd.int(1, 6);
      const share = rnd.int(20, 100);
      // Random hundredths summing to (100 - share) * 100.
      let left = (100 - share) * 100;
      const hundredths: number[] = [];
      for (let r = 0; r < winnersCount - 1; r++) {
        const h = rnd.int(0, left);
        hundredths.push(h);
        left -= h;
      }
      hundredths.push(left);
      const distributions = hundredths.map((h, r) => ({ rank: r + 1, percentage: h / 100 }));
      const priceUnits = BigInt(rnd.int(1, 5_000)) * 10n ** BigInt(rnd.int(0, 6)) + BigInt(rnd.int(0, 9));
      const price = `${priceUnits / 100_000_000n}.${(priceUnits % 100_000_000n).toString().padStart(8, '0')}`;
      const count = rnd.int(winnersCount, winnersCount + 25);
      const id = await makeLottery(t, {
        start: T0 - 3 * DAY,
        end: T0 - DAY,
        price,
        distributions,
        adminShare: share,
      });
      await makeTickets(t, id, users, count);
      const poolUnits = priceUnits * BigInt(count);
      const before = await balances();
      const winners = await draw(id);
      const details = await ok<LotteryDetails>('POST', `${BASE}/publish`, {
        lottery_id: id,
        result: asResult(winners),
      });
      const context = `iteration ${iteration}: price ${price} x ${count}, ${JSON.stringify(distributions)}`;

      expect(units(details.total_pool), context).toBe(poolUnits);
      const paid = await t.db.query<{ user_id: number; amount: string; reference: string }>(
        `SELECT user_id, amount, reference FROM ledger WHERE reason = 'lottery_prize' AND reference LIKE $1`,
        [`lottery:${id}:%`],
      );
      let sum = 0n;
      for (const d of distributions) {
        const expected = prizeUnits(poolUnits, BigInt(Math.round(d.percentage * 100)));
        const entry = details.result!.find((w) => w.rank === d.rank)!;
        expect(units(entry.amount!), `${context} rank ${d.rank}`).toBe(expected);
        const booked = paid.find((p) => p.reference === `lottery:${id}:rank:${d.rank}`);
        expect(booked ? units(booked.amount) : 0n, context).toBe(expected);
        sum += expected;
      }
      expect(units(details.distributionAmount), context).toBe(sum);
      expect(units(details.adminProfit) + units(details.distributionAmount), context).toBe(poolUnits);
      expect(units(details.adminProfit) * 100n >= poolUnits * BigInt(share), context).toBe(true);
      // Balances rose by exactly what was booked.
      const after = await balances();
      const total = [...after.values()].reduce(
        (s, u) => s + units(u.balance) - units(before.get(u.id)!.balance),
        0n,
      );
      expect(total, context).toBe(sum);
    }
  });
});

// Truly concurrent on PostgreSQL (a pool of connections); PGlite has one connection and queues the
// transactions, which must give the same answer.
describe('concurrent publish', () => {
  it('two admins publishing at once: exactly one pays, the others get 409', async () => {
    const { id } = await closedLottery(30);
    const result = asResult(await draw(id));
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', `${BASE}/publish`, { lottery_id: id, result })),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe('Lottery results have already been published');
    }
    const paid = await t.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM ledger WHERE reason = 'lottery_prize' AND reference LIKE $1`,
      [`lottery:${id}:%`],
    );
    expect(paid[0]!.n).toBe(3);
    const marked = await t.db.query('SELECT 1 FROM lottery_tickets WHERE lottery_id = $1 AND is_winner', [
      id,
    ]);
    expect(marked).toHaveLength(3);
  });
});

describe('POST /admin/lottery/:id/complete-without-winners', () => {
  const complete = (id: number) => call('POST', `${BASE}/${id}/complete-without-winners`);

  it('completes a closed lottery with no active tickets, paying and refunding nothing, once', async () => {
    const id = await makeLottery(t, { start: T0 - 3 * DAY, end: T0 - DAY });
    await makeTickets(t, id, users, 3, { status: 'cancelled' });
    const before = await balances();
    const ledger = async () => (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM ledger'))[0]!.n;
    const entries = await ledger();

    const [first, second] = await Promise.all([complete(id), complete(id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const done = [first, second].find((r) => r.statusCode === 200)!.json().data as LotteryDetails;
    expect(done).toMatchObject({ id, status: 'completed', prize_distributed: true });
    expect(await balances()).toEqual(before);
    expect(await ledger()).toBe(entries);
  });

  it('refuses a lottery with active tickets, one not closed yet, and an unknown one', async () => {
    const { id } = await closedLottery(2);
    await fails(
      'POST',
      `${BASE}/${id}/complete-without-winners`,
      undefined,
      409,
      'publish its results instead',
    );
    const open = await makeLottery(t, { start: T0 - DAY, end: T0 + DAY });
    await fails('POST', `${BASE}/${open}/complete-without-winners`, undefined, 409, 'Only a closed lottery');
    await fails('POST', `${BASE}/99999999/complete-without-winners`, undefined, 404, 'Lottery not found');
  });
});
