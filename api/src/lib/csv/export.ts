import { Readable } from 'node:stream';
import { EXPORT_TOTAL_HEADER } from '@backoffice/shared/contract';
import type { FastifyReply } from 'fastify';
import type { DbHandle, RowCursor, Statement } from '../../db/types.ts';
import { HttpError } from '../http-error.ts';
import { csvField, csvRecord } from './encode.ts';

/** One column of a CSV export: its header and its value in a row. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/** A column that is the row's field of the same name. */
export const field = <Row>(name: keyof Row & string): CsvColumn<Row> => ({
  header: name,
  value: (row) => row[name],
});

/** What an export sends: rows of a query (ORDER BY included, no LIMIT), as columns. */
export interface CsvExport<Row> {
  /** File name before the date: 'withdrawals' -> withdrawals-2026-11-25.csv. */
  name: string;
  query: Statement;
  /**
   * `SELECT count(*) AS n ...` with the same filter, for the X-Total-Count header (counted in the
   * rows' snapshot). Leave it out where counting would cost much more than a list page does.
   */
  count?: Statement;
  columns: readonly CsvColumn<Row>[];
}

/** Rows per FETCH: few enough to hold (~0.5 MB of CSV), enough to keep round trips rare. */
export const EXPORT_BATCH_SIZE = 2000;

/**
 * The CSV text of a cursor, a batch at a time: the header record, then one chunk per FETCH. Pulled by
 * the reader (the next FETCH runs only when the consumer wants more), so a slow client holds back the
 * database instead of filling memory. Destroying the stream (the client went away) closes the cursor,
 * which gives its connection back.
 */
export function csvStream<Row>(
  cursor: RowCursor<Row>,
  columns: readonly CsvColumn<Row>[],
  /**
   * Called with each batch's row count as it is handed to the stream: what the export's audit counts as
   * sent (of an abandoned download, the last batches may still have been in buffers).
   */
  onRows?: (count: number) => void,
): Readable {
  async function* chunks() {
    try {
      yield csvRecord(columns.map((c) => c.header));
      for (let rows = await cursor.next(); rows.length; rows = await cursor.next()) {
        let chunk = '';
        for (const row of rows) {
          for (let i = 0; i < columns.length; i++) chunk += (i ? ',' : '') + csvField(columns[i]!.value(row));
          chunk += '\r\n';
        }
        onRows?.(rows.length);
        // As bytes at once: the string above is a rope of ~40,000 pieces, which otherwise waited in the
        // stream's and the socket's buffers long enough to leave V8's young generation (1M rows over
        // HTTP, measured: 60 MB promoted as strings, 19 MB as bytes).
        yield Buffer.from(chunk);
      }
    } finally {
      await cursor.close();
    }
  }
  // Byte mode: the buffer counts bytes, so one batch at a time waits in it.
  const stream = Readable.from(chunks(), { objectMode: false });
  // Destroyed before its first read, the generator never started and its finally never runs.
  stream.once('close', () => void cursor.close());
  return stream;
}

/**
 * Exports running at once. Each holds a pool connection (PostgreSQL) or a materialised cursor (PGlite)
 * for as long as its client downloads. Per admin, so one admin's slow downloads never lock the others
 * out; and per database handle in all, so together they never take the connections (10 by default)
 * every other call needs.
 */
export const MAX_EXPORTS_PER_ADMIN = 2;
export const MAX_CONCURRENT_EXPORTS = 4;
export const TOO_MANY_EXPORTS = 'Too many exports in progress, please try again in a moment';
const running = new WeakMap<DbHandle, { total: number; byAdmin: Map<number, number> }>();

/**
 * Takes one of the admin's export slots and one of the database's (503 when either is full); the
 * returned function gives them back once.
 */
function exportSlot(db: DbHandle, adminId: number): () => void {
  const slots = running.get(db) ?? { total: 0, byAdmin: new Map<number, number>() };
  running.set(db, slots);
  const mine = slots.byAdmin.get(adminId) ?? 0;
  if (mine >= MAX_EXPORTS_PER_ADMIN || slots.total >= MAX_CONCURRENT_EXPORTS)
    throw new HttpError(503, TOO_MANY_EXPORTS, { 'retry-after': '5' });
  slots.total++;
  slots.byAdmin.set(adminId, mine + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    slots.total--;
    const left = (slots.byAdmin.get(adminId) ?? 1) - 1;
    if (left > 0) slots.byAdmin.set(adminId, left);
    else slots.byAdmin.delete(adminId);
  };
}

/** How a download ended: the rows handed to the client, and whether it stopped before the last one. */
export interface ExportOutcome {
  rows: number;
  aborted: boolean;
}

/** `withdrawals` + 2026-11-25 -> `withdrawals-2026-11-25.csv` (the day in UTC). */
export const exportFileName = (name: string, now: Date) => `${name}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Answers `reply` with the export streamed as CSV. The cursor (and the count) open before the first
 * byte, so a failure there still gets the API's JSON error answer; a failure later cuts the download
 * off (the status line is gone by then).
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  db: DbHandle,
  spec: CsvExport<Row>,
  options: {
    now: Date;
    /** Whose export slots it takes. */
    adminId: number;
    batchSize?: number;
    /** Called once the download ended (completed, abandoned by the client or cut off by an error). */
    onEnd?: (outcome: ExportOutcome) => void;
  },
): Promise<FastifyReply> {
  const release = exportSlot(db, options.adminId);
  let cursor: RowCursor<Row>;
  try {
    cursor = await db.openCursor<Row>(spec.query, {
      batchSize: options.batchSize ?? EXPORT_BATCH_SIZE,
      ...(spec.count ? { count: spec.count } : {}),
    });
  } catch (err) {
    release();
    throw err;
  }
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(spec.name, options.now)}"`)
    .header('cache-control', 'no-store');
  if (cursor.total !== undefined) reply.header(EXPORT_TOTAL_HEADER, String(cursor.total));
  let rows = 0;
  const stream = csvStream(cursor, spec.columns, (count) => {
    rows += count;
  });
  // The slot is free once the cursor's connection is back (close() is the same promise every time).
  stream.once('close', () => {
    // Read to its end: complete; destroyed before (the client went away, a FETCH failed): aborted.
    options.onEnd?.({ rows, aborted: !stream.readableEnded });
    void cursor.close().finally(release);
  });
  return reply.send(stream);
}
