import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** A real USDT payout chain (EVM: BEP-20 on BSC, ERC-20 on Ethereum, or a dev chain). */
export interface ChainConfig {
  rpcUrl: string;
  /** The token contract (0x + 40 hex). */
  tokenAddress: `0x${string}`;
  /** The hot wallet's private key, read from CHAIN_SIGNER_KEY_FILE. Never logged. */
  signerKey: `0x${string}`;
  /** When set, the node must report this chain id (guards against a wrong RPC URL). */
  chainId: number | undefined;
  /** Blocks a transfer must have on top of it before a withdrawal is completed (default 1 = mined). */
  confirmations: number;
}

const VARS = ['CHAIN_RPC_URL', 'CHAIN_TOKEN_ADDRESS', 'CHAIN_SIGNER_KEY_FILE'] as const;

const schema = z.object({
  CHAIN_RPC_URL: z.url({
    protocol: /^https?$/,
    error: 'CHAIN_RPC_URL must be an http(s) URL of an EVM JSON-RPC node',
  }),
  CHAIN_TOKEN_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'CHAIN_TOKEN_ADDRESS must be a 0x address (40 hex digits)'),
  CHAIN_SIGNER_KEY_FILE: z.string(),
  CHAIN_ID: z.coerce
    .number({ error: 'CHAIN_ID must be a number' })
    .int('CHAIN_ID must be a whole number')
    .positive('CHAIN_ID must be positive')
    .optional(),
  CHAIN_CONFIRMATIONS: z.coerce
    .number({ error: 'CHAIN_CONFIRMATIONS must be a number' })
    .int('CHAIN_CONFIRMATIONS must be a whole number')
    .min(1, 'CHAIN_CONFIRMATIONS must be 1 or more')
    .max(1000, 'CHAIN_CONFIRMATIONS must be at most 1000')
    .default(1),
});

/**
 * Reads the chain settings: undefined when none of CHAIN_RPC_URL / CHAIN_TOKEN_ADDRESS / CHAIN_SIGNER_KEY_FILE
 * is set; throws a readable error when only some are, or when a value (or the key file) is wrong. The error
 * never contains the key.
 */
export function chainConfig(env: NodeJS.ProcessEnv = process.env): ChainConfig | undefined {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  if (!VARS.some(set)) return undefined;
  const missing = VARS.filter((v) => !set(v));
  if (missing.length)
    throw new Error(
      `Invalid environment: a payout chain needs ${VARS.join(', ')} (missing ${missing.join(', ')})`,
    );
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('CHAIN_') && v?.trim() !== '')),
  );
  if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.issues[0]!.message}`);
  const e = parsed.data;
  let key: string;
  try {
    key = readFileSync(e.CHAIN_SIGNER_KEY_FILE, 'utf8').trim();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new Error(`Invalid environment: CHAIN_SIGNER_KEY_FILE cannot be read (${code})`);
  }
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key))
    throw new Error('Invalid environment: CHAIN_SIGNER_KEY_FILE must hold one private key (64 hex digits)');
  return {
    rpcUrl: e.CHAIN_RPC_URL,
    tokenAddress: e.CHAIN_TOKEN_ADDRESS as `0x${string}`,
    signerKey: (key.startsWith('0x') ? key : `0x${key}`) as `0x${string}`,
    chainId: e.CHAIN_ID,
    confirmations: e.CHAIN_CONFIRMATIONS,
  };
}
