import { Ajv } from 'ajv';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/** An answer that breaks its contract schema: answered as a 500 and logged with what failed. */
export class ResponseContractError extends Error {
  constructor(
    readonly route: string,
    readonly issues: unknown,
  ) {
    super(`${route}: the answer does not match its contract schema`);
    this.name = 'ResponseContractError';
  }
}

// Formats are not checked by name: the contract's JSON Schema carries their patterns (date-time).
const ajv = new Ajv({ strict: false, validateFormats: false });

/**
 * The contract's JSON Schema of an answer, with zod's strip rule: unknown keys are dropped from the
 * answer (fast-json-stringify writes only the declared ones), not refused.
 */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = JSON.stringify(z.toJSONSchema(schema, { io: 'output', target: 'draft-07' }));
  return JSON.parse(json, (key, value) =>
    key === 'additionalProperties' && value === false ? undefined : value,
  ) as Record<string, unknown>;
}

type Compiled = { check: ReturnType<Ajv['compile']>; write: (data: unknown) => string };

// Every route shares the error schema (4xx and 5xx): each schema is compiled once per process.
const compiled = new WeakMap<z.ZodType, Compiled>();

function compile(schema: z.ZodType): Compiled {
  let entry = compiled.get(schema);
  if (!entry) {
    const json = jsonSchemaOf(schema);
    entry = { check: ajv.compile(json), write: fastJson(json, { ajv: { strict: false } }) };
    compiled.set(schema, entry);
  }
  return entry;
}

/** A list row in an error path: `/data/<i>` (an array answer) or `/data/data/<i>` (a paged one). */
const LIST_ROW = /^\/data(\/data)?\/(\d+)(?:\/|$)/;

/** Rows a list answer left out because they break the contract, and why. */
export interface DroppedRows {
  route: string;
  rows: unknown[];
  issues: unknown[];
}

/**
 * One stored row must not take a whole list down: the rows of a list answer that fail the check are left
 * out (and reported) and the rest is sent. Any other failure is a ResponseContractError (a 500).
 */
function withoutBadRows(
  data: unknown,
  check: Compiled['check'],
  route: string,
  report: ((dropped: DroppedRows) => void) | undefined,
): unknown {
  let current = data;
  const dropped: DroppedRows = { route, rows: [], issues: [] };
  while (!check(current)) {
    const error = check.errors?.[0];
    const row = LIST_ROW.exec(error?.instancePath ?? '');
    if (!row || dropped.rows.length >= 100) throw new ResponseContractError(route, check.errors);
    const envelope = current as { data: unknown };
    const paged = Boolean(row[1]);
    const list = (paged ? (envelope.data as { data: unknown[] }).data : envelope.data) as unknown[];
    const index = Number(row[2]);
    dropped.rows.push(list[index]);
    dropped.issues.push(error);
    const rest = list.filter((_, i) => i !== index);
    current = paged
      ? { ...envelope, data: { ...(envelope.data as object), data: rest } }
      : { ...envelope, data: rest };
  }
  if (dropped.rows.length) report?.(dropped);
  return current;
}

/**
 * The serializer of one route's answer, compiled once from its zod contract schema: a compiled JSON
 * Schema check (Ajv) and a schema-driven JSON writer (fast-json-stringify). Same verdict and same text
 * as `zod.encode` + `JSON.stringify`, several times faster on long lists (a 100-row lottery page:
 * about 0.2 ms instead of 0.9 ms). List rows that break the contract are left out and reported through
 * `report`. With `crossCheck` (the API's own tests) every answer also goes through zod, and any
 * disagreement between the two is thrown.
 */
export function compileResponseSerializer(
  schema: z.ZodType,
  route: string,
  crossCheck = false,
  report?: (dropped: DroppedRows) => void,
): (data: unknown) => string {
  const { check, write } = compile(schema);
  const clean = (data: unknown) => (check(data) ? data : withoutBadRows(data, check, route, report));
  if (!crossCheck) return (data) => write(clean(data));
  return (data) => {
    let cleaned: unknown;
    try {
      cleaned = clean(data);
    } catch (error) {
      if (z.safeEncode(schema, data).success)
        throw new Error(`${route}: the compiled check refused what zod accepts`, { cause: error });
      throw error;
    }
    const reference = z.safeEncode(schema, cleaned);
    if (!reference.success)
      throw new Error(`${route}: the compiled check accepted what zod refuses: ${reference.error}`);
    const text = write(cleaned);
    if (text !== JSON.stringify(reference.data))
      throw new Error(`${route}: the compiled writer differs from zod + JSON.stringify:\n${text}`);
    return text;
  };
}
