import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createPgDb } from '../src/db/pg.ts';
import type { DbHandle } from '../src/db/types.ts';
import { ALREADY_PUBLISHED } from '../src/modules/lottery/service.ts';
import { ADMIN, createAdmin, createTestApp, driver, type TestApp, XSRF } from './helpers.ts';

/**
 * Database faults (docs/operations.md): a PostgreSQL backend terminated mid-transaction, a held row lock, a
 * stalled database. The API answers 503 'Service temporarily unavailable', stays up, recovers by itself, and
 * no money moves twice or gets lost.
 */

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const UNAVAILABLE = { success: false, message: 'Service temporarily unavailable' };
const KILL_OTHERS =
  'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';

/** A migrated PostgreSQL database of its own (a copy of the run's template) and its URL. */
async function copyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('pgTemplate').replace(/_tpl$/, '')}_faults_${randomBytes(3).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  await run(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

type Query = (sql: string, params?: unknown[]) => Promise<Record<string, number>[]>;
const clientQuery =
  (c: pg.Client): Query =>
  async (sql, params) =>
    (await c.query(sql, params)).rows;

/** `users` users with 1000 deposited each and `perUser` pending withdrawals each (debited through the ledger). */
async function seedMoney(q: Query, users: number, perUser: number) {
  const tag = randomBytes(3).toString('hex');
  const userIds = (
    await q(
      `INSERT INTO users (name, username, email)
       SELECT 'Fault ' || g, 'fault_${tag}_' || g, 'fault_${tag}_' || g || '@example.test' FROM generate_series(1, $1) g
       RETURNING id`,
      [users],
    )
  ).map((r) => r.id!);
  await q(
    `INSERT INTO ledger (user_id, amount, reason, reference)
     SELECT id, 1000, 'deposit', 'fault-deposit:' || id FROM unnest($1::int[]) id`,
    [userIds],
  );
  const withdrawals = (
    await q(
      `INSERT INTO withdrawals (user_id, amount, wallet_address, status)
       SELECT u, (1 + n * 0.12345678)::numeric(20, 8), '0xabcdef0123456789abcdef0123456789abcdef01', 'pending'
         FROM unnest($1::int[]) u, generate_series(1, $2) n
       RETURNING id`,
      [userIds, perUser],
    )
  ).map((r) => r.id!);
  await q(
    `INSERT INTO ledger (user_id, amount, reason, reference)
     SELECT user_id, -amount, 'withdrawal', 'withdrawal:' || id FROM withdrawals WHERE id = ANY($1::int[])`,
    [withdrawals],
  );
  return { userIds, withdrawals };
}

/** A connection that terminates every other backend of its database every `everyMs` until stopped. */
async function startKiller(url: string, everyMs: number) {
  const killer = new pg.Client({ connectionString: url });
  killer.on('error', () => {}); // the database may be dropped under it when a test fails
  await killer.connect();
  let killing = true;
  let terminated = 0;
  const loop = (async () => {
    while (killing) {
      terminated += (await killer.query<{ n: number }>(KILL_OTHERS)).rows[0]!.n;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })().catch(() => {});
  return {
    terminated: () => terminated,
    async stop() {
      killing = false;
      await loop;
      await killer.end().catch(() => {});
    },
  };
}

/** `count` closed lotteries (3 ranks) with 40 active tickets each of these users (unpaid: set-up only). */
async function closedLotteries(q: Query, userIds: number[], count: number) {
  const ids = (
    await q(
      `INSERT INTO lotteries (name, ticket_price, start_time, end_time, result_time, winners_count,
                              winner_distributions, admin_share)
       SELECT 'Fault lottery ' || g, 2.5, now() - interval '3 days', now() - interval '1 day',
              now() - interval '23 hours', 3,
              '[{"rank":1,"percentage":50},{"rank":2,"percentage":20},{"rank":3,"percentage":10}]', 20
         FROM generate_series(1, $1::int) g
       RETURNING id`,
      [count],
    )
  ).map((r) => r.id!);
  await q(
    `INSERT INTO lottery_tickets (lottery_id, user_id, price, status, created_at)
     SELECT l, ($2::int[])[1 + (g % array_length($2::int[], 1))], 2.5, 'active', now() - interval '2 days'
       FROM unnest($1::int[]) l, generate_series(1, 40) g`,
    [ids, userIds],
  );
  return ids;
}

/** Ledger invariants: balances == ledger sums, each rejected withdrawal refunded exactly once, others never. */
async function checkLedger(db: pg.Client, withdrawals: number[]) {
  const mismatched = await db.query(
    `SELECT u.id FROM users u LEFT JOIN (SELECT user_id, sum(amount) s FROM ledger GROUP BY user_id) l
        ON l.user_id = u.id WHERE u.balance <> coalesce(l.s, 0)`,
  );
  const refunds = await db.query<{ id: number; status: string; refunds: number; refunded: string | null }>(
    `SELECT w.id, w.status, count(l.id)::int AS refunds, sum(l.amount) - w.amount AS refunded
       FROM withdrawals w
       LEFT JOIN ledger l ON l.reason = 'withdrawal_refund' AND l.reference = 'withdrawal:' || w.id
      WHERE w.id = ANY($1::int[]) GROUP BY w.id`,
    [withdrawals],
  );
  return {
    mismatchedBalances: mismatched.rowCount,
    wrongRefunds: refunds.rows.filter((r) =>
      r.status === 'rejected' ? r.refunds !== 1 || Number(r.refunded) !== 0 : r.refunds !== 0,
    ),
    statuses: refunds.rows.reduce<Record<string, number>>((acc, r) => {
      acc[r.status] = (acc[r.status] ?? 0) + 1;
      return acc;
    }, {}),
  };
}

describe.runIf(driver === 'postgres')(
  'PostgreSQL backends terminated under load (the server process)',
  () => {
    let database: Awaited<ReturnType<typeof copyDatabase>>;
    let child: ChildProcess | undefined;
    let output = '';
    let stopKiller = async () => {};
    const dataDir = mkdtempSync(join(tmpdir(), 'bo-api-faults-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const base = `http://127.0.0.1:${port}/api`;

    beforeAll(async () => {
      database = await copyDatabase();
    });
    afterAll(async () => {
      await stopKiller();
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    function start(): Promise<void> {
      child = spawn(join(API_DIR, 'node_modules/.bin/tsx'), ['src/server.ts'], {
        cwd: API_DIR,
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          TWO_FACTOR: 'optional',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          JWT_SECRET: 'fault-test-secret-0123456789abcdef',
          DEMO: '0',
          PAYOUT_INTERVAL_MS: '0',
          LOG_LEVEL: 'warn',
          MAINTENANCE: '0',
          // Every request asks the database for the session, so the faults reach auth too.
          SESSION_CACHE_MS: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d) => {
        output += d;
      });
      child.stderr?.on('data', (d) => {
        output += d;
      });
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
        const poll = setInterval(() => {
          if (output.includes('Back-office API ready')) {
            clearTimeout(timer);
            clearInterval(poll);
            resolve();
          }
        }, 100);
        child!.once('exit', (code) => {
          clearTimeout(timer);
          clearInterval(poll);
          reject(new Error(`server exited with ${code}:\n${output}`));
        });
      });
    }

    const headers = (token?: string) => ({
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    });

    it('answers 503 while its connections are killed, never exits, recovers; each refund and prize booked exactly once', async () => {
      const setup = new pg.Client({ connectionString: database.url });
      await setup.connect();
      const { withdrawals, userIds } = await seedMoney(clientQuery(setup), 20, 8);
      const lotteries = await closedLotteries(clientQuery(setup), userIds, 8);
      await setup.end();
      await start();

      const login = await fetch(`${base}/admin/auth/login`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;

      // Another connection terminates every other backend of the database, over and over.
      const killer = await startKiller(database.url, 15);
      stopKiller = killer.stop;
      const statuses = new Map<number, number>();
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const bad: string[] = [];
      /** Rejects one withdrawal; true once it is decided (200, or 409: an earlier try committed, its answer was lost). */
      const reject = async (id: number) => {
        const res = await fetch(`${base}/admin/withdrawal/update`, {
          method: 'POST',
          headers: headers(token),
          body: JSON.stringify({ withdrawal_id: id, status: 'rejected', reason: 'fault test' }),
        });
        const body = await res.json();
        count(res.status);
        if (res.status === 503) {
          if (JSON.stringify(body) !== JSON.stringify(UNAVAILABLE) || res.headers.get('retry-after') === null)
            bad.push(`503 ${JSON.stringify(body)} retry-after=${res.headers.get('retry-after')}`);
          return false;
        }
        if (res.status !== 200 && res.status !== 409) bad.push(`${res.status} ${JSON.stringify(body)}`);
        return true;
      };
      /** Draws and publishes a closed lottery; true once done (200, or 409 already published: a lost answer). */
      const publish = async (id: number) => {
        const drawn = await fetch(`${base}/admin/lottery/${id}/draw`, {
          method: 'POST',
          headers: headers(token),
          body: '{}',
        });
        count(drawn.status);
        if (drawn.status === 409) {
          // Published by an earlier attempt whose answer was lost: done.
          const message = ((await drawn.json()) as { message?: string }).message;
          if (message === ALREADY_PUBLISHED) return true;
          bad.push(`draw 409 ${message}`);
          return false;
        }
        if (drawn.status !== 200) {
          if (drawn.status !== 503) bad.push(`draw ${drawn.status} ${await drawn.text()}`);
          return false;
        }
        const winners = (
          (await drawn.json()) as { data: { rank: number; percentage: number; ticket_number: string }[] }
        ).data;
        const res = await fetch(`${base}/admin/lottery/publish`, {
          method: 'POST',
          headers: headers(token),
          body: JSON.stringify({
            lottery_id: id,
            result: winners.map((w) => ({
              rank: w.rank,
              percentage: w.percentage,
              ticket_number: w.ticket_number,
            })),
          }),
        });
        count(res.status);
        const body = (await res.json()) as { message?: string };
        if (res.status === 503) return false;
        if (res.status !== 200 && !(res.status === 409 && body.message === ALREADY_PUBLISHED))
          bad.push(`publish ${res.status} ${JSON.stringify(body)}`);
        return true;
      };
      const list = async () => {
        const res = await fetch(`${base}/admin/withdrawal?status=pending&per_page=20`, {
          headers: headers(token),
        });
        count(res.status);
        if (res.status !== 200 && res.status !== 503) bad.push(`list ${res.status} ${await res.text()}`);
      };

      // Under fire: 6 workers reject withdrawals, publish lotteries now and then and read a list; a 503
      // is kept to be repeated after.
      const queue = [...withdrawals];
      const toPublish = [...lotteries];
      const retry: number[] = [];
      const republish: number[] = [];
      await Promise.all(
        Array.from({ length: 6 }, async (_, worker) => {
          for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
            if (!(await reject(id))) retry.push(id);
            if (id % 6 === worker) await list();
            const lottery = id % 3 === 0 ? toPublish.shift() : undefined;
            if (lottery !== undefined && !(await publish(lottery))) republish.push(lottery);
          }
        }),
      );
      republish.push(...toPublish);
      await killer.stop();

      // The process lived through it, every answer was clean, and some of them met a killed connection.
      expect(child!.exitCode, output).toBeNull();
      expect(bad, output).toEqual([]);
      expect(killer.terminated()).toBeGreaterThan(0);
      expect(statuses.get(503) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(0);
      expect([...statuses.keys()].every((s) => [200, 409, 503].includes(s))).toBe(true);
      expect(output).not.toMatch(/uncaught|unhandled/i);

      // Recovered without a restart: the next calls work, including the ones that failed.
      expect((await fetch(`${base}/health`)).status).toBe(200);
      for (const id of retry) {
        const res = await fetch(`${base}/admin/withdrawal/update`, {
          method: 'POST',
          headers: headers(token),
          body: JSON.stringify({ withdrawal_id: id, status: 'rejected', reason: 'fault test' }),
        });
        expect([200, 409], await res.text()).toContain(res.status);
      }
      for (const id of republish) expect(await publish(id)).toBe(true);
      expect(bad).toEqual([]);

      // Money: every withdrawal rejected and refunded exactly once, balances equal to the ledger.
      const check = new pg.Client({ connectionString: database.url });
      await check.connect();
      try {
        const ledger = await checkLedger(check, withdrawals);
        expect(ledger.statuses).toEqual({ rejected: withdrawals.length });
        expect(ledger.wrongRefunds).toEqual([]);
        expect(ledger.mismatchedBalances).toBe(0);
        // Each prize booked exactly once: what the published result says, no more, no less.
        const prizes = await check.query(
          `SELECT lo.id, lo.prize_distributed AS done, p.c AS booked, p.s = e.s AS same_sum, e.c AS expected
             FROM lotteries lo
             CROSS JOIN LATERAL (SELECT count(*)::int AS c, coalesce(sum(amount), 0) AS s FROM ledger
                                  WHERE reason = 'lottery_prize' AND reference LIKE 'lottery:' || lo.id || ':rank:%') p
             CROSS JOIN LATERAL (SELECT count(*)::int AS c, coalesce(sum((r ->> 'amount')::numeric), 0) AS s
                                   FROM jsonb_array_elements(coalesce(lo.result, '[]')) r) e
            WHERE lo.id = ANY($1::int[])`,
          [lotteries],
        );
        expect(
          prizes.rows.filter((r) => !r.done || r.booked !== 3 || r.expected !== 3 || !r.same_sum),
        ).toEqual([]);
        // Nothing else moved: 1000 deposited, every withdrawal refunded, plus the prizes won.
        const users = await check.query(
          `SELECT count(*)::int AS n FROM users u
            WHERE name LIKE 'Fault %' AND balance <> 1000 + (SELECT coalesce(sum(amount), 0) FROM ledger
                                                             WHERE user_id = u.id AND reason = 'lottery_prize')`,
        );
        expect(users.rows[0].n).toBe(0);
      } finally {
        await check.end();
      }
      expect(child!.exitCode).toBeNull();
    }, 120_000);
  },
);

/** `work`, or a rejection after `ms` (a request that hangs must fail the test, not stall it). */
function settlesWithin<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

describe.runIf(driver === 'postgres')('PostgreSQL locks and stalls answer 503 and recover', () => {
  let database: Awaited<ReturnType<typeof copyDatabase>>;
  let withdrawals: number[];
  const opened: { db: DbHandle; t: TestApp }[] = [];
  const lockers: pg.Client[] = [];

  beforeAll(async () => {
    database = await copyDatabase();
    const setup = new pg.Client({ connectionString: database.url });
    await setup.connect();
    ({ withdrawals } = await seedMoney(clientQuery(setup), 4, 3));
    await setup.end();
    const db = createPgDb(database.url, 1);
    await createAdmin(db, ADMIN);
    await db.close();
  });
  afterAll(async () => {
    for (const c of lockers) await c.end().catch(() => {});
    for (const { db, t } of opened) {
      await t.close();
      await db.close();
    }
    await database?.drop();
  });

  /** The API on the shared database with these pool timeouts (config.db as the server would build it). */
  async function appWith(env: Record<string, string>, max = 10) {
    const db = createPgDb(database.url, { max, timeouts: loadConfig(env).db });
    const t = await createTestApp({ db, env });
    opened.push({ db, t });
    return { t, token: await t.login() };
  }

  /** A second session that holds locks until released. */
  async function locker(sql: string, params: unknown[] = []) {
    const c = new pg.Client({ connectionString: database.url });
    lockers.push(c);
    await c.connect();
    await c.query('BEGIN');
    await c.query(sql, params);
    return () => c.query('ROLLBACK');
  }

  const reject = (t: TestApp, token: string, id: number) =>
    t.call('POST', '/api/admin/withdrawal/update', {
      token,
      body: { withdrawal_id: id, status: 'rejected', reason: 'lock test' },
    });

  async function ledgerCheck() {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      return await checkLedger(c, withdrawals);
    } finally {
      await c.end();
    }
  }

  it('a row held FOR UPDATE elsewhere: 503 within lock_timeout, the rest of the API answers, then it works', async () => {
    const { t, token } = await appWith({ DB_LOCK_TIMEOUT_MS: '300' });
    const [held, other] = withdrawals;
    const release = await locker('SELECT id FROM withdrawals WHERE id = $1 FOR UPDATE', [held]);

    const started = Date.now();
    const blocked = await settlesWithin(reject(t, token, held!), 10_000, 'the locked update');
    expect(blocked.statusCode, blocked.body).toBe(503);
    expect(blocked.json()).toEqual(UNAVAILABLE);
    expect(blocked.headers['retry-after']).toBe('2');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);

    // Meanwhile the rest of the API, and the health check, answer.
    expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
    expect((await reject(t, token, other!)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/withdrawal?status=pending', { token })).statusCode).toBe(200);
    expect((await ledgerCheck()).wrongRefunds).toEqual([]); // the failed one is still pending, unrefunded

    await release();
    expect((await reject(t, token, held!)).statusCode).toBe(200);
    const ledger = await ledgerCheck();
    expect(ledger.wrongRefunds).toEqual([]);
    expect(ledger.mismatchedBalances).toBe(0);
  });

  it('a table locked elsewhere: statement_timeout (no lock_timeout) answers 503, health stays up', async () => {
    const { t, token } = await appWith({ DB_LOCK_TIMEOUT_MS: '0', DB_STATEMENT_TIMEOUT_MS: '300' });
    const release = await locker('LOCK TABLE withdrawals IN ACCESS EXCLUSIVE MODE');
    const res = await settlesWithin(
      t.call('GET', '/api/admin/withdrawal?status=pending', { token }),
      10_000,
      'the list on a locked table',
    );
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
    await release();
    expect((await t.call('GET', '/api/admin/withdrawal?status=pending', { token })).statusCode).toBe(200);
  });

  it('every pool connection stuck: new requests answer 503 in time, health says the database is up (its own connection), and all recovers', async () => {
    // No lock or statement timeout: two requests wait on a lock and hold both connections of the pool.
    const { t, token } = await appWith(
      {
        DB_LOCK_TIMEOUT_MS: '0',
        DB_STATEMENT_TIMEOUT_MS: '0',
        DB_CONNECT_TIMEOUT_MS: '500',
        DB_HEALTH_TIMEOUT_MS: '300',
      },
      2,
    );
    const [, , a, b] = withdrawals;
    const release = await locker('SELECT id FROM withdrawals WHERE id = ANY($1::int[]) FOR UPDATE', [[a, b]]);
    const stuck = [reject(t, token, a!), reject(t, token, b!)];
    await expect.poll(lockWaiters).toBe(2);

    // PostgreSQL answers: a load balancer must not pull this replica out (docs/operations.md).
    const health = await settlesWithin(t.call('GET', '/api/health'), 5_000, 'health');
    expect(health.statusCode, health.body).toBe(200);
    const list = await settlesWithin(
      t.call('GET', '/api/admin/withdrawal', { token }),
      5_000,
      'a list with no free connection',
    );
    expect(list.statusCode, list.body).toBe(503);

    await release();
    expect((await Promise.all(stuck)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/withdrawal', { token })).statusCode).toBe(200);
    const ledger = await ledgerCheck();
    expect(ledger.wrongRefunds).toEqual([]);
    expect(ledger.mismatchedBalances).toBe(0);
  });

  it('statement_timeout ends a slow query, not a script (migrations), and SET LOCAL does not leak', async () => {
    const db = createPgDb(database.url, {
      max: 1,
      timeouts: loadConfig({ DB_STATEMENT_TIMEOUT_MS: '200' }).db,
    });
    try {
      await expect(db.query('SELECT pg_sleep(0.5)')).rejects.toMatchObject({ code: '57014' });
      await db.exec('SELECT pg_sleep(0.5)');
      await db.transaction(async (tx) => {
        await tx.exec('SELECT pg_sleep(0.5)');
      });
      // The one pooled connection keeps its timeout after both scripts.
      await expect(db.query('SELECT pg_sleep(0.5)')).rejects.toMatchObject({ code: '57014' });
      expect(await db.query<{ t: string }>('SHOW statement_timeout')).toEqual([
        { statement_timeout: '200ms' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('long work (a whole-list walk) may run past the short statement_timeout, its own limit still ends it, and neither leaks', async () => {
    const db = createPgDb(database.url, {
      max: 1,
      timeouts: loadConfig({ DB_STATEMENT_TIMEOUT_MS: '200' }).db,
    });
    try {
      const long = { statementTimeoutMs: 1_500 };
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_sleep(0.6)'); // past 200 ms and past the client's 200 + 1000 ms
      }, long);
      await expect(
        db.transaction(async (tx) => {
          await tx.query('SELECT pg_sleep(3)');
        }, long),
      ).rejects.toMatchObject({ code: '57014' });
      // The same (only) connection is back to the short limits, server- and client-side.
      await expect(db.query('SELECT pg_sleep(0.5)')).rejects.toMatchObject({ code: '57014' });
      expect(await db.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '200ms' }]);
    } finally {
      await db.close();
    }
  });

  async function lockWaiters(): Promise<number> {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      const r = await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return r.rows[0]!.n;
    } finally {
      await c.end();
    }
  }
});

/**
 * A TCP proxy to PostgreSQL that can black-hole its traffic (a network partition: nothing is refused or
 * reset, answers just never come) and heal again.
 */
async function partitionableProxy(target: URL) {
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const pipe = (from: Socket, to: Socket) =>
    from.on('data', (chunk) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
    },
    heal() {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.runIf(driver === 'postgres')('a network partition to PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof copyDatabase>>;
  let proxy: Awaited<ReturnType<typeof partitionableProxy>>;
  let db: DbHandle;
  let t: TestApp;

  beforeAll(async () => {
    database = await copyDatabase();
    proxy = await partitionableProxy(new URL(database.url));
    const env = {
      DB_STATEMENT_TIMEOUT_MS: '500',
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_HEALTH_TIMEOUT_MS: '300',
    };
    db = createPgDb(proxy.url, { timeouts: loadConfig(env).db });
    t = await createTestApp({ db: await withAdmin(db), env });
  });
  afterAll(async () => {
    proxy?.heal();
    await t?.close();
    await db?.close();
    await proxy?.close();
    await database?.drop();
  });

  async function withAdmin(handle: DbHandle) {
    await createAdmin(handle, ADMIN);
    return handle;
  }

  it('health and calls answer 503 in bounded time while no answer comes, and work again once it heals', async () => {
    const token = await t.login();
    expect((await t.call('GET', '/api/admin/withdrawal', { token })).statusCode).toBe(200);

    proxy.freeze();
    const health = await settlesWithin(t.call('GET', '/api/health'), 3_000, 'health during the partition');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual(UNAVAILABLE);
    // The client gives up 1 s after statement_timeout (the server cannot tell it anything now): about
    // when a new connection gives up, never the 35 s an open one used to wait.
    const started = Date.now();
    const list = await settlesWithin(
      t.call('GET', '/api/admin/withdrawal', { token }),
      3_000,
      'a call during the partition',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(list.statusCode, list.body).toBe(503);
    expect(list.json()).toEqual(UNAVAILABLE);

    proxy.heal();
    await expect.poll(async () => (await t.call('GET', '/api/health')).statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/withdrawal', { token })).statusCode).toBe(200);
  }, 30_000);
});

describe.runIf(driver === 'pglite')('PGlite with the timeout settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { DB_STATEMENT_TIMEOUT_MS: '50', DB_LOCK_TIMEOUT_MS: '50', DB_HEALTH_TIMEOUT_MS: '300' },
    });
  });
  afterAll(() => t?.close());

  it('works as before, and health answers 503 while the database is held, 200 after', async () => {
    const token = await t.login();
    expect((await t.call('GET', '/api/admin/withdrawal', { token })).statusCode).toBe(200);

    // PGlite runs one thing at a time: a transaction left open holds every other query.
    let finish = () => {};
    const held = t.db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    const health = await settlesWithin(t.call('GET', '/api/health'), 5_000, 'health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual(UNAVAILABLE);
    expect(health.headers['retry-after']).toBe('2');
    finish();
    await held;
    expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
  });
});
