import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { BenchConsole } from '../lib/console.ts';
import { percentile } from '../lib/stats.ts';
import type { Suite, SuiteReport } from './types.ts';

/**
 * The fault run (docs/operations.md): steady load on the API while another connection terminates every other
 * PostgreSQL backend of its database every 2 s for 30 s (BENCH_FAULT_SECONDS, BENCH_FAULT_EVERY_MS).
 * Not a speed figure: it counts what was served, the 5xx answers (each must be the clean 503), the
 * API process exits (must be 0), and checks the money afterwards: every rejected withdrawal refunded
 * exactly once, every published lottery's prizes booked exactly once, balances == sum of the ledger.
 */

const SECONDS = Number(process.env.BENCH_FAULT_SECONDS ?? 30);
const EVERY_MS = Number(process.env.BENCH_FAULT_EVERY_MS ?? 2000);
const WORKERS = 6;
const WITHDRAWALS = 6000;
const LOTTERIES = 200;
const TICKETS_PER_LOTTERY = 300;
const UNAVAILABLE = JSON.stringify({ success: false, message: 'Service temporarily unavailable' });

/** The pid of the process listening on the API's port (the node process itself, not pnpm). */
function listenerPid(origin: string): number | null {
  const port = new URL(origin).port;
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const match = /pid=(\d+)/.exec(out);
  return match ? Number(match[1]) : null;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Tally {
  answered: number;
  byStatus: Map<number, number>;
  /** 503 answers whose body or Retry-After is not the clean one. */
  unclean503: number;
  /** Calls that got no HTTP answer at all (connection refused or reset). */
  transportErrors: number;
  ms: number[];
}

async function prepare(api: BenchConsole) {
  const sql = async <T>(text: string, values: unknown[] = []) =>
    (await api.pool.query(text, values)).rows as T[];
  const withdrawals = await sql<{ id: number }>(
    `WITH rich AS (SELECT id FROM users WHERE balance >= 100 AND deleted_at IS NULL ORDER BY id LIMIT 500),
          made AS (
            INSERT INTO withdrawals (user_id, amount, wallet_address, status)
            SELECT r.id, (1 + (g % 97) * 0.01234567)::numeric(20, 8),
                   '0xabcdef0123456789abcdef0123456789abcdef01', 'pending'
              FROM generate_series(1, $1::int) g
              JOIN (SELECT id, row_number() OVER () - 1 AS n FROM rich) r ON r.n = g % (SELECT count(*) FROM rich)
            RETURNING id, user_id, amount)
     SELECT id FROM made ORDER BY id`,
    [WITHDRAWALS],
  );
  const ids = withdrawals.map((w) => w.id);
  await sql(
    `INSERT INTO ledger (user_id, amount, reason, reference)
     SELECT user_id, -amount, 'withdrawal', 'withdrawal:' || id FROM withdrawals WHERE id = ANY($1::int[])`,
    [ids],
  );
  const lotteries = await sql<{ id: number }>(
    `INSERT INTO lotteries (name, ticket_price, start_time, end_time, result_time, winners_count,
                            winner_distributions, admin_share)
     SELECT 'Fault run ' || g, 2.5, now() - interval '3 days', now() - interval '1 day',
            now() - interval '23 hours', 3,
            '[{"rank":1,"percentage":50},{"rank":2,"percentage":20},{"rank":3,"percentage":10}]', 20
       FROM generate_series(1, $1::int) g
     RETURNING id`,
    [LOTTERIES],
  );
  await sql(
    `WITH buyers AS (SELECT array_agg(id) AS ids FROM (SELECT id FROM users WHERE status = 'active'
                                                        ORDER BY id LIMIT 2000) u)
     INSERT INTO lottery_tickets (lottery_id, user_id, price, status, created_at)
     SELECT l, b.ids[1 + ((g + l) % array_length(b.ids, 1))], 2.5, 'active',
            now() - interval '2 days' + g * interval '1 millisecond'
       FROM unnest($1::int[]) l, generate_series(1, $2::int) g, buyers b`,
    [lotteries.map((l) => l.id), TICKETS_PER_LOTTERY],
  );
  return { withdrawals: ids, lotteries: lotteries.map((l) => l.id) };
}

/** Ledger invariants over the whole database and the run's own withdrawals and lotteries. */
async function invariants(api: BenchConsole, withdrawals: number[], lotteries: number[]) {
  const one = async (text: string, values: unknown[] = []) =>
    Number((await api.pool.query<{ n: string }>(text, values)).rows[0]!.n);
  return {
    balanceMismatches: await one(
      `SELECT count(*) AS n FROM users u
         LEFT JOIN (SELECT user_id, sum(amount) AS s FROM ledger GROUP BY user_id) l ON l.user_id = u.id
        WHERE u.balance <> coalesce(l.s, 0)`,
    ),
    withdrawalsNotRejected: await one(
      `SELECT count(*) AS n FROM withdrawals WHERE id = ANY($1::int[]) AND status <> 'rejected'`,
      [withdrawals],
    ),
    refundsNotOnce: await one(
      `SELECT count(*) AS n FROM withdrawals w
         LEFT JOIN LATERAL (SELECT count(*) AS c, sum(amount) AS s FROM ledger
                             WHERE reason = 'withdrawal_refund' AND reference = 'withdrawal:' || w.id) r ON true
        WHERE w.id = ANY($1::int[]) AND (r.c <> 1 OR r.s <> w.amount)`,
      [withdrawals],
    ),
    lotteriesNotPublished: await one(
      `SELECT count(*) AS n FROM lotteries WHERE id = ANY($1::int[]) AND NOT prize_distributed`,
      [lotteries],
    ),
    prizesNotOnce: await one(
      `SELECT count(*) AS n FROM lotteries lo
         LEFT JOIN LATERAL (SELECT count(*) AS c, coalesce(sum(amount), 0) AS s FROM ledger
                             WHERE reason = 'lottery_prize' AND reference LIKE 'lottery:' || lo.id || ':rank:%') p ON true
         LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE (r ->> 'amount')::numeric > 0) AS c,
                                   coalesce(sum((r ->> 'amount')::numeric), 0) AS s
                              FROM jsonb_array_elements(lo.result) r) e ON true
        WHERE lo.id = ANY($1::int[]) AND (p.c <> e.c OR p.s <> e.s OR p.c = 0)`,
      [lotteries],
    ),
  };
}

export const faultsSuite: Suite = {
  name: 'faults',
  description: `PostgreSQL backends terminated every ${EVERY_MS / 1000} s for ${SECONDS} s under load: 503s, no exits, ledger intact`,
  async run(bench) {
    const api = await bench.console();
    // The bench's own pool meets the same terminations: its idle clients must not crash the bench.
    api.pool.on('error', () => {});
    const pid = listenerPid(api.apiOrigin);
    if (!pid) throw new Error(`no process found listening at ${api.apiOrigin}`);
    const { withdrawals, lotteries } = await prepare(api);
    bench.log(
      `  fault run: ${withdrawals.length} withdrawals, ${lotteries.length} lotteries, API pid ${pid}`,
    );

    const tally: Tally = { answered: 0, byStatus: new Map(), unclean503: 0, transportErrors: 0, ms: [] };
    const headers = { ...sessionHeaders(api), 'content-type': 'application/json' };
    /** One call; null when no HTTP answer came back. */
    const call = async (method: string, path: string, body?: unknown) => {
      const started = performance.now();
      try {
        const res = await fetch(`${api.apiOrigin}/api${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        tally.ms.push(performance.now() - started);
        tally.answered++;
        tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
        if (res.status === 503 && (text !== UNAVAILABLE || !res.headers.get('retry-after')))
          tally.unclean503++;
        return { status: res.status, json: () => JSON.parse(text) as { data?: unknown } };
      } catch {
        tally.transportErrors++;
        return null;
      }
    };

    const pendingWithdrawals = [...withdrawals];
    const pendingLotteries = [...lotteries];
    let decided = 0;
    /** Money actions that failed (503) at least once: they go back in the queue and are tried again. */
    const failedOnce = new Set<string>();
    /** 2xx, or a 4xx meaning an earlier try committed and only its answer was lost. */
    const done = (status: number | undefined) => status !== undefined && status < 500;
    const reject = async (id: number) => {
      const res = await call('POST', '/admin/withdrawal/update', {
        withdrawal_id: id,
        status: 'rejected',
        reason: 'fault run',
      });
      if (done(res?.status)) decided++;
      else {
        failedOnce.add(`w${id}`);
        pendingWithdrawals.push(id);
      }
    };
    const publish = async (id: number) => {
      const drawn = await call('POST', `/admin/lottery/${id}/draw`, {});
      if (drawn?.status === 200) {
        const winners = drawn.json().data as { rank: number; percentage: number; ticket_number: string }[];
        const res = await call('POST', '/admin/lottery/publish', {
          lottery_id: id,
          result: winners.map((w) => ({
            rank: w.rank,
            percentage: w.percentage,
            ticket_number: w.ticket_number,
          })),
        });
        if (done(res?.status)) {
          decided++;
          return;
        }
      }
      failedOnce.add(`l${id}`);
      pendingLotteries.push(id);
    };
    const reads = [
      '/admin/withdrawal?status=pending',
      '/admin/user',
      '/admin/lottery?status=closed',
      '/health',
    ];

    // The killer: another connection, so it is not one of the API's.
    const killer = new pg.Client({ connectionString: api.databaseUrl });
    killer.on('error', () => {});
    await killer.connect();
    let terminated = 0;
    let exits = 0;
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const kills = (async () => {
      while (Date.now() < until) {
        const r = await killer.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        terminated += r.rows[0]!.n;
        await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
      }
    })();
    const watch = setInterval(() => {
      if (exits === 0 && !alive(pid)) exits = 1;
    }, 200);
    let step = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (Date.now() < until) {
          const n = step++;
          if (n % 4 === 0 && pendingWithdrawals.length) await reject(pendingWithdrawals.shift()!);
          else if (n % 16 === 1 && pendingLotteries.length) await publish(pendingLotteries.shift()!);
          else await call('GET', reads[n % reads.length]!);
        }
      }),
    );
    await kills;
    await killer.end();
    const statuses = new Map(tally.byStatus);
    const underFault = {
      answered: tally.answered,
      byStatus: Object.fromEntries(statuses),
      transportErrors: tally.transportErrors,
      p50: percentile(tally.ms, 50),
      p99: percentile(tally.ms, 99),
    };

    // Recovery: the first healthy answer after the last kill, then what is left is finished.
    const recoverStart = performance.now();
    while ((await call('GET', '/health'))?.status !== 200 && performance.now() - recoverStart < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const recoveryMs = performance.now() - recoverStart;
    const decidedUnderFault = decided;
    const failedUnderFault = failedOnce.size;
    // Then the rest (the repeats and what the run did not reach), by the same clients, for at most 3 min.
    const drainUntil = Date.now() + 180_000;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (Date.now() < drainUntil) {
          const w = pendingWithdrawals.shift();
          const l = w === undefined ? pendingLotteries.shift() : undefined;
          if (w !== undefined) await reject(w);
          else if (l !== undefined) await publish(l);
          else return;
        }
      }),
    );
    clearInterval(watch);
    if (!alive(pid)) exits = 1;

    const check = await invariants(api, withdrawals, lotteries);
    // Every answer counts here, the ones after the fault too: none may be a 5xx other than the clean 503.
    const other5xx = countRange(tally.byStatus, 500, 599) - (tally.byStatus.get(503) ?? 0);
    bench.log(
      `  fault run: ${underFault.answered} answers in ${SECONDS} s (${JSON.stringify(underFault.byStatus)}), ` +
        `${terminated} backends terminated, ${exits} exits, recovered in ${recoveryMs.toFixed(0)} ms, ` +
        `ledger ${JSON.stringify(check)}`,
    );
    const warnings: string[] = [];
    if (exits) warnings.push('the API process exited during the fault run');
    if (other5xx) warnings.push(`${other5xx} 5xx answers other than 503`);
    if (tally.unclean503)
      warnings.push(`${tally.unclean503} 503 answers without the clean body or Retry-After`);
    if (tally.transportErrors) warnings.push(`${tally.transportErrors} calls got no HTTP answer`);
    for (const [name, n] of Object.entries(check)) if (n) warnings.push(`ledger check ${name}: ${n}`);

    const count = (metric: string, subject: number) => ({
      metric,
      unit: 'count' as const,
      baseline: null,
      subject,
    });
    const report: SuiteReport = {
      suite: 'faults',
      title: `faults: every PostgreSQL backend of the API terminated every ${EVERY_MS / 1000} s for ${SECONDS} s, ${WORKERS} clients`,
      baselineLabel: '',
      subjectLabel: 'API',
      comparisons: [
        count('requests answered under fault', underFault.answered),
        count('  of which 2xx', countRange(statuses, 200, 299)),
        count('  of which 4xx (retries of committed actions)', countRange(statuses, 400, 499)),
        count("  of which 503 'Service temporarily unavailable'", statuses.get(503) ?? 0),
        count('other 5xx, whole run (must be 0)', other5xx),
        count('503 without the clean body or Retry-After (must be 0)', tally.unclean503),
        count('calls without an HTTP answer (must be 0)', tally.transportErrors),
        count('PostgreSQL backends terminated', terminated),
        count('API process exits (must be 0)', exits),
        count('money actions decided under fault (rejections, publishes)', decidedUnderFault),
        count('money actions that met a 503 and were repeated', failedUnderFault),
        {
          metric: 'first healthy answer after the last kill',
          unit: 'ms',
          baseline: null,
          subject: recoveryMs,
        },
        { metric: 'p50 latency under fault', unit: 'ms', baseline: null, subject: underFault.p50 },
        { metric: 'p99 latency under fault', unit: 'ms', baseline: null, subject: underFault.p99 },
        count('ledger: users whose balance <> sum of ledger (must be 0)', check.balanceMismatches),
        count('ledger: withdrawals not refunded exactly once (must be 0)', check.refundsNotOnce),
        count('ledger: lotteries whose prizes are not booked once (must be 0)', check.prizesNotOnce),
        count('withdrawals left undecided (must be 0)', check.withdrawalsNotRejected),
        count('lotteries left unpublished (must be 0)', check.lotteriesNotPublished),
      ],
      details: {
        underFault,
        decidedUnderFault,
        failedUnderFault,
        terminated,
        exits,
        recoveryMs,
        check,
        seconds: SECONDS,
        everyMs: EVERY_MS,
      },
      warnings,
    };
    return [report];
  },
};

function countRange(byStatus: Map<number, number>, from: number, to: number): number {
  let n = 0;
  for (const [status, count] of byStatus) if (status >= from && status <= to) n += count;
  return n;
}

/** The console's session as request headers (bearer token and the double-submit XSRF pair). */
function sessionHeaders(api: BenchConsole): Record<string, string> {
  return { authorization: `Bearer ${api.token}`, cookie: 'XSRF-TOKEN=faults', 'x-xsrf-token': 'faults' };
}
