/**
 * A payout worker process for the kill test: pays with EvmChain (CHAIN_* variables) from the database in
 * DATABASE_URL (PostgreSQL) or PGLITE_DIR, prints "SENT <hash>" once a transfer is on chain and then stalls
 * before the withdrawal is marked completed, waiting for the test to SIGKILL it there.
 */
import { createPgDb } from '../../src/db/pg.ts';
import { createPgliteDb } from '../../src/db/pglite.ts';
import { chainConfig } from '../../src/modules/payout/config.ts';
import { EvmChain } from '../../src/modules/payout/evm.ts';
import { PayoutWorker } from '../../src/modules/payout/worker.ts';

const db = process.env.DATABASE_URL
  ? createPgDb(process.env.DATABASE_URL, 2)
  : await createPgliteDb({ dataDir: process.env.PGLITE_DIR! });
const real = new EvmChain(db, chainConfig()!, { pollingIntervalMs: 50 });
const stalling = {
  async send(transfer: Parameters<EvmChain['send']>[0]) {
    const { hash } = await real.send(transfer);
    process.stdout.write(`SENT ${hash}\n`);
    return new Promise<never>(() => {});
  },
};
await new PayoutWorker(db, stalling).runOnce();
