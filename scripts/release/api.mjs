// How the release CLI reaches what is live: the running API (BACKOFFICE_API, default the local one),
// with the ops token (OPS_TOKEN or OPS_TOKEN_FILE, else the one the API keeps in DATA_DIR/ops-token); when no API answers
// there, the same routes run in-process on the API's database (api/src/cli.ts request), so one code
// path changes what is live either way.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir, ReleaseError, repoRoot } from './targets.mjs';

export const apiBase = () =>
  (process.env.BACKOFFICE_API ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api`).replace(/\/+$/, '');

function opsToken() {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN;
  // A Docker secret, as the API reads it (api/src/lib/secret-files.ts).
  if (process.env.OPS_TOKEN_FILE) return readFileSync(process.env.OPS_TOKEN_FILE, 'utf8').trim();
  const file = join(dataDir(), 'ops-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new ReleaseError(
    `no ops token: set OPS_TOKEN (the API's), or run this where the API keeps ${file} (DATA_DIR)`,
  );
}

/**
 * What --as says, for the record: kept beside the bootstrap token's changes, unverified; an operator's own
 * token names its owner (and refuses another name).
 */
export const claimedActor = (as) => (as ? { actor: as } : {});

const refused = (error) => ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH'].includes(error?.cause?.code);

/** Calls a release route: `{ status, body }`. */
export async function callApi(method, path, body) {
  try {
    const response = await fetch(`${apiBase()}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-ops-token': opsToken() },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, via: 'api' };
  } catch (error) {
    if (!refused(error)) throw error;
    return callDirectly(method, path, body);
  }
}

/** The API is not running: the same route, in-process, on its database (same environment as the API). */
function callDirectly(method, path, body) {
  const tsx = join(repoRoot, 'api/node_modules/.bin/tsx');
  if (!existsSync(tsx))
    throw new ReleaseError(`the API does not answer at ${apiBase()} (start it, or set BACKOFFICE_API)`);
  console.error(`(no API answers at ${apiBase()}: working on its database directly)`);
  const run = spawnSync(tsx, ['src/cli.ts', 'request', method, path], {
    cwd: join(repoRoot, 'api'),
    input: body === undefined ? '' : JSON.stringify(body),
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0 || !line.startsWith('{'))
    throw new ReleaseError(`the API's database could not be opened:\n${run.stderr || run.stdout}`);
  return { ...JSON.parse(line), via: 'database' };
}

/** The answer's data, or a ReleaseError with the API's message. */
export function dataOf(answer) {
  if (answer.status >= 200 && answer.status < 300) return answer.body?.data;
  throw new ReleaseError(answer.body?.message ?? `the API answered ${answer.status}`);
}
