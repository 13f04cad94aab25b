import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { isConnectionLost } from './errors.ts';
import type { CursorOptions, RowCursor, Statement } from './types.ts';

/**
 * Serialises a cursor's calls: close() during a FETCH waits for it, next() after close() reads
 * nothing, and close() runs its cleanup once.
 */
function serialised<T>(fetch: () => Promise<T[]>, cleanup: () => Promise<void>, total: number | undefined) {
  let last: Promise<unknown> = Promise.resolve();
  let closing: Promise<void> | undefined;
  const cursor: RowCursor<T> = {
    total,
    next() {
      if (closing) return Promise.resolve([]);
      const batch = last.then(fetch);
      last = batch.catch(() => {});
      return batch;
    },
    close() {
      closing ??= last.then(cleanup);
      return closing;
    },
  };
  return cursor;
}

const countOf = (rows: { n?: unknown }[]) => Number(rows[0]?.n ?? 0);

/**
 * PostgreSQL: a connection of the pool for the export's lifetime, in a REPEATABLE READ, READ ONLY
 * transaction (the count and the rows see one snapshot), a `DECLARE ... NO SCROLL CURSOR` and
 * `FETCH FORWARD <batch>` until it is empty. close() ends the transaction and releases the
 * connection (destroyed instead when it failed).
 *
 * A reader that stalls longer than idle_in_transaction_session_timeout (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS)
 * loses the session: the next FETCH fails and the export is cut off, which keeps a stuck download from
 * holding a connection and a snapshot forever.
 */
export async function openPgCursor<T>(
  pool: pg.Pool,
  statement: Statement,
  options: CursorOptions,
): Promise<RowCursor<T>> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const run = async <R>(text: string, values?: readonly unknown[]): Promise<R[]> => {
    try {
      return (await client.query(text, values ? [...values] : undefined)).rows as R[];
    } catch (err) {
      if (isConnectionLost(err)) broken = err as Error;
      throw err;
    }
  };
  const cleanup = async () => {
    if (!broken) await run('ROLLBACK').catch(() => {});
    // release(error) destroys the client instead of returning it to the pool.
    client.release(broken ?? false);
  };
  let total: number | undefined;
  try {
    await run('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    if (options.count) total = countOf(await run(options.count.text, options.count.values));
    await run(`DECLARE export_rows NO SCROLL CURSOR FOR ${statement.text}`, statement.values);
  } catch (err) {
    await cleanup();
    throw err;
  }
  return serialised(() => run<T>(`FETCH FORWARD ${options.batchSize} FROM export_rows`), cleanup, total);
}

let pgliteCursors = 0;

/**
 * PGlite: one session shared by every request, so no transaction may stay open across the export.
 * The cursor is declared WITH HOLD in a short REPEATABLE READ transaction (with the count): at its
 * commit PostgreSQL keeps the result on its side (work_mem, then temporary files), and each FETCH is a
 * statement of its own between other requests' queries. close() runs CLOSE.
 */
export async function openPgliteCursor<T>(
  pglite: PGlite,
  statement: Statement,
  options: CursorOptions,
): Promise<RowCursor<T>> {
  const name = `export_rows_${++pgliteCursors}`;
  let total: number | undefined;
  await pglite.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    if (options.count)
      total = countOf((await tx.query<{ n: unknown }>(options.count.text, [...options.count.values])).rows);
    await tx.query(`DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR ${statement.text}`, [...statement.values]);
  });
  return serialised(
    async () => (await pglite.query<T>(`FETCH FORWARD ${options.batchSize} FROM ${name}`)).rows,
    async () => {
      await pglite.query(`CLOSE ${name}`).catch(() => {});
    },
    total,
  );
}
