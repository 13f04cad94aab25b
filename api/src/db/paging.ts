import type { Db } from './types.ts';

/*
 * Pages of every list (docs/performance.md): any page, with its total, without counting the table and without
 * an OFFSET from the first row at each call. The answer is the one of the plain statements
 * (`ORDER BY ... LIMIT n OFFSET (page - 1) * n` and `count(*)`), row for row.
 *
 * - Versions: statement triggers (migration 014) add 1 to a row of `list_versions` (table, slot of the
 *   connection) in the transaction of every INSERT, DELETE, TRUNCATE and every UPDATE of a column a list
 *   filters or sorts on. The version of a list is the sum of its tables' rows: it changes with every
 *   committed write, on whichever replica (or behind the API's back) it was made.
 * - What is remembered, per (list, filter, sort), in the process: the total and, once a page past the
 *   first STRIDE rows is asked for, the sort key of every STRIDE-th row (boundaries), both with the
 *   version they were computed at. They come from one walk of the rows in the list's order inside a
 *   REPEATABLE READ transaction (a cursor moved STRIDE - 1 rows at a time by `list_walk`, index-only where
 *   an index covers the sort and the filter), in which the page asked for is then read too.
 * - A page: from the nearest boundary before it (a row comparison on the sort keys, which the sort's
 *   index seeks to), then at most STRIDE - 1 rows skipped: a few index entries whatever the page. The
 *   statement that reads the page also reads the version (same snapshot): when it is not the one the
 *   boundaries and total were computed at, the answer is thrown away and both are computed again, with
 *   the page, in one snapshot. So a write never makes a page or a total wrong, and a list that nobody
 *   writes costs one short statement per page.
 * - A sort whose first key may be NULL (NULLS LAST) is walked in two parts, the rows with a key, then the
 *   rows without one, each in its index order.
 * - Large lists under writes (LARGE_LIST_ROWS rows or more, e.g. transactions while deposits come in):
 *   recomputing at every write would walk a million rows per page asked for. There, a page read after
 *   a write is answered from what was remembered, for at most MAX_STALE_MS: its rows are read now (the
 *   first pages exactly, a deep one from the remembered boundaries, so it may start a few rows off the
 *   exact offset: as many as were written since), its total is the remembered one; and one computation
 *   starts in the background, at most every REFRESH_AFTER_MS per list, filter and sort. Smaller lists
 *   are always exact.
 */

/** Rows between two remembered boundaries: the most a page skips. */
export const STRIDE = 1000;
let stride = STRIDE;

/** Tests: boundaries every `rows` rows (small data, many boundaries); what was remembered is not used. */
export function setPagingStride(rows: number): void {
  stride = rows;
}

/** Lists of at least this many rows are answered from what was remembered for a while after a write. */
export const LARGE_LIST_ROWS = 50_000;
const STALE = { largeListRows: LARGE_LIST_ROWS, refreshAfterMs: 2_000, maxStaleMs: 15_000 };
let stale = { ...STALE };

/** Tests: another threshold and other delays for answers after a write (no argument: the defaults). */
export function setStalePaging(options: Partial<typeof STALE> = STALE): void {
  stale = { ...STALE, ...options };
}

/** At most this many (list, filter, sort) entries, and boundary keys in all, per database handle. */
const MAX_ENTRIES = 500;
const MAX_KEYS = 400_000;

/** One key of a list's order. */
export interface OrderKey {
  /** SQL of the key on the list's alias, e.g. `t.created_at`, `lower(u.name)`. */
  sql: string;
  /** The key may be NULL; NULLs come last in both directions. Only the first key may be nullable. */
  nullsLast?: boolean;
}

/** A list's order: its keys in one direction; the keys together identify a row (the last is an id). */
export interface ListOrder {
  keys: readonly OrderKey[];
  dir: 'ASC' | 'DESC';
}

/** `ORDER BY` text of an order, e.g. `t.created_at DESC, t.id DESC`. */
export function orderBy(order: ListOrder): string {
  return order.keys.map((k) => `${k.sql} ${order.dir}${k.nullsLast ? ' NULLS LAST' : ''}`).join(', ');
}

/** A list's query: what is counted, in which order, and the statement that reads a page's rows. */
export interface ListSpec {
  /** Name of the list, part of the cache key (e.g. 'transactions'). */
  name: string;
  /**
   * Tables whose writes can change which rows the list holds or their order (their versions are
   * compared). Tables only joined to show a page's columns need not be named: those are read fresh.
   */
  tables: readonly string[];
  /** FROM of the count and of the page's ids: the list's table and any join a condition needs. */
  from: string;
  /** The row's id on that alias: what the page's subquery returns, as `id`. */
  id: string;
  /** Conditions without WHERE ('' for none), with $1..$n = values. */
  where: string;
  values: readonly unknown[];
  order: ListOrder;
  /**
   * The statement answering a page: `ids` is a subquery whose column `id` holds the ids of the page's
   * rows (in any order: the statement sorts them), `extra` is text to append to its select list (the
   * version), `param` adds a parameter and returns its placeholder.
   */
  rows(ids: string, extra: string, param: (value: unknown) => string): string;
  /**
   * The total from counts the database keeps (an SQL expression; `param` adds a parameter), read in the
   * page's statement instead of counting rows. Optional.
   */
  count?: (param: (value: unknown) => string) => string;
  /**
   * false: remember nothing (a condition depends on the clock): each call runs the page with OFFSET and
   * the count, as the plain statements do. For small lists only.
   */
  cache?: boolean;
}

interface Part {
  total: number;
  /** Sort keys (as text) of the part's rows stride - 1, 2 * stride - 1, ... */
  keys: (string | null)[][];
}

interface Entry {
  version: string;
  /** Date.now() when its snapshot was taken. */
  at: number;
  /** The stride its boundaries were taken with. */
  stride: number;
  total: number;
  /** The boundaries (one part, or two when the first key is nullable); undefined until a deep page. */
  parts?: Part[];
}

export interface PageRequest {
  offset: number;
  limit: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** Statistics of a database handle's cache (tests, bench). */
export interface PagingStats {
  hits: number;
  misses: number;
  stale: number;
  /** Pages of a large list answered from what was remembered before a write. */
  staleServed: number;
  walks: number;
  counts: number;
}

class ListCache {
  readonly entries = new Map<string, Entry>();
  readonly inflight = new Map<string, Promise<unknown>>();
  readonly stats: PagingStats = { hits: 0, misses: 0, stale: 0, staleServed: 0, walks: 0, counts: 0 };
  private keys = 0;

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    this.delete(key);
    this.entries.set(key, entry);
    this.keys += keyCount(entry);
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.keys <= MAX_KEYS) break;
      if (oldest === key) break;
      this.entries.delete(oldest);
      this.keys -= keyCount(old);
    }
  }

  delete(key: string, only?: Entry): void {
    const entry = this.entries.get(key);
    if (!entry || (only && entry !== only)) return;
    this.entries.delete(key);
    this.keys -= keyCount(entry);
  }
}

const keyCount = (e: Entry) => e.parts?.reduce((n, p) => n + p.keys.length, 0) ?? 0;

/** A handle's cache goes with its handle. */
const caches = new WeakMap<Db, ListCache>();

function cacheOf(db: Db): ListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ListCache();
    caches.set(db, cache);
  }
  return cache;
}

/** Tests: resolves once the computations under way on a handle (background ones included) are done. */
export async function settlePaging(db: Db): Promise<void> {
  await Promise.all([...cacheOf(db).inflight.values()].map((p) => p.catch(() => {})));
}

/** The cache statistics of a database handle. */
export const pagingStats = (db: Db): PagingStats => ({ ...cacheOf(db).stats });

/** Forgets what a database handle's lists remembered (tests). */
export function clearPaging(db: Db): void {
  const cache = cacheOf(db);
  for (const key of [...cache.entries.keys()]) cache.delete(key);
}

/** Builds one statement: the list's values are $1..$n, `param` adds the next ones. */
class Statement {
  readonly values: unknown[];
  constructor(values: readonly unknown[]) {
    this.values = [...values];
  }
  param = (value: unknown): string => {
    this.values.push(value);
    return `$${this.values.length}`;
  };
}

const VERSION_COLUMN = '__list_version';
const TOTAL_COLUMN = '__list_total';

/** The version of the list's tables: an SQL expression, read in the statement's snapshot. */
function versionSql(spec: ListSpec): string {
  for (const t of spec.tables) if (!/^[a-z_]+$/.test(t)) throw new Error(`Bad table name: ${t}`);
  const tables = spec.tables.map((t) => `'${t}'`).join(', ');
  return `(SELECT coalesce(sum(n), 0)::text FROM list_versions WHERE tbl IN (${tables}))`;
}

const and = (...conditions: string[]) => {
  const kept = conditions.filter(Boolean);
  return kept.length ? `WHERE ${kept.map((c) => `(${c})`).join(' AND ')}` : '';
};

/** The parts of an order: one, or (first key nullable) the rows with a first key, then those without. */
function partsOf(order: ListOrder): { condition: string; keys: readonly OrderKey[] }[] {
  order.keys.forEach((k, i) => {
    if (k.nullsLast && i > 0) throw new Error(`Only the first sort key may be nullable: ${k.sql}`);
  });
  const [first, ...rest] = order.keys;
  if (!first?.nullsLast) return [{ condition: '', keys: order.keys }];
  return [
    { condition: `${first.sql} IS NOT NULL`, keys: order.keys },
    { condition: `${first.sql} IS NULL`, keys: rest },
  ];
}

/** The ids of `limit` rows from `offset` in the list's order, by OFFSET (the plain statement's way). */
function plainIds(spec: ListSpec, s: Statement, offset: number, limit: number): string {
  return `SELECT ${spec.id} AS id FROM ${spec.from} ${and(spec.where)}
            ORDER BY ${orderBy(spec.order)} LIMIT ${s.param(limit)} OFFSET ${s.param(offset)}`;
}

/** The ids of a page from the boundaries: per part, the nearest boundary before it, then a short OFFSET. */
function seekIds(spec: ListSpec, s: Statement, parts: Part[], offset: number, limit: number): string {
  const shapes = partsOf(spec.order);
  const branches: string[] = [];
  let from = offset;
  let left = limit;
  parts.forEach((part, i) => {
    if (left <= 0) return;
    if (from >= part.total) {
      from -= part.total;
      return;
    }
    const shape = shapes[i]!;
    const take = Math.min(left, part.total - from);
    const block = Math.floor(from / stride);
    const conditions = [spec.where, shape.condition];
    if (block > 0) {
      const boundary = part.keys[block - 1]!;
      const op = spec.order.dir === 'DESC' ? '<' : '>';
      const cols = shape.keys.map((k) => k.sql).join(', ');
      const vals = boundary.map((v) => s.param(v)).join(', ');
      conditions.push(`(${cols}) ${op} (${vals})`);
    }
    branches.push(`(SELECT ${spec.id} AS id FROM ${spec.from} ${and(...conditions)}
                      ORDER BY ${orderBy(spec.order)}
                      LIMIT ${s.param(take)} OFFSET ${s.param(from - block * stride)})`);
    left -= take;
    from = 0;
  });
  return branches.length === 1 ? branches[0]!.slice(1, -1) : branches.join(' UNION ALL ');
}

type Row = Record<string, unknown>;

/** Strips the version and total columns from a page's rows; returns them. */
function strip(rows: Row[]): { version?: string; total?: number } {
  const first = rows[0];
  const meta = first
    ? { version: first[VERSION_COLUMN] as string, total: first[TOTAL_COLUMN] as number }
    : {};
  for (const row of rows) {
    delete row[VERSION_COLUMN];
    delete row[TOTAL_COLUMN];
  }
  return meta;
}

/** Reads the page's rows; `extra` columns: the version, and the kept count when the list has one. */
async function readPage(
  db: Db,
  spec: ListSpec,
  ids: (s: Statement) => string,
): Promise<{ rows: Row[]; version?: string; total?: number }> {
  const s = new Statement(spec.values);
  const idsSql = ids(s);
  const count = spec.count ? `, (${spec.count(s.param)})::bigint AS ${TOTAL_COLUMN}` : '';
  const extra = `, ${versionSql(spec)} AS ${VERSION_COLUMN}${count}`;
  const rows = await db.query<Row>(spec.rows(idsSql, extra, s.param), s.values);
  return { rows, ...strip(rows) };
}

/** The version and the kept count (when the list has one), alone: for a page past the end. */
async function readVersion(db: Db, spec: ListSpec): Promise<{ version: string; total?: number }> {
  const s = new Statement([]);
  const count = spec.count ? `, (${spec.count(s.param)})::bigint AS n` : '';
  const [row] = await db.query<{ v: string; n?: number }>(
    `SELECT ${versionSql(spec)} AS v${count}`,
    s.values,
  );
  return { version: row!.v, total: row!.n };
}

/** The page's rows from a remembered entry; `fresh` false when a write came since it was computed. */
async function fromEntry(
  db: Db,
  spec: ListSpec,
  entry: Entry,
  req: PageRequest,
): Promise<{ page: Page<Row>; fresh: boolean }> {
  if (req.offset >= entry.total) {
    const { version, total } = await readVersion(db, spec);
    return { page: { rows: [], total: total ?? entry.total }, fresh: version === entry.version };
  }
  const read = await readPage(db, spec, (s) =>
    req.offset < stride
      ? plainIds(spec, s, req.offset, req.limit)
      : seekIds(spec, s, entry.parts!, req.offset, req.limit),
  );
  return {
    page: { rows: read.rows, total: read.total ?? entry.total },
    fresh: read.version === entry.version,
  };
}

/** Does the entry hold what this page needs (boundaries past the first stride rows, of this stride)? */
const serves = (entry: Entry | undefined, req: PageRequest): entry is Entry =>
  !!entry && entry.stride === stride && (req.offset < stride || req.offset >= entry.total || !!entry.parts);

/** May a page of this entry read after a write be answered as it is (a large list, not too old)? */
const servesStale = (entry: Entry, req: PageRequest) =>
  entry.total >= stale.largeListRows && req.offset < entry.total && Date.now() - entry.at < stale.maxStaleMs;

let cursors = 0;

/** A walk reads a whole list (a million rows takes seconds): more than a request's short statement_timeout. */
const WALK_TIMEOUT_MS = 60_000;

/**
 * In one REPEATABLE READ snapshot: the version, the total (a count, or a walk that also takes the
 * boundaries when the page is past the first stride rows), then the page's rows.
 */
async function compute(db: Db, spec: ListSpec, req: PageRequest): Promise<{ entry: Entry; page: Page<Row> }> {
  const walk = req.offset >= stride;
  return db.transaction(
    async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const at = Date.now();
      const [{ v: version } = { v: '0' }] = await tx.query<{ v: string }>(`SELECT ${versionSql(spec)} AS v`);
      let entry: Entry;
      if (walk) {
        // The boundaries' total; with a kept count the answer's total is that count (the same figure).
        // The whole cursor is read: plan for all of its rows, not for the first ones.
        await tx.query('SET LOCAL cursor_tuple_fraction = 1');
        const parts: Part[] = [];
        for (const shape of partsOf(spec.order)) {
          const name = `list_walk_${++cursors % 1_000_000}`;
          const keys = shape.keys.map((k, i) => `${k.sql} AS k${i}`).join(', ');
          await tx.query(
            `DECLARE ${name} NO SCROLL CURSOR FOR
             SELECT ${keys} FROM ${spec.from} ${and(spec.where, shape.condition)} ORDER BY ${orderBy(spec.order)}`,
            spec.values,
          );
          const [walked] = await tx.query<{ total: number; keys: (string | null)[][] }>(
            'SELECT total, keys FROM list_walk($1, $2)',
            [name, stride],
          );
          await tx.query(`CLOSE ${name}`);
          parts.push({ total: walked!.total, keys: walked!.keys });
        }
        cacheOf(db).stats.walks++;
        entry = { version, at, stride, total: parts.reduce((n, p) => n + p.total, 0), parts };
      } else {
        const count = countStatement(spec);
        const [counted] = await tx.query<{ n: number }>(count.text, count.values);
        cacheOf(db).stats.counts++;
        entry = { version, at, stride, total: counted?.n ?? 0 };
      }
      let page: Page<Row>;
      if (req.offset >= entry.total) {
        page = { rows: [], total: entry.total };
      } else {
        const read = await readPage(tx, spec, (s) =>
          walk
            ? seekIds(spec, s, entry.parts!, req.offset, req.limit)
            : plainIds(spec, s, req.offset, req.limit),
        );
        page = { rows: read.rows, total: read.total ?? entry.total };
      }
      return { entry, page };
    },
    walk ? { statementTimeoutMs: WALK_TIMEOUT_MS } : undefined,
  );
}

/** The total's statement (column n): the kept count when the list has one, else count(*). */
function countStatement(spec: ListSpec): { text: string; values: unknown[] } {
  if (!spec.count)
    return { text: `SELECT count(*) AS n FROM ${spec.from} ${and(spec.where)}`, values: [...spec.values] };
  const s = new Statement([]);
  return { text: `SELECT (${spec.count(s.param)})::bigint AS n`, values: s.values };
}

/** The page without remembering anything: OFFSET and the count, as the plain statements run them. */
async function plainPage(db: Db, spec: ListSpec, req: PageRequest): Promise<Page<Row>> {
  const s = new Statement(spec.values);
  const text = spec.rows(plainIds(spec, s, req.offset, req.limit), '', s.param);
  const count = countStatement(spec);
  const [rows, [total]] = await Promise.all([
    db.query<Row>(text, s.values),
    db.query<{ n: number }>(count.text, count.values),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A list's page (rows at offset..offset + limit - 1 of its order) and its total. */
export async function listPage<T>(db: Db, spec: ListSpec, req: PageRequest): Promise<Page<T>> {
  if (spec.cache === false) return (await plainPage(db, spec, req)) as Page<T>;
  // With a kept count, the first rows need neither a walk nor a version: one statement (an empty page,
  // past the end, is read again with its count in one snapshot below).
  if (spec.count && req.offset < stride) {
    const page = await readPage(db, spec, (s) => plainIds(spec, s, req.offset, req.limit));
    if (page.total !== undefined) return { rows: page.rows as T[], total: page.total };
    return (await compute(db, spec, req)).page as Page<T>;
  }
  const cache = cacheOf(db);
  const key = `${spec.name}\n${orderBy(spec.order)}\n${spec.from}\n${spec.where}\n${JSON.stringify(spec.values)}`;

  // What is remembered serves the page when no write came since; a computation of this list under
  // way (another call's) may serve it too: wait for it rather than walk the same rows twice.
  for (let round = 0; round < 3; round++) {
    let entry = cache.get(key);
    for (let waits = 0; !serves(entry, req) && waits < 3; waits++) {
      const running = cache.inflight.get(key);
      if (!running) break;
      await running.catch(() => {});
      entry = cache.get(key);
    }
    if (!serves(entry, req)) break;
    const { page, fresh } = await fromEntry(db, spec, entry, req);
    if (fresh) {
      cache.stats.hits++;
      return page as Page<T>;
    }
    if (servesStale(entry, req)) {
      cache.stats.staleServed++;
      if (Date.now() - entry.at >= stale.refreshAfterMs && !cache.inflight.has(key)) {
        // A page that needs the boundaries again, so that the new entry has them as this one had.
        const again = { offset: entry.parts ? stride : 0, limit: 1 };
        computeShared(db, spec, again, cache, key).catch(() => {});
      }
      return page as Page<T>;
    }
    cache.stats.stale++;
    cache.delete(key, entry);
    if (!cache.inflight.has(key)) break;
  }
  cache.stats.misses++;
  return (await computeShared(db, spec, req, cache, key)) as Page<T>;
}

/** compute(), as the computation under way of this list for other calls to wait for; keeps its entry. */
async function computeShared(
  db: Db,
  spec: ListSpec,
  req: PageRequest,
  cache: ListCache,
  key: string,
): Promise<Page<Row>> {
  const computing = compute(db, spec, req);
  const shared = computing.then(({ entry: fresh }) => {
    const current = cache.entries.get(key);
    // Keep the newer of two concurrent results, and boundaries over a bare count of the same version.
    const newer = !current || BigInt(fresh.version) > BigInt(current.version);
    if (newer || (current.version === fresh.version && fresh.parts && !current.parts)) cache.set(key, fresh);
  });
  cache.inflight.set(key, shared);
  try {
    await shared;
  } catch {
    // reported through `computing` below
  } finally {
    if (cache.inflight.get(key) === shared) cache.inflight.delete(key);
  }
  return (await computing).page;
}
