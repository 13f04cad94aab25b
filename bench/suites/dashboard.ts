import { performance } from 'node:perf_hooks';
import { DASHBOARD_STATS_SQL } from '../../api/src/modules/dashboard/repository.ts';
import type { BenchConsole } from '../lib/console.ts';
import { combine, type LoadResult, startLoadGenerator } from '../lib/load.ts';
import { median, percentile } from '../lib/stats.ts';
import type { Comparison, Suite, SuiteReport } from './types.ts';

/**
 * docs/performance.md: `GET /admin/dashboard/stats` on the scale data while the platform keeps changing. Each
 * sample is a window of BENCH_DASHBOARD_SECONDS (20) s in which READERS closed-loop connections (the
 * load generator, in its own process) read the stats without pause, while the bench makes
 * BENCH_DASHBOARD_WRITES_PER_S (20) writes a second, open loop, one of each kind below in turn: through
 * the API's routes where the API has one, else with the SQL the platform (or the scale seed) uses.
 * Target: p99 of every read of every sample <= 50 ms. Then ALONE_SECONDS of one reader under the same
 * writes (no target). Afterwards the API's figures must equal the full scan (DASHBOARD_STATS_SQL) on the
 * same database.
 */

const READERS = 8;
const SECONDS = Number(process.env.BENCH_DASHBOARD_SECONDS ?? 20);
const WRITES_PER_S = Number(process.env.BENCH_DASHBOARD_WRITES_PER_S ?? 20);
const TARGET_P99_MS = 50;
/** Writes in flight at most; a write due while this many are pending is counted as missed. */
const MAX_IN_FLIGHT = 32;
const WARM_UP_MS = 2000;
/** Then one reader alone under the same writes: the latency of a call without the readers' queue. */
const ALONE_SECONDS = 5;

type Sql = <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;

/** What the writes consume, made before the samples (untimed). */
interface Fixtures {
  pendingWithdrawals: number[];
  blockable: number[];
  openTickets: number[];
  closedTickets: number[];
  activeGames: number[];
  /** Users with money (deposits, tickets, games are theirs). */
  payers: number[];
  openLotteries: { id: number; price: string }[];
  /** Users without a block or a game of the run, for the deletes. */
  deletable: number[];
}

async function prepare(sql: Sql, perKind: number): Promise<Fixtures> {
  const ids = async (text: string, values: unknown[] = []) =>
    (await sql<{ id: number }>(text, values)).map((row) => row.id);
  const payers = await ids(
    `SELECT id FROM users WHERE deleted_at IS NULL AND status = 'active' AND balance >= 200
      ORDER BY id LIMIT 2000`,
  );
  if (payers.length < 100) throw new Error('the scale data has too few users with a balance');
  // Pending withdrawals as users ask for them: the row and its debit through the ledger.
  const pendingWithdrawals = await ids(
    `WITH made AS (
       INSERT INTO withdrawals (user_id, amount, wallet_address, status)
       SELECT ($1::int[])[1 + g % array_length($1::int[], 1)], (1 + (g % 89) * 0.01234567)::numeric(20, 8),
              '0xabcdef0123456789abcdef0123456789abcdef01', 'pending'
         FROM generate_series(1, $2::int) g
       RETURNING id, user_id, amount),
     booked AS (
       INSERT INTO ledger (user_id, amount, reason, reference)
       SELECT user_id, -amount, 'withdrawal', 'withdrawal:' || id FROM made)
     SELECT id FROM made ORDER BY id`,
    [payers, 2 * perKind],
  );
  // Games in play: the bet booked when the game started.
  const activeGames = await ids(
    `WITH made AS (
       INSERT INTO mine_games (user_id, mines_count, amount)
       SELECT ($1::int[])[1 + g % array_length($1::int[], 1)], 1 + g % 24, (1 + g % 19)::numeric(20, 8)
         FROM generate_series(1, $2::int) g
       RETURNING id, user_id, amount),
     booked AS (
       INSERT INTO ledger (user_id, amount, reason, reference)
       SELECT user_id, -amount, 'mine_bet', 'mine_game:' || id FROM made)
     SELECT id FROM made ORDER BY id`,
    [payers, 2 * perKind],
  );
  const [blockable, deletable] = await Promise.all(
    [0, 1].map((part) =>
      ids(
        `SELECT id FROM users WHERE deleted_at IS NULL AND status = 'active' AND id % 2 = $2
          ORDER BY id DESC LIMIT $1`,
        [perKind, part],
      ),
    ),
  );
  const openTickets = await ids(`SELECT id FROM support_tickets WHERE status = 'open' ORDER BY id LIMIT $1`, [
    perKind,
  ]);
  const closedTickets = await ids(
    `SELECT id FROM support_tickets WHERE status = 'closed' ORDER BY id LIMIT $1`,
    [perKind],
  );
  const openLotteries = await sql<{ id: number; price: string }>(
    `SELECT id, ticket_price AS price FROM lotteries
      WHERE deleted_at IS NULL AND NOT prize_distributed AND start_time <= now() AND end_time > now()
      ORDER BY id LIMIT 20`,
  );
  if (!openLotteries.length) throw new Error('the scale data has no open lottery');
  return {
    pendingWithdrawals,
    blockable: blockable!,
    deletable: deletable!,
    openTickets,
    closedTickets,
    activeGames,
    payers,
    openLotteries,
  };
}

interface WriteKind {
  name: string;
  /** Through one of the API's routes (else SQL). */
  route: boolean;
  /** Runs one write; false when its fixtures are used up (nothing was written). */
  run(n: number): Promise<boolean>;
}

function writeKinds(api: BenchConsole, sql: Sql, f: Fixtures): WriteKind[] {
  const pick = <T>(list: T[], n: number) => list[n % list.length]!;
  /** One transaction on a pool client of the bench (as the platform's own services write). */
  const transaction = async (work: (q: Sql) => Promise<void>) => {
    const client = await api.pool.connect();
    try {
      await client.query('BEGIN');
      await work(async (text, values) => (await client.query(text, values)).rows);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  const blocked: number[] = [];
  return [
    {
      name: 'withdrawal approved',
      route: true,
      async run() {
        const id = f.pendingWithdrawals.shift();
        if (id === undefined) return false;
        await api.call('POST', '/admin/withdrawal/update', { withdrawal_id: String(id), status: 'approved' });
        return true;
      },
    },
    {
      name: 'withdrawal rejected (refund)',
      route: true,
      async run() {
        const id = f.pendingWithdrawals.shift();
        if (id === undefined) return false;
        await api.call('POST', '/admin/withdrawal/update', {
          withdrawal_id: String(id),
          status: 'rejected',
          reason: 'bench: dashboard',
        });
        return true;
      },
    },
    {
      name: 'user blocked or unblocked',
      route: true,
      async run(n) {
        // Block two, then unblock the older one: each call changes a user.
        const again = blocked.length >= 2 && n % 2 === 1 ? blocked.shift() : undefined;
        if (again !== undefined) {
          await api.call('PUT', `/admin/user/${again}/unblock`, {});
          f.blockable.push(again);
          return true;
        }
        const id = f.blockable.shift();
        if (id === undefined) return false;
        await api.call('PUT', `/admin/user/${id}/block`, { reason: 'bench: dashboard' });
        blocked.push(id);
        return true;
      },
    },
    {
      name: 'user signed up (SQL)',
      route: false,
      async run(n) {
        const name = `dash_${process.pid}_${Date.now().toString(36)}_${n}`;
        await sql('INSERT INTO users (username, email) VALUES ($1, $2)', [name, `${name}@example.test`]);
        return true;
      },
    },
    {
      name: 'user deleted',
      route: true,
      async run() {
        const id = f.deletable.shift();
        if (id === undefined) return false;
        await api.call('DELETE', `/admin/user/${id}`);
        return true;
      },
    },
    {
      name: 'support ticket closed or reopened',
      route: true,
      async run(n) {
        const close = n % 2 === 0;
        const id = (close ? f.openTickets : f.closedTickets).shift();
        if (id === undefined) return false;
        if (close) await api.call('DELETE', `/admin/support/${id}`);
        else await api.call('PUT', `/admin/support/${id}`, { status: 'open' });
        return true;
      },
    },
    {
      name: 'lottery ticket bought (SQL)',
      route: false,
      async run(n) {
        const lottery = pick(f.openLotteries, n);
        const user = pick(f.payers, n * 7);
        await transaction(async (q) => {
          const [ticket] = await q<{ id: number }>(
            'INSERT INTO lottery_tickets (lottery_id, user_id, price) VALUES ($1, $2, $3) RETURNING id',
            [lottery.id, user, lottery.price],
          );
          await q(
            `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, -$2::numeric, 'lottery_ticket', $3)`,
            [user, lottery.price, `lottery_ticket:${ticket!.id}`],
          );
        });
        return true;
      },
    },
    {
      name: 'mine game finished (SQL)',
      route: false,
      async run(n) {
        const id = f.activeGames.shift();
        if (id === undefined) return false;
        const won = n % 2 === 0;
        await transaction(async (q) => {
          const [game] = await q<{ user_id: number; payout: string }>(
            `UPDATE mine_games SET active = false, outcome = $2, finished_at = now(),
                    payout = CASE WHEN $2 = 'won' THEN round(amount * 1.5, 2) ELSE 0 END
              WHERE id = $1 AND active RETURNING user_id, payout`,
            [id, won ? 'won' : 'lost'],
          );
          if (game && won)
            await q(
              `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, $2, 'mine_payout', $3)`,
              [game.user_id, game.payout, `mine_game:${id}`],
            );
        });
        return true;
      },
    },
    {
      name: 'mine game cancelled (refund)',
      route: true,
      async run() {
        const id = f.activeGames.shift();
        if (id === undefined) return false;
        await api.call('PUT', `/admin/mines/${id}/status`, { status: 'false' });
        return true;
      },
    },
    {
      name: 'deposit completed (SQL)',
      route: false,
      async run(n) {
        const user = pick(f.payers, n * 13);
        await transaction(async (q) => {
          const [deposit] = await q<{ id: number; amount: string }>(
            `INSERT INTO transactions (user_id, amount, currency, pay_currency, status)
             VALUES ($1, $2, 'usd', 'usdtbsc', 'completed') RETURNING id, amount`,
            [user, (100 + (n % 50)).toFixed(2)],
          );
          await q(`INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, $2, 'deposit', $3)`, [
            user,
            deposit!.amount,
            `deposit:${deposit!.id}`,
          ]);
        });
        return true;
      },
    },
  ];
}

interface WriteTally {
  done: number;
  viaRoutes: number;
  skipped: number;
  missed: number;
  errors: number;
  firstError?: string;
  ms: number[];
  byKind: Record<string, { done: number; ms: number[] }>;
}

/** Open loop: one write every 1000/WRITES_PER_S ms, kinds in turn, until `untilMs` (performance.now()). */
async function writeSteadily(kinds: WriteKind[], untilMs: number, tally: WriteTally, counter: { n: number }) {
  const every = 1000 / WRITES_PER_S;
  const started = performance.now();
  const pending = new Set<Promise<void>>();
  for (let i = 0; ; i++) {
    const due = started + i * every;
    if (due >= untilMs) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (pending.size >= MAX_IN_FLIGHT) {
      tally.missed++;
      continue;
    }
    const n = counter.n++;
    const kind = kinds[n % kinds.length]!;
    const write = (async () => {
      const t = performance.now();
      try {
        if (!(await kind.run(Math.floor(n / kinds.length)))) {
          tally.skipped++;
          return;
        }
        const ms = performance.now() - t;
        tally.done++;
        if (kind.route) tally.viaRoutes++;
        tally.ms.push(ms);
        const entry = tally.byKind[kind.name] ?? { done: 0, ms: [] };
        tally.byKind[kind.name] = entry;
        entry.done++;
        entry.ms.push(ms);
      } catch (error) {
        tally.errors++;
        tally.firstError ??= `${kind.name}: ${String(error)}`;
      }
    })();
    pending.add(write);
    void write.finally(() => pending.delete(write));
  }
  await Promise.all(pending);
}

/** Decimal strings without trailing zeros, counts as numbers: how the API writes them. */
function canonical(row: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => {
      let text = String(value);
      if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
      if (text === '-0') text = '0';
      return [key, text];
    }),
  );
}

export const dashboardSuite: Suite = {
  name: 'dashboard',
  description: `GET /admin/dashboard/stats at scale under ${WRITES_PER_S} writes/s and ${READERS} readers (p99 <= ${TARGET_P99_MS} ms)`,
  async run(bench) {
    const api = await bench.console();
    const sql: Sql = async (text, values = []) => (await api.pool.query(text, values)).rows;
    const path = '/api/admin/dashboard/stats';
    const headers = {
      accept: 'application/json',
      authorization: `Bearer ${api.token}`,
      cookie: 'XSRF-TOKEN=bench',
    };

    // What one full scan of the figures costs on this database (what the API did per cache miss before).
    const scanMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await sql(DASHBOARD_STATS_SQL);
      scanMs.push(performance.now() - t);
    }

    const writeSeconds = SECONDS * bench.samples + ALONE_SECONDS;
    const perKind = Math.ceil(((WRITES_PER_S * writeSeconds) / 10) * 1.5) + 10;
    const fixtures = await prepare(sql, perKind);
    const kinds = writeKinds(api, sql, fixtures);
    bench.log(
      `  dashboard: ${READERS} readers, ${WRITES_PER_S} writes/s of ${kinds.length} kinds, ${bench.samples} x ${SECONDS} s`,
    );

    const load = startLoadGenerator();
    bench.onCleanup(load.stop);
    const warm = await load.run({
      origins: [api.apiOrigin],
      path,
      headers,
      connections: READERS,
      durationMs: WARM_UP_MS,
    });
    if (warm.errors) throw new Error(`${path}: ${warm.firstError}`);

    const tally: WriteTally = { done: 0, viaRoutes: 0, skipped: 0, missed: 0, errors: 0, ms: [], byKind: {} };
    const counter = { n: 0 };
    const runs: LoadResult[] = [];
    const samples: { p50: number; p99: number; reads: number; writes: number }[] = [];
    for (let s = 0; s < bench.samples; s++) {
      const before = tally.done;
      const started = performance.now();
      const [reads] = await Promise.all([
        load.run({
          origins: [api.apiOrigin],
          path,
          headers,
          connections: READERS,
          durationMs: SECONDS * 1000,
        }),
        writeSteadily(kinds, started + SECONDS * 1000, tally, counter),
      ]);
      runs.push(reads);
      const latencies = Array.from(reads.latencies);
      samples.push({
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        reads: reads.requests,
        writes: tally.done - before,
      });
      bench.log(
        `  sample ${s + 1}: ${reads.requests} reads, p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(latencies, 99).toFixed(1)} ms; ${tally.done - before} writes`,
      );
    }
    const [alone] = await Promise.all([
      load.run({ origins: [api.apiOrigin], path, headers, connections: 1, durationMs: ALONE_SECONDS * 1000 }),
      writeSteadily(kinds, performance.now() + ALONE_SECONDS * 1000, tally, counter),
    ]);
    await load.stop();
    const reads = combine(runs, SECONDS * 1000);
    const aloneMs = Array.from(alone!.latencies);

    // Quiet now: the API's figures against the full scan of the same database.
    const answer = (await api.call('GET', '/admin/dashboard/stats')) as { data: Record<string, unknown> };
    const [scan] = await sql<Record<string, unknown>>(DASHBOARD_STATS_SQL);
    const got = canonical(answer.data);
    const want = canonical(scan!);
    const differing = Object.keys(want).filter((key) => got[key] !== want[key]);

    const warnings: string[] = [];
    if (reads.errors) warnings.push(`${reads.errors} reads failed, first: ${reads.firstError}`);
    if (alone!.errors)
      warnings.push(`${alone!.errors} reads of the lone reader failed: ${alone!.firstError}`);
    if (tally.errors) warnings.push(`${tally.errors} writes failed, first: ${tally.firstError}`);
    if (tally.missed) warnings.push(`${tally.missed} writes not sent: ${MAX_IN_FLIGHT} were still in flight`);
    if (tally.skipped) warnings.push(`${tally.skipped} writes skipped: their fixtures were used up`);
    if (differing.length)
      warnings.push(
        `figures differing from the full scan: ${differing.map((key) => `${key} ${got[key]} <> ${want[key]}`).join(', ')}`,
      );

    const ms = (metric: string, subject: number): Comparison => ({
      metric,
      unit: 'ms',
      baseline: null,
      subject,
    });
    const count = (metric: string, subject: number): Comparison => ({
      metric,
      unit: 'count',
      baseline: null,
      subject,
    });
    const report: SuiteReport = {
      suite: 'dashboard',
      title: `dashboard: GET /admin/dashboard/stats, ${READERS} readers (closed loop) and ${WRITES_PER_S} writes/s, ${bench.samples} x ${SECONDS} s`,
      baselineLabel: 'target',
      subjectLabel: 'measured',
      comparisons: [
        { metric: 'p99 of every read', unit: 'ms', baseline: TARGET_P99_MS, subject: reads.p99, maxRatio: 1 },
        ms('p50 of every read', reads.p50),
        ms('  worst sample p99', Math.max(...samples.map((sample) => sample.p99))),
        { metric: 'reads answered', unit: 'req/s', baseline: null, subject: reads.perSecond },
        ms(`one reader alone (${ALONE_SECONDS} s, same writes): p50`, percentile(aloneMs, 50)),
        ms('  p99', percentile(aloneMs, 99)),
        { metric: 'writes made', unit: 'req/s', baseline: null, subject: tally.done / writeSeconds },
        count('  of which through the API', tally.viaRoutes),
        count('  of which SQL (no route in the API)', tally.done - tally.viaRoutes),
        ms('write p50 (call or transaction)', percentile(tally.ms, 50)),
        ms('write p99', percentile(tally.ms, 99)),
        count('failed reads and writes (must be 0)', reads.errors + alone!.errors + tally.errors),
        ms('full scan of the figures alone (DASHBOARD_STATS_SQL, median of 3)', median(scanMs)),
        count('figures differing from the full scan afterwards (must be 0)', differing.length),
      ],
      details: {
        samples,
        alone: { reads: alone!.requests, p50: percentile(aloneMs, 50), p99: percentile(aloneMs, 99) },
        scanMs,
        reads: { ...reads },
        writes: {
          done: tally.done,
          viaRoutes: tally.viaRoutes,
          skipped: tally.skipped,
          missed: tally.missed,
          errors: tally.errors,
          firstError: tally.firstError,
          byKind: Object.fromEntries(
            Object.entries(tally.byKind).map(([name, entry]) => [
              name,
              { done: entry.done, p50: percentile(entry.ms, 50), p99: percentile(entry.ms, 99) },
            ]),
          ),
        },
        differing: differing.map((key) => ({ figure: key, api: got[key], scan: want[key] })),
      },
      warnings,
    };
    return [report];
  },
};
