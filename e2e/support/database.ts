import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import type { Query } from './expected.ts';
import { portAnswers } from './processes.ts';
import type { RunState } from './state.ts';

/** Admin connection of the local PostgreSQL (trust auth as user postgres here; override for CI). */
const ADMIN_URL = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface FreshDatabase {
  mode: 'postgres' | 'pglite';
  /** Environment for the API processes (DATABASE_URL set, or removed for PGlite). */
  env: NodeJS.ProcessEnv;
  describe: { mode: 'postgres'; name: string; url: string } | { mode: 'pglite'; dir: string };
  /**
   * Runs `work` with a query function on the database. PGlite allows one process at a time: call it
   * only while no API process has the data dir open.
   */
  withQuery<T>(work: (query: Query) => Promise<T>): Promise<T>;
  /** Drops the PostgreSQL database (the PGlite data dir goes with the run's temp dir). */
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function postgresAnswers(): Promise<boolean> {
  if (process.env.E2E_DB === 'pglite') return false;
  const { hostname, port } = new URL(ADMIN_URL);
  if (!(await portAnswers(Number(port || 5432), hostname))) {
    if (process.env.E2E_DB === 'postgres')
      throw new Error(`E2E_DB=postgres but ${hostname}:${port} does not answer`);
    return false;
  }
  return true;
}

/**
 * A database nobody else uses: CREATE DATABASE e2e_<random> on the local PostgreSQL when it answers
 * on 127.0.0.1:5432 (E2E_DB=pglite forces PGlite), otherwise a PGlite data dir inside `tempDir`.
 */
export async function freshDatabase(tempDir: string): Promise<FreshDatabase> {
  if (await postgresAnswers()) {
    const name = `e2e_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const url = withDatabase(ADMIN_URL, name);
    return {
      mode: 'postgres',
      env: { DATABASE_URL: url },
      describe: { mode: 'postgres', name, url },
      async withQuery(work) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          return await work(async (sql) => (await client.query(sql)).rows);
        } finally {
          await client.end();
        }
      },
      async drop() {
        const client = new pg.Client({ connectionString: ADMIN_URL });
        await client.connect();
        try {
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await client.end();
        }
      },
    };
  }
  const dir = join(tempDir, 'data', 'db');
  return {
    mode: 'pglite',
    env: { DATABASE_URL: undefined },
    describe: { mode: 'pglite', dir },
    async withQuery(work) {
      const { PGlite } = await import('@electric-sql/pglite');
      const db = await PGlite.create({ dataDir: dir });
      try {
        return await work(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows);
      } finally {
        await db.close();
      }
    },
    async drop() {},
  };
}

/** Drops e2e databases a crashed earlier run left behind (named in its state file). */
export async function dropLeftover(name: string): Promise<void> {
  if (!/^e2e_[0-9a-f]+$/.test(name)) return;
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect().catch(() => undefined);
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch {
    // PostgreSQL gone or the database in use: nothing to do
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** SQL on the run's database (PostgreSQL only: PGlite allows one process, the API's). */
export async function runSql<T = Record<string, unknown>>(
  state: RunState,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  if (state.database.mode !== 'postgres') throw new Error('needs the PostgreSQL database');
  const client = new pg.Client({ connectionString: state.database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
