import pg from 'pg';
import type { DbTimeouts } from '../config.ts';
import { openPgCursor } from './cursor.ts';
import { isConnectionLost } from './errors.ts';
import { parsers } from './parsers.ts';
import { retryConflicts } from './retry.ts';
import type { Db, DbHandle } from './types.ts';

const types = {
  getTypeParser: ((oid: number, format?: string) => {
    const custom = parsers[oid];
    if (custom && format !== 'binary') return custom;
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

type Queryable = Pick<pg.PoolClient, 'query'>;

/** The longest timer Node accepts (~24.8 days): "no client-side timeout" for a script. */
const NO_QUERY_TIMEOUT = 2 ** 31 - 1;

/**
 * exec() runs scripts (migrations), which may build an index on a big table for longer than
 * statement_timeout: with `untimedScripts` they run without it (SET LOCAL ends with the implicit or
 * explicit transaction) and without the client-side query timeout.
 */
function runner(client: Queryable, untimedScripts = false) {
  return {
    async query<T>(sql: string, params?: readonly unknown[]) {
      const res = await client.query(sql, params ? [...params] : undefined);
      return res.rows as T[];
    },
    async exec(sql: string) {
      if (!untimedScripts) await client.query(sql);
      else
        await client.query({
          text: `SET LOCAL statement_timeout = 0;\n${sql}`,
          query_timeout: NO_QUERY_TIMEOUT,
        } as pg.QueryConfig);
    },
  };
}

/**
 * How long the client waits for an answer beyond statement_timeout before it calls the link dead (a
 * network partition: the server cannot cancel anything, answers just never come). Short, so a request
 * on an open connection gives up about when one on a new connection does (docs/operations.md).
 */
const QUERY_TIMEOUT_MARGIN_MS = 1_000;

/** node-postgres's client-side read timeout, read at each query (`query_timeout`); not in @types/pg. */
type ReadTimeout = { connectionParameters: { query_timeout?: number } };

export interface PgOptions {
  /** Pool size. */
  max?: number;
  /** Server and client timeouts (config.db); unset = none (scripts: migrations, seeds, tests' setup). */
  timeouts?: Omit<DbTimeouts, 'healthTimeoutMs'>;
}

/**
 * PostgreSQL through a node-postgres pool (DATABASE_URL). Sessions run in UTC.
 *
 * Faults: every connection carries statement_timeout, lock_timeout and
 * idle_in_transaction_session_timeout (sent at connect, so no extra round trip), the client gives up on
 * an unanswered query (a network partition) and on a pool that cannot hand out a connection in time.
 * A connection the server ends (pg_terminate_backend, restart) fails its query, is dropped from the
 * pool, and never crashes the process (the 'error' listener on every client).
 */
export function createPgDb(
  connectionString: string,
  options: PgOptions | number = {},
): DbHandle & { pool: pg.Pool } {
  const { max = 10, timeouts } = typeof options === 'number' ? { max: options } : options;
  const t = timeouts;
  const untimedScripts = !!t?.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString,
    max,
    types,
    options: '-c TimeZone=UTC',
    keepAlive: true,
    ...(t && {
      statement_timeout: t.statementTimeoutMs || undefined,
      lock_timeout: t.lockTimeoutMs || undefined,
      idle_in_transaction_session_timeout: t.idleInTransactionTimeoutMs || undefined,
      query_timeout: t.statementTimeoutMs ? t.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS : undefined,
      connectionTimeoutMillis: t.connectTimeoutMs || undefined,
    }),
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one that is checked out (in a transaction): pg-pool listens only while a client is idle. The
  // failed client is not queryable any more, so release() drops it.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const attempt: Db['transaction'] = async (fn, options) => {
    const client = await pool.connect();
    const txDb: Db = { ...runner(client, untimedScripts), transaction: (inner) => inner(txDb) };
    const params = (client as unknown as ReadTimeout).connectionParameters;
    const readTimeoutMs = params.query_timeout;
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const long = options?.statementTimeoutMs;
      if (long && t?.statementTimeoutMs) {
        await client.query(`SET LOCAL statement_timeout = ${Math.trunc(long)}`);
        params.query_timeout = long + QUERY_TIMEOUT_MARGIN_MS;
      }
      const result = await fn(txDb);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      // A lost connection has rolled back on the server already; ROLLBACK there would only wait.
      if (isConnectionLost(err)) broken = err as Error;
      else
        await client.query('ROLLBACK').catch((rollbackErr: Error) => {
          broken = rollbackErr;
        });
      throw err;
    } finally {
      params.query_timeout = readTimeoutMs;
      // release(error) destroys the client instead of returning it to the pool.
      client.release(broken);
    }
  };
  // A deadlock victim or serialization failure runs again whole (db/retry.ts); nested calls do not retry.
  const transaction: Db['transaction'] = (fn, options) => retryConflicts(() => attempt(fn, options));
  const health = healthConnection(connectionString);
  return {
    ...runner(pool, untimedScripts),
    transaction,
    driver: 'postgres',
    pool,
    openCursor: (statement, cursorOptions) => openPgCursor(pool, statement, cursorOptions),
    ping: health.ping,
    listen: (channel, onPayload, onReconnect) => listenOn(connectionString, channel, onPayload, onReconnect),
    close: async () => {
      health.close();
      await pool.end();
    },
  };
}

/** Waits before opening a lost LISTEN connection again (the last one repeats). */
const LISTEN_RETRY_MS = [100, 500, 2000, 5000];

/**
 * LISTEN on a connection of its own (a pooled one goes back to the pool and stops listening). When it
 * is lost (a server restart, a failover), it is opened again with back-off and `onReconnect` tells the
 * caller that notifications may have been missed.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const open = async () => {
    const c = new pg.Client({ connectionString, keepAlive: true });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onPayload(msg.payload ?? '');
    });
    c.on('error', () => {});
    c.on('end', () => {
      if (!stopped && client === c) reopen(0);
    });
    await c.connect();
    await c.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    client = c;
    return c;
  };
  const reopen = (attempt: number) => {
    client = undefined;
    const wait = LISTEN_RETRY_MS[Math.min(attempt, LISTEN_RETRY_MS.length - 1)];
    timer = setTimeout(() => {
      if (stopped) return;
      open().then(
        () => onReconnect?.(),
        () => reopen(attempt + 1),
      );
    }, wait);
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}

/**
 * The health check's own connection (docs/operations.md): with the pool's, a replica whose requests held
 * every connection (lock waits, slow lists) answered 503 to its load balancer while PostgreSQL was fine.
 * Opened on the first ping; dropped on any failure or timeout (a query on a dead link would queue every later
 * ping behind it), and opened again by the next ping.
 */
function healthConnection(connectionString: string) {
  let current: Promise<pg.Client> | undefined;
  const drop = (client: Promise<pg.Client>) => {
    if (current === client) current = undefined;
    void client.then((c) => c.end()).catch(() => {});
  };
  return {
    async ping(timeoutMs: number): Promise<void> {
      current ??= (async () => {
        const c = new pg.Client({ connectionString, connectionTimeoutMillis: timeoutMs, keepAlive: true });
        c.on('error', () => {});
        await c.connect();
        return c;
      })();
      const client = current;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('health check: no answer in time')), timeoutMs);
      });
      try {
        await Promise.race([client.then((c) => c.query('SELECT 1')), late]);
      } catch (err) {
        drop(client);
        throw err;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => {
      if (current) drop(current);
    },
  };
}
