import { createHash } from 'node:crypto';

/** One transfer to send on chain. `reference` identifies the payout ('withdrawal:<id>'). */
export interface ChainTransfer {
  to: string;
  /** Exact decimal amount (string, never a float). */
  amount: string;
  reference: string;
}

/**
 * What the payout worker needs from a blockchain client. An implementation MUST be idempotent on
 * `reference`: sending a reference that was already sent returns the first transfer's hash and moves
 * no money again, also after a restart (EvmChain stores the signed transfer under the reference before
 * broadcasting it and looks it up first; see ./evm.ts).
 */
export interface ChainClient {
  send(transfer: ChainTransfer): Promise<{ hash: string }>;
}

/**
 * Demo chain (DEMO=1 without CHAIN_* settings): no network; the hash is a deterministic-looking 0x + 64 hex digits derived from the
 * transfer, and a reference sent twice is paid once (the same hash is returned).
 */
export class SimulatedChain implements ChainClient {
  /** reference -> the transfer that was paid. */
  readonly paid = new Map<string, ChainTransfer & { hash: string }>();

  async send(transfer: ChainTransfer): Promise<{ hash: string }> {
    const known = this.paid.get(transfer.reference);
    if (known) return { hash: known.hash };
    const hash = `0x${createHash('sha256')
      .update(`${transfer.reference}|${transfer.to}|${transfer.amount}`)
      .digest('hex')}`;
    this.paid.set(transfer.reference, { ...transfer, hash });
    return { hash };
  }
}
