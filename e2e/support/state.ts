import { readFileSync } from 'node:fs';
import type { Session, TwoFactorAdmin } from './api.ts';
import { stateFile } from './config.ts';
import type { ExpectedFigures } from './expected.ts';

/** What the global set-up hands to the tests (written to .run/state.json). */
export interface RunState {
  database: { mode: 'postgres'; name: string; url: string } | { mode: 'pglite'; dir: string };
  dataDir: string;
  expected: ExpectedFigures;
  /** Admins with 2FA enabled, each with a live session made in set-up. */
  twoFactor: Record<
    'main' | 'signout' | 'revoked' | 'replace' | 'ops' | 'field1' | 'field2' | 'approver',
    TwoFactorAdmin & { session: Session }
  >;
  /** Admins that never set up 2FA. */
  noTwoFactor: Record<'shots' | 'fresh1' | 'fresh2', { email: string; password: string }>;
  /** Storage state (localStorage of the console origin) signed in as the main admin. */
  storageState: string;
  logsDir: string;
  /** The console's releases folder (RELEASES_DIR of the API and the console's server). */
  releasesDir: string;
  /** The API's OPS_TOKEN, for the release CLI. */
  opsToken: string;
}

let cached: RunState | null = null;

export function runState(): RunState {
  cached ??= JSON.parse(readFileSync(process.env.E2E_STATE_FILE ?? stateFile, 'utf8')) as RunState;
  return cached;
}

/** A Playwright storage state with a session in the console's localStorage. */
export function storageStateFor(origin: string, session: Session) {
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: 'auth_token', value: session.token },
          { name: 'user', value: JSON.stringify(session.user) },
        ],
      },
    ],
  };
}
