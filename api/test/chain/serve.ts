/**
 * A local USDT chain for the e2e run and for trying real payouts by hand (no network): starts the dev
 * EVM node, deploys a test token (18 decimals like BEP-20 USDT) whose supply belongs to a fresh hot
 * wallet, prints the API's CHAIN_* variables as one JSON line and runs until SIGINT/SIGTERM.
 *
 *   pnpm -C api dev-chain [port]      -> {"CHAIN_RPC_URL":"http://127.0.0.1:8545",...}
 */
import { startDevChain } from './dev-chain.ts';

const port = Number(process.argv[2] ?? 0);
const chain = await startDevChain(port);
const token = await chain.deployToken(18, 10n ** 18n * 10n ** 12n);
console.log(
  JSON.stringify({
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_TOKEN_ADDRESS: token,
    CHAIN_SIGNER_KEY_FILE: chain.keyFile,
    CHAIN_ID: String(chain.chainId),
  }),
);
const stop = async () => {
  await chain.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
