/**
 * Cases of the `api` bench suite (suites/api.ts). Each area lists its endpoints in its own file
 * (suites/api/<area>.ts) so teams add cases without touching the runner.
 *
 * The runner starts the API on a PostgreSQL database seeded with `seed --scale`, signs in, and for every
 * list case puts 32 connections of closed-loop load on the endpoint and on the floor server answering
 * the same SQL (floor-server.ts), interleaved, then reports the throughput and p50/p99 of both.
 */

/** One SQL statement exactly as the endpoint's repository runs it. */
export interface SqlStatement {
  text: string;
  values: unknown[];
}

export interface ListCase {
  /** e.g. 'GET /admin/lottery?status=open'. */
  name: string;
  /** Path under the API base, e.g. '/admin/lottery'. */
  path: string;
  query: Record<string, string | string[]>;
  /**
   * The statements the endpoint runs for this query (data page and count), built by the same
   * repository function the endpoint uses, so the baseline is the endpoint's own SQL. Statements
   * the endpoint runs concurrently are run concurrently in the baseline too when `parallel` is true.
   */
  sql: (now: Date) => SqlStatement[];
  parallel?: boolean;
}

/** A timed action against an absolute target (e.g. publish 100k tickets in <= 1000 ms). */
export interface ActionCase {
  name: string;
  targetMs: number;
  /** Runs before each sample, untimed: creates the data the action consumes. Returns the request. */
  prepare: (
    ctx: ActionContext,
  ) => Promise<{ method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown }>;
  /** Optional check after each sample (e.g. the lottery is completed); throw to flag the sample. */
  verify?: (ctx: ActionContext, response: unknown) => Promise<void>;
}

export interface ActionContext {
  /** Runs SQL directly on the bench database. */
  sql: <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;
  /** Calls the API as the signed-in admin (JSON in, parsed JSON out; throws on non-2xx). */
  call: (method: string, path: string, body?: unknown) => Promise<unknown>;
}

export interface AreaCases {
  lists: ListCase[];
  actions?: ActionCase[];
}
