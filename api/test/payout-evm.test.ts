import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { custom, type Hex, parseTransaction } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgliteDb } from '../src/db/pglite.ts';
import type { DbHandle } from '../src/db/types.ts';
import type { ChainClient, ChainTransfer } from '../src/modules/payout/chain.ts';
import { type ChainConfig, chainConfig } from '../src/modules/payout/config.ts';
import { EvmChain, type EvmChainOptions } from '../src/modules/payout/evm.ts';
import { PayoutWorker, startPayoutWorker } from '../src/modules/payout/worker.ts';
import { type DevChain, startDevChain } from './chain/dev-chain.ts';
import {
  ageClaim,
  clearQueue,
  droppingDb,
  memoryLog,
  payee,
  payoutAudits,
  replicaHandles,
  sentRecord,
  withdrawalRow,
} from './chain/payout-helpers.ts';
import { driver, freshDb } from './helpers.ts';

/**
 * The real payout client (EvmChain) against a local EVM node (ganache, started here) and a test ERC-20
 * deployed here: exact amounts, once, across killed workers and concurrent replicas.
 */
const API_DIR = fileURLToPath(new URL('..', import.meta.url));
let db: DbHandle;
let chain: DevChain;
let usdt6: Hex; // ERC-20 USDT: 6 decimals
let usdt18: Hex; // BEP-20 USDT: 18 decimals
let user: Awaited<ReturnType<typeof payee>>;
let n = 0;

/** A fresh recipient address (no tokens yet). */
const recipient = () => privateKeyToAccount(`0x${(++n).toString(16).padStart(64, '7')}`).address;
const config = (token: Hex): ChainConfig => ({
  rpcUrl: chain.rpcUrl,
  tokenAddress: token,
  signerKey: chain.signerKey,
  chainId: chain.chainId,
  confirmations: 1,
});
// Generous receipt timeout: this 2-core machine can be very busy (blocks come every 100 ms when it is not).
const FAST: EvmChainOptions = { pollingIntervalMs: 50, receiptTimeoutMs: 30_000 };
const evm = (token: Hex, options: EvmChainOptions = {}) =>
  new EvmChain(db, config(token), { ...FAST, ...options });
const payouts = (reference: string) =>
  db.query<{ tx_hash: string; status: string; nonce: number; units: string }>(
    'SELECT tx_hash, status, nonce::int AS nonce, units::text AS units FROM payouts WHERE reference = $1',
    [reference],
  );

beforeAll(async () => {
  [db, chain] = await Promise.all([freshDb(), startDevChain()]);
  usdt6 = await chain.deployToken(6, 10n ** 6n * 1_000_000n);
  usdt18 = await chain.deployToken(18, 10n ** 18n * 1_000_000n);
  user = await payee(db, 'evm-payee');
}, 60_000);
afterAll(async () => {
  await db?.close();
  await chain?.close();
});

describe('EvmChain payouts on a local EVM node', () => {
  it('moves exactly the amount to the address, once (ERC-20 USDT, 6 decimals)', async () => {
    await clearQueue(db);
    const [to1, to2] = [recipient(), recipient()];
    const a = await user.withdrawal(to1, '25.125');
    const b = await user.withdrawal(to2.toLowerCase(), '0.000001');
    const nonce = await chain.nonce();
    const worker = new PayoutWorker(db, evm(usdt6));

    const run = await worker.runOnce();
    expect(run.failed).toEqual([]);
    expect(run.completed.map((c) => c.id)).toEqual([a, b]);
    expect(await chain.balanceOf(usdt6, to1)).toBe(25_125_000n);
    expect(await chain.balanceOf(usdt6, to2)).toBe(1n);
    expect(await chain.nonce()).toBe(nonce + 2);
    for (const c of run.completed) {
      expect(await withdrawalRow(db, c.id)).toEqual({
        status: 'completed',
        hash: c.hash,
        processing: false,
      });
      expect(await payouts(`withdrawal:${c.id}`)).toMatchObject([{ tx_hash: c.hash, status: 'confirmed' }]);
    }

    // Nothing left to pay, and a restarted client asked for the same reference returns the first
    // transfer's hash without sending anything.
    expect((await worker.runOnce()).completed).toEqual([]);
    const again = await evm(usdt6).send({ to: to1, amount: '25.125', reference: `withdrawal:${a}` });
    expect(again.hash).toBe(run.completed[0]!.hash);
    expect(await chain.balanceOf(usdt6, to1)).toBe(25_125_000n);
    expect(await chain.nonce()).toBe(nonce + 2);
  });

  it('converts exact decimals to base units (BEP-20 USDT, 18 decimals)', async () => {
    await clearQueue(db);
    const to = recipient();
    const id = await user.withdrawal(to, '12345.12345678');
    const run = await new PayoutWorker(db, evm(usdt18)).runOnce();
    expect(run.completed.map((c) => c.id)).toEqual([id]);
    expect(await chain.balanceOf(usdt18, to)).toBe(12_345_123_456_780_000_000_000n);
    expect(await payouts(`withdrawal:${id}`)).toMatchObject([{ units: '12345123456780000000000' }]);
  });

  it('refuses an amount with more decimals than the token, and a transfer the hot wallet cannot cover', async () => {
    await clearQueue(db);
    const to = recipient();
    const tooPrecise = await user.withdrawal(to, '1.0000001');
    const tooLarge = await user.withdrawal(to, '2000000');
    const nonce = await chain.nonce();
    const run = await new PayoutWorker(db, evm(usdt6)).runOnce();
    expect(run.completed).toEqual([]);
    expect(run.failed.map((f) => f.id)).toEqual([tooPrecise, tooLarge]);
    expect(run.failed[0]!.error).toMatch(/more decimals than the token \(6\)/);
    for (const id of [tooPrecise, tooLarge]) {
      expect(await withdrawalRow(db, id)).toEqual({ status: 'approved', hash: null, processing: false });
      expect(await payouts(`withdrawal:${id}`)).toEqual([]);
    }
    expect(await chain.nonce()).toBe(nonce);
    expect(await chain.balanceOf(usdt6, to)).toBe(0n);
  });

  it('a worker killed between send and commit: the next one looks the transfer up, never sends again', async () => {
    await clearQueue(db);
    const to = recipient();
    const id = await user.withdrawal(to, '7.5');
    const nonce = await chain.nonce();

    // Worker A sends, then "dies" before marking the withdrawal completed: its pass never ends, the claim stays.
    let sent: (hash: string) => void;
    const sentHash = new Promise<string>((r) => (sent = r));
    const real = evm(usdt6);
    const dying: ChainClient = {
      async send(transfer: ChainTransfer) {
        const { hash } = await real.send(transfer);
        sent(hash);
        return new Promise<never>(() => {});
      },
    };
    void new PayoutWorker(db, dying).runOnce();
    const hash = await sentHash;
    expect(await chain.balanceOf(usdt6, to)).toBe(7_500_000n);
    expect(await withdrawalRow(db, id)).toEqual({ status: 'approved', hash: null, processing: true });

    // Worker B (a restarted replica: new client, same database) leaves the fresh claim alone...
    const b = new PayoutWorker(db, evm(usdt6));
    expect((await b.runOnce()).completed).toEqual([]);
    // ...and once the claim is stale, completes it with the hash of A's transfer.
    await ageClaim(db, id);
    expect((await b.runOnce()).completed).toEqual([{ id, hash }]);
    expect(await withdrawalRow(db, id)).toEqual({ status: 'completed', hash, processing: false });
    expect(await chain.balanceOf(usdt6, to)).toBe(7_500_000n);
    expect(await chain.nonce()).toBe(nonce + 1);
  });

  it(`a connection dropped after the send: the hash is recorded, the withdrawal completed in the same run, paid once (${driver})`, async () => {
    await clearQueue(db);
    const to = recipient();
    const id = await user.withdrawal(to, '6.25');
    const nonce = await chain.nonce();
    const flaky = droppingDb(db);
    flaky.drop(/UPDATE withdrawals SET status = 'completed'/);
    const run = await new PayoutWorker(flaky, evm(usdt6)).runOnce();
    const [stored] = await payouts(`withdrawal:${id}`);
    expect(run).toEqual({ completed: [{ id, hash: stored!.tx_hash }], failed: [] });
    expect(await sentRecord(db, id)).toEqual([{ hash: stored!.tx_hash }]);
    expect(await withdrawalRow(db, id)).toEqual({
      status: 'completed',
      hash: stored!.tx_hash,
      processing: false,
    });
    expect(await payoutAudits(db, id)).toBe(1);
    expect(await chain.balanceOf(usdt6, to)).toBe(6_250_000n);
    expect(await chain.nonce()).toBe(nonce + 1);
  });

  it(`a replica that lost the database after the send: a restarted one completes it from the record without calling the chain (${driver})`, async () => {
    await clearQueue(db);
    const to = recipient();
    const id = await user.withdrawal(to, '8.5');
    const nonce = await chain.nonce();
    // Every write to withdrawals fails for the first replica: neither its completion nor its release lands.
    const lost = droppingDb(db);
    lost.drop(/UPDATE withdrawals SET/, Number.POSITIVE_INFINITY);
    const first = await new PayoutWorker(lost, evm(usdt6)).runOnce();
    expect(first.completed).toEqual([]);
    expect(first.failed).toEqual([
      {
        id,
        error: expect.stringMatching(
          /^sent as 0x[0-9a-f]{64}, not completed yet .*releasing the claim failed/,
        ),
      },
    ]);
    const [sent] = await sentRecord(db, id);
    expect(await payouts(`withdrawal:${id}`)).toMatchObject([{ tx_hash: sent!.hash, status: 'confirmed' }]);
    expect(await withdrawalRow(db, id)).toEqual({ status: 'approved', hash: null, processing: true });
    expect(await chain.balanceOf(usdt6, to)).toBe(8_500_000n);

    // The restarted replica's client counts what it is asked to send: nothing.
    const real = evm(usdt6);
    const asked: ChainTransfer[] = [];
    const counting: ChainClient = {
      send: (transfer) => {
        asked.push(transfer);
        return real.send(transfer);
      },
    };
    await ageClaim(db, id, 1);
    expect(await new PayoutWorker(db, counting).runOnce()).toEqual({
      completed: [{ id, hash: sent!.hash }],
      failed: [],
    });
    expect(asked).toEqual([]);
    expect(await withdrawalRow(db, id)).toEqual({ status: 'completed', hash: sent!.hash, processing: false });
    expect(await payoutAudits(db, id)).toBe(1);
    expect(await chain.balanceOf(usdt6, to)).toBe(8_500_000n);
    expect(await chain.nonce()).toBe(nonce + 1);
  });

  it('a transfer stored but never broadcast is broadcast again as the same signed transaction', async () => {
    await clearQueue(db);
    const to = recipient();
    const id = await user.withdrawal(to, '3.25');
    const nonce = await chain.nonce();

    // The node never receives the signed transaction (the worker died right after storing it).
    const lost = custom({
      request: async ({ method, params }) => {
        if (method === 'eth_sendRawTransaction') throw new Error('socket hang up');
        return chain.provider.request({ method, params });
      },
    });
    const first = await new PayoutWorker(
      db,
      evm(usdt6, { transport: lost, receiptTimeoutMs: 500 }),
    ).runOnce();
    expect(first.completed).toEqual([]);
    expect(first.failed[0]!.error).toMatch(/not confirmed yet \(node: .*socket hang up/);
    const [stored] = await payouts(`withdrawal:${id}`);
    expect(stored).toMatchObject({ status: 'sent', nonce });
    expect(await chain.nonce()).toBe(nonce);
    expect(await chain.balanceOf(usdt6, to)).toBe(0n);

    // The next run (released claim) sends the stored bytes: same nonce, same hash, paid once.
    const second = await new PayoutWorker(db, evm(usdt6)).runOnce();
    expect(second.completed).toEqual([{ id, hash: stored!.tx_hash }]);
    expect(await chain.balanceOf(usdt6, to)).toBe(3_250_000n);
    expect(await chain.nonce()).toBe(nonce + 1);
  });

  it('a stored transfer its dead worker never broadcast does not hold back the next nonce', async () => {
    await clearQueue(db);
    const [toX, toY] = [recipient(), recipient()];
    const x = await user.withdrawal(toX, '4');
    const nonce = await chain.nonce();
    const lost = custom({
      request: async ({ method, params }) => {
        if (method === 'eth_sendRawTransaction') throw new Error('socket hang up');
        return chain.provider.request({ method, params });
      },
    });
    await new PayoutWorker(db, evm(usdt6, { transport: lost, receiptTimeoutMs: 300 })).runOnce();
    const [storedX] = await payouts(`withdrawal:${x}`);
    expect(storedX).toMatchObject({ status: 'sent', nonce });
    // X's worker "died" a minute ago, its claim is still fresh: only Y is claimed; Y gets the next nonce,
    // and X's stored bytes are broadcast first so Y is not stuck behind the gap.
    await db.query(`UPDATE payouts SET updated_at = now() - interval '1 minute' WHERE reference = $1`, [
      `withdrawal:${x}`,
    ]);
    await db.query('UPDATE withdrawals SET processing = true, updated_at = now() WHERE id = $1', [x]);
    const y = await user.withdrawal(toY, '5');
    const run = await new PayoutWorker(db, evm(usdt6)).runOnce();
    expect(run).toMatchObject({ completed: [{ id: y }], failed: [] });
    expect(await payouts(`withdrawal:${y}`)).toMatchObject([{ nonce: nonce + 1, status: 'confirmed' }]);
    expect(await chain.balanceOf(usdt6, toX)).toBe(4_000_000n);
    expect(await chain.balanceOf(usdt6, toY)).toBe(5_000_000n);
    // X's stale claim is retaken later and completed with its own first hash: X is paid once.
    await ageClaim(db, x);
    expect((await new PayoutWorker(db, evm(usdt6)).runOnce()).completed).toEqual([
      { id: x, hash: storedX!.tx_hash },
    ]);
    expect(await chain.balanceOf(usdt6, toX)).toBe(4_000_000n);
    expect(await chain.nonce()).toBe(nonce + 2);
  });

  it('the transfers of one pass reach the node in nonce order, even when a receipt lookup is slow', async () => {
    await clearQueue(db);
    const targets = [recipient(), recipient(), recipient()];
    const ids = [];
    for (const [i, to] of targets.entries()) ids.push(await user.withdrawal(to, `${i + 1}.5`));
    const nonce = await chain.nonce();
    // The node's first receipt lookup is late; the order in which it receives the transfers is noted.
    const received: number[] = [];
    let lookups = 0;
    const slow = custom({
      request: async ({ method, params }) => {
        if (method === 'eth_sendRawTransaction') {
          const sent = parseTransaction((params as [Hex])[0]).nonce!;
          if (!received.includes(sent)) received.push(sent);
        }
        if (method === 'eth_getTransactionReceipt' && lookups++ === 0)
          await new Promise((resolve) => setTimeout(resolve, 400));
        return chain.provider.request({ method, params });
      },
    });

    const run = await new PayoutWorker(db, evm(usdt6, { transport: slow })).runOnce();
    expect(run.failed).toEqual([]);
    expect(run.completed.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(received).toEqual([nonce, nonce + 1, nonce + 2]);
    for (const [i, to] of targets.entries())
      expect(await chain.balanceOf(usdt6, to)).toBe(1_500_000n + BigInt(i) * 1_000_000n);
    expect(await chain.nonce()).toBe(nonce + 3);
  });

  it(`a worker process killed (SIGKILL) between send and commit: the next worker completes it, paid once (${driver})`, async () => {
    // The database the killed process and the next worker share: this test's on PostgreSQL; on PGlite a
    // database in files (the migrated template), opened by one process at a time.
    const dir = mkdtempSync(join(tmpdir(), 'bo-payout-kill-'));
    let shared: DbHandle;
    const childEnv: Record<string, string> = {};
    if (driver === 'postgres') {
      const [{ name }] = (await db.query<{ name: string }>('SELECT current_database() AS name')) as [
        { name: string },
      ];
      const url = new URL(inject('pgAdminUrl'));
      url.pathname = `/${name}`;
      childEnv.DATABASE_URL = url.toString();
      shared = db;
      await clearQueue(db);
    } else {
      const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
      shared = await createPgliteDb({ dataDir: join(dir, 'db'), loadDataDir: template });
      childEnv.PGLITE_DIR = join(dir, 'db');
    }
    try {
      const to = recipient();
      const id = await (await payee(shared, 'kill-payee')).withdrawal(to, '9.99');
      if (driver === 'pglite') await shared.close();
      const nonce = await chain.nonce();

      const child = spawn(join(API_DIR, 'node_modules/.bin/tsx'), ['test/chain/payout-child.ts'], {
        cwd: API_DIR,
        env: {
          ...process.env,
          ...childEnv,
          CHAIN_RPC_URL: chain.rpcUrl,
          CHAIN_TOKEN_ADDRESS: usdt6,
          CHAIN_SIGNER_KEY_FILE: chain.keyFile,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const exited = new Promise((r) => child.once('exit', r));
      const deadline = Date.now() + 60_000;
      while (!/SENT 0x[0-9a-f]{64}/.test(output) && child.exitCode === null && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      const hash = /SENT (0x[0-9a-f]{64})/.exec(output)?.[1];
      child.kill('SIGKILL');
      await exited;
      expect(hash, output).toBeDefined();
      expect(await chain.balanceOf(usdt6, to)).toBe(9_990_000n);

      if (driver === 'pglite') shared = await createPgliteDb({ dataDir: join(dir, 'db') });
      // Killed after the send, before the commit: still approved and claimed.
      expect(await withdrawalRow(shared, id)).toEqual({ status: 'approved', hash: null, processing: true });
      await ageClaim(shared, id);
      const run = await new PayoutWorker(shared, new EvmChain(shared, config(usdt6), FAST)).runOnce();
      expect(run).toEqual({ completed: [{ id, hash }], failed: [] });
      expect(await withdrawalRow(shared, id)).toEqual({ status: 'completed', hash, processing: false });
      expect(await chain.balanceOf(usdt6, to)).toBe(9_990_000n);
      expect(await chain.nonce()).toBe(nonce + 1);
    } finally {
      if (driver === 'pglite') await shared.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it(`3 replicas (own database handles and clients) pay every withdrawal exactly once (${driver})`, async () => {
    await clearQueue(db);
    const replicas = await replicaHandles(db, 3);
    try {
      const wanted = new Map<number, { to: string; units: bigint }>();
      for (let i = 0; i < 9; i++) {
        const to = recipient();
        wanted.set(await user.withdrawal(to, `${i + 1}.5`), {
          to,
          units: BigInt(i + 1) * 1_000_000n + 500_000n,
        });
      }
      const nonce = await chain.nonce();
      const workers = replicas.dbs.map(
        (db) => new PayoutWorker(db, new EvmChain(db, config(usdt6), FAST), { batchSize: 2 }),
      );
      const paid: number[] = [];
      for (let round = 0; round < 6 && paid.length < wanted.size; round++) {
        const runs = await Promise.all(workers.map((w) => w.runOnce()));
        for (const r of runs) {
          expect(r.failed).toEqual([]);
          paid.push(...r.completed.map((c) => c.id));
        }
      }
      expect(paid.sort((a, b) => a - b)).toEqual([...wanted.keys()]);
      for (const { to, units } of wanted.values()) expect(await chain.balanceOf(usdt6, to)).toBe(units);
      expect(await chain.nonce()).toBe(nonce + 9);
      const nonces = await db.query<{ nonce: number }>(
        `SELECT nonce::int AS nonce FROM payouts WHERE reference = ANY($1::text[]) ORDER BY nonce`,
        [[...wanted.keys()].map((id) => `withdrawal:${id}`)],
      );
      expect(nonces.map((r) => r.nonce)).toEqual(Array.from({ length: 9 }, (_, i) => nonce + i));
    } finally {
      await replicas.close();
    }
  }, 90_000);

  it('with a chain configured the API worker uses the real client (also in demo mode) and pays', async () => {
    await clearQueue(db);
    const to = recipient();
    const id = await user.withdrawal(to, '1.75');
    const env = {
      PAYOUT_INTERVAL_MS: '20',
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_TOKEN_ADDRESS: usdt6,
      CHAIN_SIGNER_KEY_FILE: chain.keyFile,
      CHAIN_ID: String(chain.chainId),
    };
    expect(chainConfig(env)).toMatchObject({
      signerKey: chain.signerKey,
      chainId: chain.chainId,
      confirmations: 1,
    });
    const log = memoryLog();
    const worker = startPayoutWorker(db, { env, demo: true, log })!;
    try {
      expect(worker.chain).toBeInstanceOf(EvmChain);
      const deadline = Date.now() + 45_000;
      while ((await withdrawalRow(db, id)).status !== 'completed' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect((await withdrawalRow(db, id)).status).toBe('completed');
      expect(await chain.balanceOf(usdt6, to)).toBe(1_750_000n);
    } finally {
      await worker.stop();
    }
    // The key is never logged.
    expect(JSON.stringify(log.lines)).not.toContain(chain.signerKey.slice(2));
    expect(log.lines.map((l) => l.msg)).toContain('payout chain reachable');

    // A node that is not CHAIN_ID is refused before anything is signed.
    const wrong = new EvmChain(db, { ...config(usdt6), chainId: 56 }, FAST);
    await expect(wrong.send({ to, amount: '1', reference: 'withdrawal:wrong-chain' })).rejects.toThrow(
      /chain 1337, not CHAIN_ID 56/,
    );
  }, 90_000);
});
