import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.ts';

/** Where the API keeps the ops token it made, for the release CLI on the same machine to read. */
export const opsTokenFile = (dataDir: string) => join(dataDir, 'ops-token');

/**
 * The token the release CLI sends (docs/operations.md#releases): OPS_TOKEN, else the one kept in
 * DATA_DIR/ops-token, made on the first start and readable by its owner only. So `pnpm start` then `pnpm run
 * deploy` needs no setup.
 */
export function ensureOpsToken(config: Config): string {
  if (config.releases.opsToken) return config.releases.opsToken;
  const file = opsTokenFile(config.dataDir);
  let token = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (token.length < 24) {
    token = randomBytes(32).toString('base64url');
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${token}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  config.releases.opsToken = token;
  return token;
}
