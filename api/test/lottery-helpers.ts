import type { TestApp } from './helpers.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Decimal string -> bigint units of 1e-8 (exact; money columns are numeric(20,8)). */
export function units(value: string): bigint {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = (negative ? value.slice(1) : value).split('.');
  const n = BigInt(int) * 100_000_000n + BigInt(`${frac}00000000`.slice(0, 8));
  return negative ? -n : n;
}

/** Small seeded PRNG (mulberry32) for property loops. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

let userSeq = 0;

/** A platform user (balance 0 unless funded through the ledger). */
export async function makeUser(t: TestApp, name: string | null = 'Player'): Promise<number> {
  const n = ++userSeq;
  const tag = `${process.pid}_${n}_${Math.random().toString(36).slice(2, 7)}`;
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO users (name, username, email) VALUES ($1, $2, $3) RETURNING id`,
    [name, `lotto_${tag}`, `lotto_${tag}@example.test`],
  );
  return row!.id;
}

export interface LotteryInit {
  start: number;
  end: number;
  resultDelayHours?: number;
  price?: string;
  distributions?: { rank: number; percentage: number }[];
  adminShare?: number;
  name?: string;
}

/** A lottery inserted directly (any schedule, also in the past). */
export async function makeLottery(t: TestApp, init: LotteryInit): Promise<number> {
  const distributions = init.distributions ?? [
    { rank: 1, percentage: 50 },
    { rank: 2, percentage: 20 },
    { rank: 3, percentage: 10 },
  ];
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO lotteries (name, ticket_price, start_time, end_time, result_time, winners_count,
                            winner_distributions, admin_share)
     VALUES ($1, $2::numeric, $3, $4, $5, $6, $7::jsonb, $8) RETURNING id`,
    [
      init.name ?? 'Test Pool',
      init.price ?? '2.5',
      new Date(init.start).toISOString(),
      new Date(init.end).toISOString(),
      new Date(init.end + (init.resultDelayHours ?? 1) * HOUR).toISOString(),
      distributions.length,
      JSON.stringify(distributions),
      init.adminShare ?? 20,
    ],
  );
  return row!.id;
}

/** `count` tickets of the lottery at its price, owners round-robin, one set-based insert. */
export async function makeTickets(
  t: TestApp,
  lotteryId: number,
  owners: number[],
  count: number,
  options: { status?: string; price?: string; at?: number } = {},
): Promise<number[]> {
  const rows = await t.db.query<{ id: number }>(
    `INSERT INTO lottery_tickets (lottery_id, user_id, price, status, created_at)
     SELECT $1, ($2::int[])[1 + (g % array_length($2::int[], 1))],
            coalesce($4::numeric, (SELECT ticket_price FROM lotteries WHERE id = $1)), $5,
            $6::timestamptz + g * interval '1 second'
       FROM generate_series(0, $3::int - 1) g
     RETURNING id`,
    [
      lotteryId,
      owners,
      count,
      options.price ?? null,
      options.status ?? 'active',
      new Date(options.at ?? Date.now() - DAY).toISOString(),
    ],
  );
  return rows.map((r) => r.id);
}
