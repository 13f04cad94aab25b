import type { Db } from '../db/types.ts';
import { SEED_TABLES, syncSequences } from './insert.ts';

export interface ScaleOptions {
  /** 1 = 200k users, 1M deposits, 1M lottery tickets, 100k withdrawals, 100k mine games, 50k support tickets. */
  factor: number;
  seed?: number;
  base?: Date;
}

export interface ScaleCounts {
  users: number;
  transactions: number;
  lotteries: number;
  lotteryTickets: number;
  withdrawals: number;
  mineGames: number;
  supportTickets: number;
}

export function scaleCounts(factor: number): ScaleCounts {
  const n = (full: number, min = 1) => Math.max(min, Math.round(full * factor));
  return {
    users: n(200_000, 10),
    transactions: n(1_000_000, 20),
    lotteries: n(200, 3),
    lotteryTickets: n(1_000_000, 10),
    withdrawals: n(100_000, 7),
    mineGames: n(100_000, 5),
    supportTickets: n(50_000, 5),
  };
}

/**
 * Big data, set-based: every table is filled by INSERT ... SELECT FROM generate_series with
 * deterministic pseudo-random values (hashint8extended of the row number and the seed), in one
 * transaction, on top of whatever is there (ids continue after the current maximum).
 * Money still moves only through the ledger, and every debit is funded: each completed deposit
 * (>= 100) pays for at most 2 tickets (<= 10 each), one withdrawal (<= 30 % of it) and one mine
 * bet (<= 20), so balances equal the ledger sum and never end negative.
 */
export async function seedScale(
  db: Db,
  options: ScaleOptions,
  log: (line: string) => void = () => {},
): Promise<ScaleCounts> {
  const counts = scaleCounts(options.factor);
  const seed = options.seed ?? 42;
  const base = (options.base ?? new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000)).toISOString();
  const R = (g: string, salt: number) =>
    `((hashint8extended((${g})::bigint, ${seed * 1000 + salt}) & 2147483647)::float8 / 2147483648.0)`;
  const B = `'${base}'::timestamptz`;

  await db.transaction(async (tx) => {
    const step = async (label: string, sql: string, params: unknown[] = []) => {
      const t = Date.now();
      await tx.query(sql, params);
      log(`  ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    };
    const maxId = async (table: string) =>
      (await tx.query<{ m: number }>(`SELECT coalesce(max(id), 0)::int AS m FROM ${table}`))[0]!.m;
    // Bulk-load trick: drop the secondary indexes of the tables we fill and build them again at the
    // end (one sorted build instead of millions of random inserts). Unique ones are checked on rebuild.
    const indexes = await tx.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [
        [
          'users',
          'transactions',
          'lottery_tickets',
          'withdrawals',
          'mine_games',
          'support_tickets',
          'ledger',
        ],
      ],
    );
    for (const index of indexes) await tx.query(`DROP INDEX ${index.name}`);
    const u0 = await maxId('users');
    const t0 = await maxId('transactions');
    const l0 = await maxId('lotteries');
    const k0 = await maxId('lottery_tickets');
    const w0 = await maxId('withdrawals');
    const m0 = await maxId('mine_games');
    const s0 = await maxId('support_tickets');

    await step(
      `${counts.users} users`,
      `INSERT INTO users (id, name, username, email, email_verified, role, status, last_login, created_at, updated_at)
       SELECT $1::int + g,
              CASE WHEN ${R('g', 1)} < 0.1 THEN NULL ELSE 'Scale User ' || ($1::int + g) END,
              'scale' || ($1::int + g), 'scale' || ($1::int + g) || '@example.test',
              ${R('g', 2)} < 0.8, CASE WHEN ${R('g', 3)} < 0.1 THEN 'vip' ELSE 'user' END,
              CASE WHEN ${R('g', 4)} < 0.8 THEN 'active' WHEN ${R('g', 4)} < 0.9 THEN 'blocked' ELSE 'inactive' END,
              CASE WHEN ${R('g', 5)} < 0.15 THEN NULL ELSE ${B} - ${R('g', 6)} * interval '20 days' END,
              ${B} - interval '190 days' - ${R('g', 7)} * interval '200 days',
              ${B} - interval '190 days'
         FROM generate_series(1, $2::int) g`,
      [u0, counts.users],
    );

    await step(
      `${counts.transactions} deposits`,
      `INSERT INTO transactions (id, user_id, amount, currency, payment_id, pay_currency, pay_address, status, created_at, updated_at)
       SELECT $1::int + g, $2::int + 1 + floor(${R('g', 11)} * $3::int)::int,
              round((100 + ${R('g', 12)} * 4900)::numeric, 2),
              CASE WHEN ${R('g', 13)} < 0.8 THEN 'usd' ELSE 'usdt' END,
              (1000000000 + floor(${R('g', 14)} * 8999999999))::bigint::text,
              (ARRAY['usdtbsc', 'usdtbsc', 'usdtbsc', 'usdttrc20', 'usdterc20', 'bnbbsc'])[1 + floor(${R('g', 15)} * 6)::int],
              '0x' || substr(md5(g::text || '${seed}'), 1, 20) || substr(md5('a' || g::text || '${seed}'), 1, 20),
              CASE WHEN ${R('g', 16)} < 0.7 THEN 'completed' WHEN ${R('g', 16)} < 0.85 THEN 'waiting' ELSE 'failed' END,
              ${B} - ${R('g', 17)} * interval '180 days', ${B} - ${R('g', 17)} * interval '180 days'
         FROM generate_series(1, $4::int) g`,
      [t0, u0, counts.users, counts.transactions],
    );
    await step(
      'deposit ledger',
      `INSERT INTO ledger (user_id, amount, reason, reference, created_at)
       SELECT user_id, amount, 'deposit', 'deposit:' || id, created_at FROM transactions
        WHERE id > $1::int AND status = 'completed' ORDER BY id`,
      [t0],
    );
    await tx.query(
      `CREATE TEMP TABLE scale_funds ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY id)::int AS k, user_id, amount FROM transactions
        WHERE id > $1::int AND status = 'completed'`,
      [t0],
    );
    await tx.query('CREATE UNIQUE INDEX ON scale_funds (k)');
    const funds = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM scale_funds'))[0]!.n;

    // Lotteries: two thirds open, one third closed by the clock (tickets need a started lottery).
    await step(
      `${counts.lotteries} lotteries`,
      `INSERT INTO lotteries (id, name, ticket_price, start_time, end_time, result_time, winners_count,
                              winner_distributions, admin_share, created_at, updated_at)
       SELECT $1::int + g, 'Scale Pool ' || ($1::int + g),
              (ARRAY[1, 2, 2.5, 5, 10])[1 + floor(${R('g', 21)} * 5)::int],
              CASE WHEN g % 3 = 0 THEN ${B} - interval '30 days' ELSE ${B} - interval '10 days' END,
              CASE WHEN g % 3 = 0 THEN ${B} - interval '2 days' ELSE ${B} + interval '10 days' END,
              CASE WHEN g % 3 = 0 THEN ${B} - interval '1 day' ELSE ${B} + interval '10 days 2 hours' END,
              3, '[{"rank":1,"percentage":50},{"rank":2,"percentage":20},{"rank":3,"percentage":10}]'::jsonb, 20,
              ${B} - interval '31 days', ${B} - interval '31 days'
         FROM generate_series(1, $2::int) g`,
      [l0, counts.lotteries],
    );
    await step(
      `${counts.lotteryTickets} lottery tickets`,
      `INSERT INTO lottery_tickets (id, lottery_id, user_id, ticket_number, price, status, created_at)
       SELECT $1::int + g, l.id, f.user_id, ticket_number_for($1::int + g), l.ticket_price,
              CASE WHEN ${R('g', 31)} < 0.03 THEN 'cancelled' ELSE 'active' END,
              l.start_time + ${R('g', 32)} * (least(l.end_time, ${B}) - l.start_time)
         FROM generate_series(1, $2::int) g
         JOIN lotteries l ON l.id = $3::int + 1 + (g % $4::int)
         JOIN scale_funds f ON f.k = 1 + ((g - 1) % $5::int)`,
      [k0, counts.lotteryTickets, l0, counts.lotteries, funds],
    );
    await step(
      'ticket ledger',
      `INSERT INTO ledger (user_id, amount, reason, reference, created_at)
       SELECT user_id, -price, 'lottery_ticket', 'lottery_ticket:' || id, created_at FROM lottery_tickets WHERE id > $1::int
       UNION ALL
       SELECT user_id, price, 'lottery_refund', 'lottery_ticket:' || id, created_at + interval '30 minutes'
         FROM lottery_tickets WHERE id > $1::int AND status = 'cancelled'`,
      [k0],
    );

    await step(
      `${counts.withdrawals} withdrawals`,
      `INSERT INTO withdrawals (id, user_id, amount, wallet_address, status, hash, processing, comment, processed_at, created_at, updated_at)
       SELECT $1::int + g, f.user_id, greatest(1, round(f.amount * 0.3 * ${R('g', 41)}::numeric, 2)),
              CASE WHEN ${R('g', 42)} < 0.05 THEN NULL ELSE '0x' || substr(md5('w' || g::text), 1, 40) END,
              s.status,
              CASE WHEN s.status = 'completed' THEN '0x' || md5('h' || g::text) || md5('x' || g::text) END,
              s.status = 'approved' AND ${R('g', 43)} < 0.5,
              CASE WHEN s.status = 'rejected' THEN 'Suspicious activity on the account.' END,
              CASE WHEN s.status NOT IN ('waiting', 'pending') THEN ${B} - ${R('g', 44)} * interval '90 days' + interval '1 day' END,
              ${B} - ${R('g', 44)} * interval '90 days', ${B} - ${R('g', 44)} * interval '90 days'
         FROM generate_series(1, $2::int) g
         JOIN scale_funds f ON f.k = $3::int - ((g - 1) % $3::int)
         CROSS JOIN LATERAL (SELECT (ARRAY['waiting', 'pending', 'approved', 'rejected', 'cancelled', 'pending_otp', 'completed'])[1 + g % 7] AS status) s`,
      [w0, counts.withdrawals, funds],
    );
    await step(
      'withdrawal ledger',
      `INSERT INTO ledger (user_id, amount, reason, reference, created_at)
       SELECT user_id, -amount, 'withdrawal', 'withdrawal:' || id, created_at FROM withdrawals WHERE id > $1::int
       UNION ALL
       SELECT user_id, amount, 'withdrawal_refund', 'withdrawal:' || id, processed_at
         FROM withdrawals WHERE id > $1::int AND status IN ('rejected', 'cancelled')`,
      [w0],
    );

    await step(
      `${counts.mineGames} mine games`,
      `INSERT INTO mine_games (id, user_id, mines_count, amount, active, outcome, payout, created_at, finished_at)
       SELECT $1::int + g, f.user_id, 1 + floor(${R('g', 51)} * 24)::int, x.bet,
              x.o IS NULL, x.o,
              CASE WHEN x.o = 'won' THEN round(x.bet * (1.1 + ${R('g', 52)})::numeric, 2) ELSE 0 END,
              x.at, CASE WHEN x.o IS NOT NULL THEN x.at + interval '5 minutes' END
         FROM generate_series(1, $2::int) g
         JOIN scale_funds f ON f.k = 1 + ((g - 1) % $3::int)
         CROSS JOIN LATERAL (SELECT round((1 + ${R('g', 53)} * 19)::numeric, 2) AS bet,
                                    CASE WHEN ${R('g', 54)} < 0.02 THEN NULL WHEN ${R('g', 54)} < 0.03 THEN 'cancelled'
                                         WHEN ${R('g', 54)} < 0.48 THEN 'won' ELSE 'lost' END AS o,
                                    CASE WHEN ${R('g', 54)} < 0.02 THEN ${B} - ${R('g', 55)} * interval '2 hours'
                                         ELSE ${B} - ${R('g', 55)} * interval '60 days' END AS at) x`,
      [m0, counts.mineGames, funds],
    );
    await step(
      'mines ledger',
      `INSERT INTO ledger (user_id, amount, reason, reference, created_at)
       SELECT user_id, -amount, 'mine_bet', 'mine_game:' || id, created_at FROM mine_games WHERE id > $1::int
       UNION ALL
       SELECT user_id, payout, 'mine_payout', 'mine_game:' || id, finished_at FROM mine_games WHERE id > $1::int AND outcome = 'won'
       UNION ALL
       SELECT user_id, amount, 'mine_refund', 'mine_game:' || id, finished_at FROM mine_games WHERE id > $1::int AND outcome = 'cancelled'`,
      [m0],
    );

    await step(
      `${counts.supportTickets} support tickets`,
      `INSERT INTO support_tickets (id, user_id, type, message, status, remarks, created_at, updated_at)
       SELECT $1::int + g, $2::int + 1 + floor(${R('g', 61)} * $3::int)::int,
              (ARRAY['deposit', 'withdrawal', 'lottery', 'mines', 'account', 'technical'])[1 + floor(${R('g', 62)} * 6)::int],
              CASE WHEN g % 4 = 0
                THEN 'Generated long message ' || g || ': my request has been waiting for several days and I would like to know when it will be processed, thank you.'
                ELSE 'Generated message ' || g END,
              CASE WHEN ${R('g', 63)} < 0.5 THEN 'open' ELSE 'closed' END, NULL,
              ${B} - ${R('g', 64)} * interval '60 days', ${B} - ${R('g', 64)} * interval '60 days'
         FROM generate_series(1, $4::int) g`,
      [s0, u0, counts.users, counts.supportTickets],
    );
    const t = Date.now();
    for (const index of indexes) await tx.query(index.def);
    log(`  ${indexes.length} indexes rebuilt (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    await syncSequences(tx, SEED_TABLES);
    await step('analyze', 'ANALYZE');
  });
  return counts;
}
