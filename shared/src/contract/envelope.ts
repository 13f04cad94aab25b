import { z } from 'zod';

/**
 * Exact decimal amount as sent on the wire: a string such as "1250.5", "-3" or "0.00000001".
 * The API never sends floats for money; it sends the canonical PostgreSQL NUMERIC text with
 * trailing zeros removed ("10.50" -> "10.5", "10.00" -> "10").
 */
export const money = z.string().regex(/^-?\d+(\.\d+)?$/, 'Invalid amount');
export type Money = z.infer<typeof money>;

/** ISO-8601 date-time with an offset or Z, e.g. "2025-01-31T10:00:00.000Z". */
export const isoDate = z.iso.datetime({ offset: true, error: 'Invalid date' });
export type IsoDate = z.infer<typeof isoDate>;

/** Integer id (ids are integers in JSON). */
export const id = z.number().int().positive();

/** `{ success, message, data }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data });

/** An answer without data: `{ success, message }` (logout, delete...). */
export const messageResponse = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** GET /health: liveness, and whether the admin API is in maintenance (every /admin call answers 503). */
export const healthResponse = envelope(z.object({ maintenance: z.boolean() }));
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /livez: the process answers (no dependency is asked). */
export const livezResponse = messageResponse;

/** One dependency of GET /readyz: its state and how long asking it took. */
export const readinessCheck = z.object({
  state: z.enum(['up', 'down', 'lagging']),
  latencyMs: z.number().int().min(0),
  /** Why it is down or lagging, for the operator (never a URL or a secret). */
  detail: z.string().optional(),
});
export type ReadinessCheck = z.infer<typeof readinessCheck>;

/**
 * GET /readyz, 200 or 503 with the same body: 'not-ready' (503) when a dependency every request needs
 * is down (the database, Redis when configured); 'degraded' (200) when only the payouts suffer (the
 * chain RPC when configured, the payout worker's lag). A check that does not apply is left out.
 */
export const readyzResponse = envelope(
  z.object({
    status: z.enum(['ready', 'degraded', 'not-ready']),
    checks: z.object({
      database: readinessCheck,
      payoutLag: z.object({
        state: readinessCheck.shape.state,
        latencyMs: readinessCheck.shape.latencyMs,
        /** Age of the oldest approved withdrawal not paid yet (ms); null when none waits. */
        oldestApprovedAgeMs: z.number().int().min(0).nullable(),
        thresholdMs: z.number().int().min(0),
        detail: readinessCheck.shape.detail,
      }),
      redis: readinessCheck.optional(),
      chain: readinessCheck.optional(),
    }),
  }),
);
export type ReadyzResponse = z.infer<typeof readyzResponse>;

/** Paged list carried in `data`: `{ data: T[], total, totalPages, page, perPage }`. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
    page: z.number().int().min(1),
    perPage: z.number().int().min(1),
  });
export type Paged<T> = { data: T[]; total: number; totalPages: number; page: number; perPage: number };
export type Envelope<T> = { success: boolean; message: string; data: T };

/** Every error answer: `{ success: false, message }` with the HTTP status. */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  /** A 400's offending field ('email', 'winners.0.amount'): the message starts with it, for API clients. */
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
