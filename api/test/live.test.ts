import type { QueueCounts } from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, type TestApp } from './helpers.ts';
import { makeLottery, makeUser } from './lottery-helpers.ts';

/**
 * Live queues (modules/live, migrations/017_live_events.sql): the event stream over a real socket, as
 * the console reads it (fetch with the Bearer token), on both drivers.
 */

const EVENTS = '/api/admin/events';
const UPDATE = '/api/admin/withdrawal/update';

interface Stream {
  events: { event: string; data: string }[];
  heartbeats: number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  waitFor(event: string, data: (d: unknown) => boolean, ms?: number): Promise<number>;
  close(): void;
}

/** Opens the stream and parses its events as they come (resolves once the answer's headers arrived). */
async function openStream(base: string, token?: string): Promise<Stream & { status: number }> {
  const abort = new AbortController();
  const res = await fetch(base + EVENTS, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const stream: Stream & { status: number } = {
    status: res.status,
    events: [],
    heartbeats: 0,
    ended: Promise.resolve(),
    async waitFor(event, match, ms = 2000) {
      const start = Date.now();
      while (Date.now() - start < ms) {
        if (this.events.some((e) => e.event === event && match(JSON.parse(e.data))))
          return Date.now() - start;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no '${event}' event within ${ms} ms: ${JSON.stringify(this.events)}`);
    },
    close: () => abort.abort(),
  };
  if (res.status !== 200 || !res.body) return stream;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(':')) stream.heartbeats++;
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) stream.events.push({ event, data });
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  return stream;
}

const changed = (topic: string) => (d: unknown) => (d as { topic: string }).topic === topic;
const hasTopic = (s: Stream, topic: string) =>
  s.events.some((e) => e.event === 'changed' && changed(topic)(JSON.parse(e.data)));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let base: string;
const tokens: Record<'root' | 'finance' | 'support' | 'lottery', string> = {} as never;
let userId: number;
const open: Stream[] = [];
const stream = async (token?: string) => {
  const s = await openStream(base, token);
  open.push(s);
  return s;
};

async function pendingWithdrawal(): Promise<number> {
  const [w] = await t.db.query<{ id: number }>(
    `INSERT INTO withdrawals (user_id, amount, wallet_address, status)
     VALUES ($1, 5, $2, 'pending') RETURNING id`,
    [userId, `0x${'ab'.repeat(20)}`],
  );
  return w!.id;
}

const newTicket = () =>
  t.db.query(`INSERT INTO support_tickets (user_id, type, message) VALUES ($1, 'General', 'Help')`, [userId]);

beforeAll(async () => {
  t = await createTestApp({ liveHeartbeatMs: 200 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  tokens.root = await t.login();
  for (const [name, role] of [
    ['finance', 'finance'],
    ['support', 'support-users'],
    ['lottery', 'lottery'],
  ] as const) {
    const email = `live-${name}@example.com`;
    await createAdmin(t.db, { email, password: 'secret123', roles: [role] });
    tokens[name] = await t.login(email, 'secret123');
  }
  userId = await makeUser(t, 'Live');
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

describe('GET /api/admin/events', () => {
  it('requires a session (401 without a token or with a bad one)', async () => {
    expect((await stream()).status).toBe(401);
    expect((await stream('not-a-token')).status).toBe(401);
  });

  it('starts with the topics the roles may read', async () => {
    const finance = await stream(tokens.finance);
    expect(finance.status).toBe(200);
    await finance.waitFor('ready', (d) => {
      expect(d).toEqual({ topics: ['withdrawals', 'dashboard'] });
      return true;
    });
    const support = await stream(tokens.support);
    await support.waitFor('ready', (d) => {
      expect(d).toEqual({ topics: ['support', 'dashboard'] });
      return true;
    });
  });

  it("tells a finance admin within 2 s of another admin's approval; a support admin hears nothing of it", async () => {
    const id = await pendingWithdrawal();
    const finance = await stream(tokens.finance);
    const support = await stream(tokens.support);
    await finance.waitFor('ready', () => true);
    await support.waitFor('ready', () => true);
    const res = await t.call('POST', UPDATE, {
      token: tokens.root,
      body: { withdrawal_id: id, status: 'approved' },
    });
    expect(res.statusCode).toBe(200);
    expect(await finance.waitFor('changed', changed('withdrawals'), 2000)).toBeLessThan(2000);
    // The support admin's own topic arrives, the withdrawals one never did.
    await newTicket();
    await support.waitFor('changed', changed('support'));
    expect(hasTopic(support, 'withdrawals')).toBe(false);
    expect(hasTopic(finance, 'support')).toBe(false);
  });

  it('sends nothing for a write that was rolled back', async () => {
    const id = await pendingWithdrawal();
    const finance = await stream(tokens.finance);
    await finance.waitFor('ready', () => true);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`UPDATE withdrawals SET status = 'approved' WHERE id = $1`, [id]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // Nor for a refused approval (409: already decided), whose transaction rolls back.
    await t.db.query(`UPDATE withdrawals SET status = 'rejected' WHERE id = $1`, [id]);
    await pause(300);
    finance.events.length = 0;
    const refused = await t.call('POST', UPDATE, {
      token: tokens.root,
      body: { withdrawal_id: id, status: 'approved' },
    });
    expect(refused.statusCode).toBe(409);
    await pause(700);
    expect(hasTopic(finance, 'withdrawals')).toBe(false);
  });

  it("sends nothing for a statement that changed no row (the payout worker's claim, every second)", async () => {
    const finance = await stream(tokens.finance);
    await finance.waitFor('ready', () => true);
    await pause(300);
    finance.events.length = 0;
    await t.db.query(`UPDATE withdrawals SET processing = true WHERE false`);
    await t.db.query(`DELETE FROM support_tickets WHERE false`);
    await pause(700);
    expect(finance.events.filter((e) => e.event === 'changed')).toEqual([]);
    // The same statement that matches a row is told.
    const id = await pendingWithdrawal();
    await t.db.query(`UPDATE withdrawals SET updated_at = now() WHERE id = $1`, [id]);
    await finance.waitFor('changed', changed('withdrawals'));
  });

  it('sends a heartbeat comment', async () => {
    const s = await stream(tokens.lottery);
    await s.waitFor('ready', () => true);
    await pause(500);
    expect(s.heartbeats).toBeGreaterThanOrEqual(1);
  });

  it('ends the stream when its session signs out', async () => {
    const email = 'live-leaving@example.com';
    await createAdmin(t.db, { email, password: 'secret123', roles: ['finance'] });
    const token = await t.login(email, 'secret123');
    const s = await stream(token);
    await s.waitFor('ready', () => true);
    expect((await t.call('POST', '/api/admin/auth/logout', { token })).statusCode).toBe(200);
    await expect(Promise.race([s.ended.then(() => 'ended'), pause(2000)])).resolves.toBe('ended');
  });

  it('delivers on every replica sharing the database, and a replica that shuts down ends its streams', async () => {
    const other = await createTestApp({ db: t.db });
    const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const here = await stream(tokens.support);
    const there = await openStream(otherBase, tokens.support);
    open.push(there);
    await here.waitFor('ready', () => true);
    await there.waitFor('ready', () => true);
    await newTicket();
    await here.waitFor('changed', changed('support'));
    await there.waitFor('changed', changed('support'));
    const closing = other.close();
    await expect(Promise.race([there.ended.then(() => 'ended'), pause(2000)])).resolves.toBe('ended');
    await closing;
  });

  it('tells the lottery admins when a lottery reaches its end time (no write at all)', async () => {
    const s = await stream(tokens.lottery);
    await s.waitFor('ready', () => true);
    const end = Date.now() + 1500;
    await makeLottery(t, { start: Date.now() - 60_000, end, name: 'Ends soon' });
    // The insert itself is told at once; the end is told once reached.
    await s.waitFor('changed', changed('lottery'));
    s.events.length = 0;
    await s.waitFor('changed', changed('lottery'), 3000);
    expect(Date.now()).toBeGreaterThanOrEqual(end);
    const res = await t.call('GET', '/api/admin/queues', { token: tokens.lottery });
    expect(res.json().data.lotteriesAwaitingResults).toBeGreaterThanOrEqual(1);
  });

  it('keeps the request id and the metrics: the open streams counted, their hours kept out of the latencies', async () => {
    const metricsToken = 'metrics-token-0123456789abcdef';
    const other = await createTestApp({ db: t.db, env: { METRICS_TOKEN: metricsToken } });
    try {
      const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const session = await t.login('live-support@example.com', 'secret123');
      const res = await fetch(otherBase + EVENTS, { headers: { authorization: `Bearer ${session}` } });
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(res.headers.get('x-request-id')).toBeTruthy();
      const scrape = async () =>
        (await other.call('GET', '/api/metrics', { headers: { authorization: `Bearer ${metricsToken}` } }))
          .body;
      expect(await scrape()).toContain('backoffice_live_streams_open 1');
      // The server ends it (sign-out): the answer is complete, counted, and not timed.
      expect((await t.call('POST', '/api/admin/auth/logout', { token: session })).statusCode).toBe(200);
      await res.text();
      let text = await scrape();
      for (let i = 0; i < 40 && !text.includes('backoffice_live_streams_open 0'); i++) {
        await pause(50);
        text = await scrape();
      }
      expect(text).toContain('backoffice_live_streams_open 0');
      expect(text).toContain(
        'backoffice_http_requests_total{method="GET",route="/api/admin/events",status="200"} 1',
      );
      expect(text).not.toContain(
        'backoffice_http_request_duration_seconds_count{method="GET",route="/api/admin/events"',
      );
    } finally {
      await other.close();
    }
  });

  it('sends at most one dashboard event per second', async () => {
    const s = await stream(tokens.root);
    await s.waitFor('ready', () => true);
    await pause(1100);
    s.events.length = 0;
    for (let i = 0; i < 5; i++) await newTicket();
    await pause(600);
    const dashboards = () =>
      s.events.filter((e) => e.event === 'changed' && changed('dashboard')(JSON.parse(e.data)));
    expect(dashboards()).toHaveLength(1);
    await pause(700);
    // The last changes are told once the second is over.
    expect(dashboards()).toHaveLength(2);
  });
});

describe('streams per session (LIVE_STREAMS_PER_SESSION, 5)', () => {
  it("a session's sixth and seventh streams end its oldest two, which are told they were replaced", async () => {
    await createAdmin(t.db, {
      email: 'live-tabs@example.com',
      password: 'secret123',
      roles: ['support-users'],
    });
    const token = await t.login('live-tabs@example.com', 'secret123');
    const other = await t.login('live-tabs@example.com', 'secret123');
    const otherStream = await stream(other);
    const streams: Stream[] = [];
    for (let i = 0; i < 7; i++) {
      const s = await stream(token);
      await s.waitFor('ready', () => true);
      streams.push(s);
    }
    const state = (s: Stream) => Promise.race([s.ended.then(() => 'ended'), pause(300).then(() => 'open')]);
    expect(await Promise.all(streams.map(state))).toEqual([
      'ended',
      'ended',
      'open',
      'open',
      'open',
      'open',
      'open',
    ]);
    expect(streams[0]!.events.map((e) => e.event)).toEqual(['ready', 'replaced']);
    // The session's other streams, and another session of the same admin, go on receiving.
    await newTicket();
    await streams[6]!.waitFor('changed', changed('support'));
    await streams[2]!.waitFor('changed', changed('support'));
    await otherStream.waitFor('changed', changed('support'));
  });

  it("follows each session's roles at the heartbeat, and ends a blocked admin's streams", async () => {
    const email = 'live-changing@example.com';
    const id = await createAdmin(t.db, { email, password: 'secret123', roles: ['finance'] });
    const s = await stream(await t.login(email, 'secret123'));
    await s.waitFor('ready', () => true);
    await t.db.query(`UPDATE admins SET roles = '{support-users}' WHERE id = $1`, [id]);
    await pause(500);
    await newTicket();
    await s.waitFor('changed', changed('support'));
    await t.db.query(`UPDATE admins SET status = 'blocked' WHERE id = $1`, [id]);
    await expect(Promise.race([s.ended.then(() => 'ended'), pause(2000)])).resolves.toBe('ended');
  });

  it('one session query per heartbeat for all streams, and sign-out answers while many are open', async () => {
    // The same database, its session queries counted.
    let sessionQueries = 0;
    const counted = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'query')
          return (sql: string, params?: unknown[]) => {
            if (sql.includes('admin_sessions')) sessionQueries++;
            return target.query(sql, params);
          };
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const other = await createTestApp({ db: counted, liveHeartbeatMs: 100 });
    const many: Stream[] = [];
    try {
      const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
      await createAdmin(t.db, { email: 'live-many@example.com', password: 'secret123', roles: ['finance'] });
      const sessions: string[] = [];
      for (let i = 0; i < 8; i++) sessions.push(await other.login('live-many@example.com', 'secret123'));
      for (const token of sessions)
        for (let i = 0; i < 5; i++) {
          const s = await openStream(otherBase, token);
          many.push(s);
          await s.waitFor('ready', () => true);
        }
      sessionQueries = 0;
      await pause(1000);
      // About 10 heartbeats: one query each, not one per stream (40 streams: ~400).
      expect(sessionQueries).toBeGreaterThanOrEqual(5);
      expect(sessionQueries).toBeLessThanOrEqual(15);
      expect(many.every((s) => s.heartbeats >= 5)).toBe(true);

      const res = await other.call('POST', '/api/admin/auth/logout', { token: sessions[0]! });
      expect(res.statusCode, res.body).toBe(200);
      const ended = (s: Stream) => Promise.race([s.ended.then(() => true), pause(2000).then(() => false)]);
      expect(await Promise.all(many.slice(0, 5).map(ended))).toEqual([true, true, true, true, true]);
      expect(await Promise.race([ended(many[5]!), pause(300).then(() => 'open')])).toBe('open');
    } finally {
      for (const s of many) s.close();
      await other.close();
    }
  });
});

describe('GET /api/admin/queues', () => {
  it('answers the counts the roles may read', async () => {
    await pendingWithdrawal();
    const expected = (
      await t.db.query<{ pending: number; awaiting: number; open: number; ended: number }>(
        `SELECT (SELECT count(*) FROM withdrawals WHERE status IN ('pending', 'waiting'))::int AS pending,
                (SELECT count(*) FROM withdrawals WHERE status = 'awaiting_approval')::int AS awaiting,
                (SELECT count(*) FROM support_tickets WHERE status = 'open')::int AS open,
                (SELECT count(*) FROM lotteries
                  WHERE lottery_status(start_time, end_time, prize_distributed, now()) = 'closed'
                    AND deleted_at IS NULL)::int AS ended`,
      )
    )[0]!;
    const counts = async (token: string) => {
      const res = await t.call('GET', '/api/admin/queues', { token });
      expect(res.statusCode).toBe(200);
      return res.json().data as QueueCounts;
    };
    expect(await counts(tokens.finance)).toEqual({
      withdrawalsPending: expected.pending,
      withdrawalsAwaitingSecond: expected.awaiting,
    });
    expect(await counts(tokens.support)).toEqual({ supportOpen: expected.open });
    expect(await counts(tokens.lottery)).toEqual({ lotteriesAwaitingResults: expected.ended });
    expect(Object.keys(await counts(tokens.root)).sort()).toEqual([
      'lotteriesAwaitingResults',
      'supportOpen',
      'withdrawalsAwaitingSecond',
      'withdrawalsPending',
    ]);
    expect(expected.pending).toBeGreaterThan(0);
    expect(expected.open).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/admin/queues')).statusCode).toBe(401);
  });
});
