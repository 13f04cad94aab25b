import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types.ts';
import { type ChainClient, type ChainTransfer, SimulatedChain } from '../src/modules/payout/chain.ts';
import { chainConfig } from '../src/modules/payout/config.ts';
import { toUnits } from '../src/modules/payout/evm.ts';
import { PayoutWorker, payoutIntervalMs, startPayoutWorker } from '../src/modules/payout/worker.ts';
import { droppingDb, memoryLog, payoutAudits, replicaHandles, sentRecord } from './chain/payout-helpers.ts';
import { createTestApp, driver, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
let userId: number;

const HASH = /^0x[0-9a-f]{64}$/;

async function makeWithdrawal(
  status: string,
  wallet: string | null = `0x${'ab'.repeat(20)}`,
  amount = '25.125',
) {
  const [w] = await t.db.query<{ id: number }>(
    `INSERT INTO withdrawals (user_id, amount, wallet_address, status) VALUES ($1, $2::numeric, $3, $4) RETURNING id`,
    [userId, amount, wallet, status],
  );
  await t.db.query(
    `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, -$2::numeric, 'withdrawal', $3)`,
    [userId, amount, `withdrawal:${w!.id}`],
  );
  return w!.id;
}
const row = async (id: number) =>
  (
    await t.db.query<{ status: string; hash: string | null; processing: boolean }>(
      'SELECT status, hash, processing FROM withdrawals WHERE id = $1',
      [id],
    )
  )[0]!;
const balance = async () =>
  (await t.db.query<{ balance: string }>('SELECT balance FROM users WHERE id = $1', [userId]))[0]!.balance;
/** Leaves only the given withdrawals in the approved queue (others become completed by hand). */
const clearQueue = () =>
  t.db.query(`UPDATE withdrawals SET status = 'completed', processing = false WHERE status = 'approved'`);

/** A chain that records every send and can be told to fail. */
class RecordingChain implements ChainClient {
  readonly sends: ChainTransfer[] = [];
  failFor = new Set<string>();
  /** Runs after a successful send, before its hash is returned. */
  onSent: (() => Promise<void>) | undefined;
  private readonly inner = new SimulatedChain();
  async send(transfer: ChainTransfer) {
    this.sends.push(transfer);
    if (this.failFor.has(transfer.reference)) throw new Error('node unavailable');
    const sent = await this.inner.send(transfer);
    await this.onSent?.();
    return sent;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const [u] = await t.db.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ('payee', 'payee@example.test') RETURNING id`,
  );
  userId = u!.id;
  await t.db.query(
    `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, 100000, 'deposit', 'deposit:t')`,
    [userId],
  );
});
afterAll(() => t.close());

describe('payout worker', () => {
  it('pays approved withdrawals once and marks them completed with the hash', async () => {
    await clearQueue();
    const pending = await makeWithdrawal('pending');
    const a = await makeWithdrawal('approved');
    const b = await makeWithdrawal('approved', `0x${'cd'.repeat(20)}`, '0.00000001');
    const noWallet = await makeWithdrawal('approved', null);
    const chain = new RecordingChain();
    const worker = new PayoutWorker(t.db, chain);
    const before = await balance();

    const run = await worker.runOnce();
    expect(run.failed).toEqual([]);
    expect(run.completed.map((c) => c.id)).toEqual([a, b]);
    expect(chain.sends).toEqual([
      { to: `0x${'ab'.repeat(20)}`, amount: '25.125', reference: `withdrawal:${a}` },
      { to: `0x${'cd'.repeat(20)}`, amount: '0.00000001', reference: `withdrawal:${b}` },
    ]);
    for (const id of [a, b]) {
      const r = await row(id);
      expect(r).toMatchObject({ status: 'completed', processing: false });
      expect(r.hash).toMatch(HASH);
      expect(r.hash).toBe(run.completed.find((c) => c.id === id)!.hash);
    }
    expect(await row(pending)).toMatchObject({ status: 'pending', hash: null });
    expect(await row(noWallet)).toMatchObject({ status: 'approved', processing: false, hash: null });
    // The money left the balance at request time: paying out moves nothing.
    expect(await balance()).toBe(before);

    // A second run finds nothing to pay: nothing is sent twice.
    expect((await worker.runOnce()).completed).toEqual([]);
    expect(chain.sends).toHaveLength(2);
  });

  it('shows completed withdrawals with their hash in the list', async () => {
    await clearQueue();
    const id = await makeWithdrawal('pending');
    expect(
      (await t.call('POST', '/api/admin/withdrawal/update', { token, body: { withdrawal_id: id } }))
        .statusCode,
    ).toBe(200);
    await new PayoutWorker(t.db, new SimulatedChain()).runOnce();
    const res = await t.call('GET', `/api/admin/withdrawal?status=completed&id=${id}`, { token });
    const [w] = res.json().data.data;
    expect(w).toMatchObject({ id, status: 'completed', processing: false });
    expect(w.hash).toMatch(HASH);
  });

  it('leaves a withdrawal approved after a failed send and pays it on the next run', async () => {
    await clearQueue();
    const id = await makeWithdrawal('approved');
    const chain = new RecordingChain();
    chain.failFor.add(`withdrawal:${id}`);
    const worker = new PayoutWorker(t.db, chain);
    const run = await worker.runOnce();
    expect(run).toEqual({ completed: [], failed: [{ id, error: 'node unavailable' }] });
    expect(await row(id)).toEqual({ status: 'approved', processing: false, hash: null });
    chain.failFor.clear();
    expect((await worker.runOnce()).completed.map((c) => c.id)).toEqual([id]);
    expect((await row(id)).status).toBe('completed');
  });

  it('never claims a withdrawal another worker is paying, and retakes a stale claim idempotently', async () => {
    await clearQueue();
    const id = await makeWithdrawal('approved');
    // Another worker claimed it just now: left alone.
    await t.db.query('UPDATE withdrawals SET processing = true, updated_at = now() WHERE id = $1', [id]);
    const chain = new RecordingChain();
    expect((await new PayoutWorker(t.db, chain).runOnce()).completed).toEqual([]);
    expect(chain.sends).toEqual([]);
    // That worker died after sending: the claim goes stale and is retaken; the chain's reference keeps it
    // from paying twice (same hash back).
    const first = await chain.send({
      to: `0x${'ab'.repeat(20)}`,
      amount: '25.125',
      reference: `withdrawal:${id}`,
    });
    await t.db.query(`UPDATE withdrawals SET updated_at = now() - interval '11 minutes' WHERE id = $1`, [id]);
    const run = await new PayoutWorker(t.db, chain).runOnce();
    expect(run.completed).toEqual([{ id, hash: first.hash }]);
    expect(new Set(chain.sends.map((s) => s.reference)).size).toBe(1);
  });

  it(`concurrent runs of two workers pay each withdrawal once (${driver})`, async () => {
    await clearQueue();
    const ids: number[] = [];
    for (let i = 0; i < 30; i++)
      ids.push(await makeWithdrawal('approved', `0x${String(i).padStart(40, '0')}`, '1'));
    const chain = new RecordingChain();
    const w1 = new PayoutWorker(t.db, chain, { batchSize: 7 });
    const w2 = new PayoutWorker(t.db, chain, { batchSize: 7 });
    const done: number[] = [];
    for (let round = 0; round < 5; round++) {
      const runs = await Promise.all([w1.runOnce(), w2.runOnce(), w1.runOnce()]);
      // w1.runOnce() twice at once shares one pass.
      expect(runs[2]).toBe(runs[0]);
      for (const r of [runs[0], runs[1]]) done.push(...r.completed.map((c) => c.id));
    }
    expect([...done].sort((a, b) => a - b)).toEqual(ids);
    expect(chain.sends.map((s) => s.reference).sort()).toEqual(ids.map((id) => `withdrawal:${id}`).sort());
  });

  it(`a connection dropped after the send: the hash is recorded, completion is retried on a fresh one, paid once (${driver})`, async () => {
    await clearQueue();
    const id = await makeWithdrawal('approved');
    const chain = new RecordingChain();
    const db = droppingDb(t.db);
    db.drop(/UPDATE withdrawals SET status = 'completed'/);
    const run = await new PayoutWorker(db, chain).runOnce();
    expect(run).toEqual({ completed: [{ id, hash: expect.stringMatching(HASH) }], failed: [] });
    const { hash } = run.completed[0]!;
    expect(await row(id)).toEqual({ status: 'completed', hash, processing: false });
    expect(await sentRecord(t.db, id)).toEqual([{ hash }]);
    expect(chain.sends).toHaveLength(1);
    expect(await payoutAudits(t.db, id)).toBe(1);
  });

  it.runIf(driver === 'postgres')(
    "PostgreSQL: the worker's backend terminated mid-completion: completed on a new connection, once",
    async () => {
      await clearQueue();
      const id = await makeWithdrawal('approved');
      // The worker on a pool of its own; once the send is done, the test holds the withdrawal's row so the
      // completion waits on it where it can be terminated.
      const replica = await replicaHandles(t.db, 1);
      let unlock!: () => void;
      let holding: Promise<void> | undefined;
      const chain = new RecordingChain();
      chain.onSent = () =>
        new Promise<void>((locked) => {
          holding = t.db.transaction(async (tx) => {
            await tx.query('SELECT 1 FROM withdrawals WHERE id = $1 FOR UPDATE', [id]);
            locked();
            await new Promise<void>((r) => (unlock = r));
          });
        });
      const waiting = async (not?: number) => {
        for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
          const [w] = await t.db.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'
                AND query LIKE 'UPDATE withdrawals SET status = ''completed''%' AND pid <> $1`,
            [not ?? 0],
          );
          if (w) return w.pid;
          await new Promise((r) => setTimeout(r, 20));
        }
        throw new Error('no completion waiting on the lock');
      };
      try {
        const pass = new PayoutWorker(replica.dbs[0]!, chain).runOnce();
        const first = await waiting();
        await t.db.query('SELECT pg_terminate_backend($1)', [first]);
        // The retry waits on the lock again, from another backend: a fresh connection.
        await waiting(first);
        unlock();
        await holding;
        const run = await pass;
        expect(run).toEqual({ completed: [{ id, hash: expect.stringMatching(HASH) }], failed: [] });
        expect(await row(id)).toEqual({
          status: 'completed',
          hash: run.completed[0]!.hash,
          processing: false,
        });
        expect(await sentRecord(t.db, id)).toEqual([{ hash: run.completed[0]!.hash }]);
        expect(chain.sends).toHaveLength(1);
        expect(await payoutAudits(t.db, id)).toBe(1);
      } finally {
        unlock?.();
        await holding?.catch(() => {});
        await replica.close();
      }
    },
  );

  it(`a replica that lost the database after the send: another completes it without sending again (${driver})`, async () => {
    await clearQueue();
    const id = await makeWithdrawal('approved');
    const log = memoryLog();
    // Every write to withdrawals fails for this replica: neither the completion nor the release lands.
    const lost = droppingDb(t.db);
    lost.drop(/UPDATE withdrawals SET/, Number.POSITIVE_INFINITY);
    const first = await new PayoutWorker(lost, new RecordingChain(), { log }).runOnce();
    expect(first.completed).toEqual([]);
    expect(first.failed).toEqual([
      {
        id,
        error: expect.stringMatching(
          /^sent as 0x[0-9a-f]{64}, not completed yet \(terminating connection .*\); releasing the claim failed \(terminating connection due to administrator command\)/,
        ),
      },
    ]);
    expect(log.lines).toContainEqual({
      level: 'error',
      obj: { id, err: 'terminating connection due to administrator command' },
      msg: 'releasing a payout claim failed: it is taken again once stale',
    });
    const [sent] = await sentRecord(t.db, id);
    expect(sent!.hash).toMatch(HASH);
    expect(await row(id)).toEqual({ status: 'approved', hash: null, processing: true });

    // The restarted replica's chain client would pay again if asked: it must not be.
    const chain = new RecordingChain();
    const restarted = new PayoutWorker(t.db, chain);
    expect((await restarted.runOnce()).completed).toEqual([]); // a fresh claim is left alone...
    await t.db.query(`UPDATE withdrawals SET updated_at = now() - interval '31 seconds' WHERE id = $1`, [id]);
    // ...and a sent one is taken again after 30 s (not 10 minutes): only its completion is left.
    expect(await restarted.runOnce()).toEqual({ completed: [{ id, hash: sent!.hash }], failed: [] });
    expect(chain.sends).toEqual([]);
    expect(await row(id)).toEqual({ status: 'completed', hash: sent!.hash, processing: false });
    expect(await payoutAudits(t.db, id)).toBe(1);
  });

  it(`a release that fails is logged and reported, never swallowed; the stale claim is paid later (${driver})`, async () => {
    await clearQueue();
    const id = await makeWithdrawal('approved');
    const chain = new RecordingChain();
    chain.failFor.add(`withdrawal:${id}`);
    const db = droppingDb(t.db);
    db.drop(/UPDATE withdrawals SET processing = false/, Number.POSITIVE_INFINITY);
    const log = memoryLog();
    const run = await new PayoutWorker(db, chain, { log }).runOnce();
    expect(run).toEqual({
      completed: [],
      failed: [
        {
          id,
          error:
            'node unavailable; releasing the claim failed (terminating connection due to administrator command): retried once the claim is stale',
        },
      ],
    });
    expect(log.lines.map((l) => l.msg)).toContain(
      'releasing a payout claim failed: it is taken again once stale',
    );
    expect(await row(id)).toEqual({ status: 'approved', hash: null, processing: true });
    expect(await sentRecord(t.db, id)).toEqual([]);

    chain.failFor.clear();
    await t.db.query(`UPDATE withdrawals SET updated_at = now() - interval '11 minutes' WHERE id = $1`, [id]);
    const later = await new PayoutWorker(t.db, chain).runOnce();
    expect(later.completed.map((c) => c.id)).toEqual([id]);
    expect(chain.sends.map((s) => s.reference)).toEqual([`withdrawal:${id}`, `withdrawal:${id}`]);
    expect(await payoutAudits(t.db, id)).toBe(1);
  });

  it(`stop() lets a send in progress complete and gives back claims not sent yet (${driver})`, async () => {
    await clearQueue();
    const [a, b, c] = [
      await makeWithdrawal('approved'),
      await makeWithdrawal('approved'),
      await makeWithdrawal('approved'),
    ];
    const chain = new RecordingChain();
    let stopping: Promise<void> | undefined;
    // A stop (SIGTERM) that comes while a pass is claiming: what it claims goes back unsent.
    const db: Db = {
      query: (sql, params) => {
        if (sql.startsWith('UPDATE withdrawals w SET processing = true')) stopping ??= worker.stop();
        return t.db.query(sql, params);
      },
      exec: (sql) => t.db.exec(sql),
      transaction: (fn) => t.db.transaction(fn),
    };
    const worker = new PayoutWorker(db, chain, { batchSize: 2 });
    expect(await worker.runOnce()).toEqual({ completed: [], failed: [] });
    await stopping;
    expect(chain.sends).toEqual([]);
    for (const id of [a, b, c])
      expect(await row(id)).toEqual({ status: 'approved', hash: null, processing: false });

    // A stop while a transfer is being sent: it completes, and no further pass starts.
    const running = new PayoutWorker(t.db, chain, { batchSize: 1 });
    stopping = undefined;
    chain.onSent = async () => {
      stopping ??= running.stop();
    };
    running.start(10);
    for (const deadline = Date.now() + 10_000; !stopping && Date.now() < deadline; )
      await new Promise((r) => setTimeout(r, 10));
    await stopping;
    expect(await row(a)).toMatchObject({ status: 'completed', processing: false });
    expect(await row(b)).toEqual({ status: 'approved', hash: null, processing: false });
    expect(chain.sends.map((s) => s.reference)).toEqual([`withdrawal:${a}`]);
  });

  it('the simulated chain returns a deterministic 0x hash and pays a reference once', async () => {
    const chain = new SimulatedChain();
    const one = await chain.send({ to: '0x1', amount: '5', reference: 'withdrawal:1' });
    expect(one.hash).toMatch(HASH);
    expect(await chain.send({ to: '0x1', amount: '5', reference: 'withdrawal:1' })).toEqual(one);
    expect((await chain.send({ to: '0x1', amount: '5', reference: 'withdrawal:2' })).hash).not.toBe(one.hash);
    expect(chain.paid.size).toBe(2);
    expect(
      (await new SimulatedChain().send({ to: '0x1', amount: '5', reference: 'withdrawal:1' })).hash,
    ).toBe(one.hash);
  });

  it('PAYOUT_INTERVAL_MS: default 5000, 0 disables, else a timer that pays', async () => {
    expect(payoutIntervalMs({})).toBe(5000);
    expect(payoutIntervalMs({ PAYOUT_INTERVAL_MS: '250' })).toBe(250);
    expect(() => payoutIntervalMs({ PAYOUT_INTERVAL_MS: '-1' })).toThrow(/PAYOUT_INTERVAL_MS/);
    expect(() => payoutIntervalMs({ PAYOUT_INTERVAL_MS: 'soon' })).toThrow(/PAYOUT_INTERVAL_MS/);
    expect(startPayoutWorker(t.db, { env: { PAYOUT_INTERVAL_MS: '0' }, demo: true })).toBeUndefined();

    await clearQueue();
    const id = await makeWithdrawal('approved');
    const worker = startPayoutWorker(t.db, { env: { PAYOUT_INTERVAL_MS: '20' }, demo: true })!;
    expect(worker.chain).toBeInstanceOf(SimulatedChain);
    try {
      const deadline = Date.now() + 10_000;
      while ((await row(id)).status !== 'completed' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
      expect((await row(id)).status).toBe('completed');
    } finally {
      await worker.stop();
    }
  });

  it(`3 workers on their own database handles pay each withdrawal once (${driver})`, async () => {
    await clearQueue();
    const ids: number[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(await makeWithdrawal('approved', `0x${String(i).padStart(40, '0')}`, '2.5'));
    // Three replicas: own pool each on PostgreSQL (PGlite is one process: one shared handle), own chain client.
    const replicas = await replicaHandles(t.db, 3);
    try {
      const chains = replicas.dbs.map(() => new RecordingChain());
      const workers = replicas.dbs.map((db, i) => new PayoutWorker(db, chains[i]!, { batchSize: 4 }));
      const done: number[] = [];
      for (let round = 0; round < 10 && done.length < ids.length; round++)
        for (const r of await Promise.all(workers.map((w) => w.runOnce())))
          done.push(...r.completed.map((c) => c.id));
      expect([...done].sort((a, b) => a - b)).toEqual(ids);
      const sent = chains.flatMap((c) => c.sends.map((s) => s.reference));
      expect(sent.sort()).toEqual(ids.map((id) => `withdrawal:${id}`).sort());
      // Every replica took part (the claims interleave instead of one worker doing everything).
      for (const c of chains) expect(c.sends.length).toBeGreaterThan(0);
    } finally {
      await replicas.close();
    }
  });

  it('DEMO=0 without a chain: no worker, the reason is logged, approved withdrawals stay approved', async () => {
    await clearQueue();
    const id = await makeWithdrawal('approved');
    const log = memoryLog();
    expect(startPayoutWorker(t.db, { env: { PAYOUT_INTERVAL_MS: '20' }, demo: false, log })).toBeUndefined();
    expect(log.lines).toEqual([
      {
        level: 'warn',
        obj: {},
        msg: expect.stringMatching(
          /^payout worker not started: DEMO=0 and no chain configured \(set CHAIN_RPC_URL/,
        ),
      },
    ]);
    // Not a worker that would pay later: the withdrawal is still waiting after several intervals.
    await new Promise((r) => setTimeout(r, 150));
    expect(await row(id)).toEqual({ status: 'approved', hash: null, processing: false });
    // The default is the safe one: no simulated payouts unless demo mode says so.
    expect(startPayoutWorker(t.db, { env: { PAYOUT_INTERVAL_MS: '20' } })).toBeUndefined();
  });

  it('chain settings: all three or none, checked values, the key file read but never shown', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bo-payout-'));
    const keyFile = join(dir, 'key');
    const key = `0x${'5a'.repeat(32)}`;
    writeFileSync(keyFile, `${key}\n`);
    const env = {
      CHAIN_RPC_URL: 'http://127.0.0.1:8545',
      CHAIN_TOKEN_ADDRESS: `0x${'55'.repeat(20)}`,
      CHAIN_SIGNER_KEY_FILE: keyFile,
    };
    expect(chainConfig({})).toBeUndefined();
    expect(chainConfig(env)).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      tokenAddress: `0x${'55'.repeat(20)}`,
      signerKey: key,
      chainId: undefined,
      confirmations: 1,
    });
    expect(chainConfig({ ...env, CHAIN_ID: '56', CHAIN_CONFIRMATIONS: '15' })).toMatchObject({
      chainId: 56,
      confirmations: 15,
    });
    const bad: [Record<string, string>, RegExp][] = [
      [{ CHAIN_RPC_URL: 'http://x' }, /missing CHAIN_TOKEN_ADDRESS, CHAIN_SIGNER_KEY_FILE/],
      [{ ...env, CHAIN_RPC_URL: 'ftp://node' }, /CHAIN_RPC_URL must be an http\(s\) URL/],
      [{ ...env, CHAIN_TOKEN_ADDRESS: '0x1234' }, /CHAIN_TOKEN_ADDRESS must be a 0x address/],
      [{ ...env, CHAIN_ID: 'bsc' }, /CHAIN_ID must be a number/],
      [{ ...env, CHAIN_CONFIRMATIONS: '0' }, /CHAIN_CONFIRMATIONS must be 1 or more/],
      [
        { ...env, CHAIN_SIGNER_KEY_FILE: join(dir, 'nope') },
        /CHAIN_SIGNER_KEY_FILE cannot be read \(ENOENT\)/,
      ],
    ];
    for (const [e, message] of bad) expect(() => chainConfig(e)).toThrow(message);
    writeFileSync(keyFile, `${key.slice(0, -2)}zz`);
    let error = '';
    try {
      chainConfig(env);
    } catch (err) {
      error = (err as Error).message;
    }
    expect(error).toMatch(/CHAIN_SIGNER_KEY_FILE must hold one private key/);
    expect(error).not.toContain('5a5a');
    rmSync(dir, { recursive: true, force: true });
  });

  it('converts exact decimal amounts to token base units, refusing what cannot be paid exactly', () => {
    expect(toUnits('25.125', 6)).toBe(25_125_000n);
    expect(toUnits('0.000001', 6)).toBe(1n);
    expect(toUnits('1.50000000', 6)).toBe(1_500_000n);
    expect(toUnits('99999999999.99999999', 18)).toBe(99_999_999_999_999_999_990_000_000_000n);
    expect(() => toUnits('0.0000001', 6)).toThrow(/more decimals than the token \(6\)/);
    expect(() => toUnits('0', 6)).toThrow(/more than 0/);
    for (const junk of ['', '-1', '1e3', '1.', '.5', '0x10', 'NaN'])
      expect(() => toUnits(junk, 6)).toThrow(/not a decimal number/);
  });
});
