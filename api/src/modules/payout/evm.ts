import {
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  isAddress,
  keccak256,
  publicActions,
  type TransactionReceipt,
  type Transport,
  WaitForTransactionReceiptTimeoutError,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Db } from '../../db/types.ts';
import type { ChainClient, ChainTransfer } from './chain.ts';
import type { ChainConfig } from './config.ts';
import * as repo from './repository.ts';

/**
 * Exact decimal string -> token base units (bigint arithmetic, never floats). Refuses an amount with
 * more decimals than the token has (it could not be paid exactly) and anything that is not > 0.
 */
export function toUnits(amount: string, decimals: number): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) throw new Error(`amount ${JSON.stringify(amount)} is not a decimal number`);
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals)
    throw new Error(
      `amount ${amount} has more decimals than the token (${decimals}): it cannot be paid exactly`,
    );
  const units = BigInt(m[1]! + frac.padEnd(decimals, '0'));
  if (units <= 0n) throw new Error(`amount ${amount} must be more than 0`);
  return units;
}

export interface EvmChainOptions {
  /** The JSON-RPC transport (default: http(config.rpcUrl)). */
  transport?: Transport;
  /**
   * How long one send waits for its receipt before giving up until the next run (default 30 s). Kept
   * short: a worker pass ends when its slowest transfer does, and the next pass follows a stored transfer
   * again (broadcasting its same bytes), so one slow transfer does not hold every other payout back.
   */
  receiptTimeoutMs?: number;
  /** Receipt polling interval (default 1 s). */
  pollingIntervalMs?: number;
}

/**
 * USDT (any ERC-20 / BEP-20 token) on an EVM chain, idempotent on the transfer's reference across
 * restarts and replicas:
 * 1. a reference already in `payouts` is looked up: mined -> its hash; not mined -> the SAME signed bytes
 *    are broadcast again (same nonce, same hash: it can be mined at most once);
 * 2. otherwise the transfer is signed with a nonce allocated under a database lock of the signer and the
 *    signed transaction is committed to `payouts` BEFORE it is broadcast.
 * A worker killed at any point therefore never signs a second transfer for one reference.
 */
export class EvmChain implements ChainClient {
  readonly account;
  private readonly client;
  private readonly receiptTimeoutMs: number;
  private readonly pollingIntervalMs: number;
  private info: Promise<{ chainId: number; decimals: number }> | undefined;
  /** The last sign-store-broadcast of this process (see inNonceOrder). */
  private signing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly config: ChainConfig,
    options: EvmChainOptions = {},
  ) {
    this.account = privateKeyToAccount(config.signerKey);
    this.pollingIntervalMs = options.pollingIntervalMs ?? 1000;
    this.receiptTimeoutMs = options.receiptTimeoutMs ?? 30_000;
    this.client = createWalletClient({
      account: this.account,
      transport: options.transport ?? http(config.rpcUrl, { retryCount: 1, timeout: 15_000 }),
      pollingInterval: this.pollingIntervalMs,
    }).extend(publicActions);
  }

  /** The hot wallet address (lowercase). */
  get from(): string {
    return this.account.address.toLowerCase();
  }

  /** Chain id (checked against CHAIN_ID) and token decimals, asked once (again after a failure). */
  ready(): Promise<{ chainId: number; decimals: number }> {
    this.info ??= (async () => {
      const chainId = await this.client.getChainId();
      if (this.config.chainId !== undefined && chainId !== this.config.chainId)
        throw new Error(`the node at CHAIN_RPC_URL is chain ${chainId}, not CHAIN_ID ${this.config.chainId}`);
      const decimals = await this.client.readContract({
        address: this.config.tokenAddress,
        abi: erc20Abi,
        functionName: 'decimals',
      });
      return { chainId, decimals: Number(decimals) };
    })().catch((err) => {
      this.info = undefined;
      throw err;
    });
    return this.info;
  }

  async send(transfer: ChainTransfer): Promise<{ hash: string }> {
    const { chainId, decimals } = await this.ready();
    if (!isAddress(transfer.to, { strict: false }))
      throw new Error(`${transfer.reference}: wallet address ${transfer.to} is not an EVM address`);
    const to = getAddress(transfer.to);
    const units = toUnits(transfer.amount, decimals);

    const stored = await repo.findPayout(this.db, transfer.reference);
    if (stored && stored.status !== 'reverted') return this.follow(stored, transfer, chainId, units);

    // Gas and fees are asked outside the signer lock; estimateGas also refuses a transfer that would
    // revert (e.g. the hot wallet holds too little of the token) before anything is stored.
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, units] });
    const gas = await this.client.estimateGas({ account: this.account, to: this.config.tokenAddress, data });
    const fees = await this.fees();

    const signed = await this.inNonceOrder(async () => {
      const { payout, gaps, fresh } = await this.signAndStore(transfer, chainId, to, units, {
        to: this.config.tokenAddress,
        data,
        gas: (gas * 12n) / 10n,
        ...fees,
      });
      // Stored transfers the node does not know (their worker died before broadcasting) would hold the
      // new nonce back: their own signed bytes go out first (the same transactions, never new ones).
      for (const gap of gaps) await this.broadcast(gap.raw_tx).catch(() => {});
      if (!fresh) return { payout };
      let error: unknown;
      await this.broadcast(payout.raw_tx).catch((err) => (error = err));
      return { payout, broadcast: { error } };
    });
    return this.follow(signed.payout, transfer, chainId, units, signed.broadcast);
  }

  /**
   * Signs the transfer with the next nonce and stores it, under the signer's database lock (so replicas
   * never sign two transfers with one nonce). `fresh` is false when another worker stored it meanwhile.
   */
  private signAndStore(
    transfer: ChainTransfer,
    chainId: number,
    recipient: string,
    units: bigint,
    call: { to: Hex; data: Hex; gas: bigint } & Awaited<ReturnType<EvmChain['fees']>>,
  ): Promise<{ payout: repo.StoredPayout; gaps: repo.StoredPayout[]; fresh: boolean }> {
    return this.db.transaction(async (tx) => {
      // Held for one RPC call and a few statements (the lock_timeout of other replicas waiting is seconds).
      await repo.lockSigner(tx, chainId, this.from);
      const again = await repo.findPayout(tx, transfer.reference);
      if (again && again.status !== 'reverted') return { payout: again, gaps: [], fresh: false };
      const pending = await this.client.getTransactionCount({
        address: this.account.address,
        blockTag: 'pending',
      });
      const gaps = await repo.unbroadcastFrom(tx, chainId, this.from, pending);
      const nonce = Math.max(pending, await repo.nextStoredNonce(tx, chainId, this.from));
      const raw = await this.account.signTransaction({ chainId, nonce, ...call });
      const payout = {
        reference: transfer.reference,
        chain_id: chainId,
        token_address: this.config.tokenAddress.toLowerCase(),
        from_address: this.from,
        to_address: recipient.toLowerCase(),
        amount: transfer.amount,
        units: units.toString(),
        nonce,
        tx_hash: keccak256(raw),
        raw_tx: raw,
      };
      await repo.savePayout(tx, payout);
      return { payout: { ...payout, status: 'sent' as const }, gaps, fresh: true };
    });
  }

  /**
   * Runs one sign-store-broadcast after the previous one of this process: concurrent sends of a worker
   * pass reach the node in nonce order. A node keeps a transfer whose predecessor it has not seen aside,
   * and a dev node may leave it unmined even after the predecessor arrives.
   */
  private inNonceOrder<T>(work: () => Promise<T>): Promise<T> {
    const run = this.signing.then(work, work);
    this.signing = run.catch(() => {});
    return run;
  }

  /**
   * Broadcasts the stored transaction unless it is mined (or `broadcast`: this send has just broadcast
   * it, with that outcome), then waits for its confirmations.
   */
  private async follow(
    stored: repo.StoredPayout,
    transfer: ChainTransfer,
    chainId: number,
    units: bigint,
    broadcast?: { error: unknown },
  ): Promise<{ hash: string }> {
    const hash = stored.tx_hash as Hex;
    // The reference was paid with other values (or elsewhere): never settle it silently as this transfer.
    if (
      stored.chain_id !== chainId ||
      stored.to_address !== transfer.to.toLowerCase() ||
      stored.units !== units.toString()
    )
      throw new Error(
        `${transfer.reference} was already sent (${hash}) to ${stored.to_address} for ${stored.amount} on chain ${stored.chain_id}: check it by hand`,
      );
    if (stored.status === 'confirmed') return { hash };

    let broadcastError = broadcast?.error;
    if (!broadcast && !(await this.receipt(hash)))
      await this.broadcast(stored.raw_tx).catch((err) => (broadcastError = err));
    let receipt: TransactionReceipt;
    try {
      receipt = await this.client.waitForTransactionReceipt({
        hash,
        confirmations: this.config.confirmations,
        timeout: this.receiptTimeoutMs,
        pollingInterval: this.pollingIntervalMs,
      });
    } catch (err) {
      if (!(err instanceof WaitForTransactionReceiptTimeoutError)) throw err;
      const why = broadcastError ? ` (node: ${nodeMessage(broadcastError)})` : '';
      throw new Error(
        `${transfer.reference}: transaction ${hash} is not confirmed yet${why}; checked again on the next run`,
      );
    }
    if (receipt.status === 'reverted') {
      // A reverted transfer moved no tokens: the next run signs a new one.
      await repo.setPayoutStatus(this.db, stored.reference, hash, 'reverted');
      throw new Error(
        `${transfer.reference}: transaction ${hash} reverted (no tokens moved); sent again on the next run`,
      );
    }
    await repo.setPayoutStatus(this.db, stored.reference, hash, 'confirmed');
    return { hash };
  }

  private async receipt(hash: Hex): Promise<TransactionReceipt | undefined> {
    try {
      return await this.client.getTransactionReceipt({ hash });
    } catch (err) {
      if ((err as Error).name === 'TransactionReceiptNotFoundError') return undefined;
      throw err;
    }
  }

  private async broadcast(raw: string): Promise<void> {
    await this.client.sendRawTransaction({ serializedTransaction: raw as Hex });
  }

  /** EIP-1559 fees where the chain has a base fee, else a legacy gas price. */
  private async fees(): Promise<
    | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
    | { type: 'legacy'; gasPrice: bigint }
  > {
    const block = await this.client.getBlock();
    if (block.baseFeePerGas == null) return { type: 'legacy', gasPrice: await this.client.getGasPrice() };
    const { maxFeePerGas, maxPriorityFeePerGas } = await this.client.estimateFeesPerGas();
    return { type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas };
  }
}

/** The node's own words from a viem error (its `details`), first line only. */
function nodeMessage(err: unknown): string {
  const e = err as { details?: string; shortMessage?: string; message?: string };
  return String(e.details || e.shortMessage || e.message || err)
    .split('\n')[0]!
    .slice(0, 200);
}
