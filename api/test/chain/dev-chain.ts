import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ganache from 'ganache';
import solc from 'solc';
import { type Abi, createPublicClient, createWalletClient, erc20Abi, type Hex, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

const SOURCE = readFileSync(new URL('./TestToken.sol', import.meta.url), 'utf8');

let compiled: { abi: Abi; bytecode: Hex } | undefined;

/** TestToken.sol compiled with solc-js (wasm, offline); 'paris' so the dev chain's EVM runs it as is. */
function compileToken(): { abi: Abi; bytecode: Hex } {
  if (compiled) return compiled;
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'TestToken.sol': { content: SOURCE } },
        settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  );
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length)
    throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'));
  const c = out.contracts['TestToken.sol'].TestToken;
  compiled = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  return compiled;
}

export interface DevChain {
  rpcUrl: string;
  chainId: number;
  /** The hot wallet's key (funded with ETH, holds every token's supply) and a file holding it. */
  signerKey: Hex;
  keyFile: string;
  signer: Hex;
  /** Deploys a TestToken with `decimals` and `supply` base units minted to the signer. */
  deployToken(decimals: number, supply: bigint): Promise<Hex>;
  balanceOf(token: Hex, address: string): Promise<bigint>;
  /** Transactions the signer has sent (its nonce). */
  nonce(): Promise<number>;
  /** The ganache provider itself (EIP-1193), for transports that wrap it. */
  provider: { request(args: { method: string; params?: unknown }): Promise<unknown> };
  close(): Promise<void>;
}

/** A local EVM node (ganache, in process, on 127.0.0.1 and `port` or a free one), a block every 100 ms. */
export async function startDevChain(port = 0): Promise<DevChain> {
  const signerKey = generatePrivateKey();
  const dir = mkdtempSync(join(tmpdir(), 'bo-chain-'));
  const keyFile = join(dir, 'signer.key');
  writeFileSync(keyFile, `${signerKey}\n`);
  chmodSync(keyFile, 0o600);
  const chainId = 1337;
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId, hardfork: 'shanghai' },
    // A block every 100 ms, like a real chain (a broadcast returns before its block). Instamine would mine
    // one block per arriving transaction and leave one queued behind a nonce gap unmined once the gap fills.
    miner: { blockTime: 0.1 },
    wallet: { accounts: [{ secretKey: signerKey, balance: 10n ** 21n }] },
  });
  await server.listen(port, '127.0.0.1');
  const rpcUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const account = privateKeyToAccount(signerKey);
  const pub = createPublicClient({ transport: http(rpcUrl), pollingInterval: 50 });
  const wallet = createWalletClient({ account, transport: http(rpcUrl) });
  return {
    rpcUrl,
    chainId,
    signerKey,
    keyFile,
    signer: account.address,
    provider: server.provider as DevChain['provider'],
    async deployToken(decimals, supply) {
      const { abi, bytecode } = compileToken();
      const hash = await wallet.deployContract({
        abi,
        bytecode,
        args: [decimals, supply],
        chain: null,
      });
      const receipt = await pub.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success' || !receipt.contractAddress)
        throw new Error('token deployment failed');
      return receipt.contractAddress;
    },
    balanceOf: (token, address) =>
      pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address as Hex] }),
    nonce: () => pub.getTransactionCount({ address: account.address }),
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
