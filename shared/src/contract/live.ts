import { z } from 'zod';
import { envelope } from './envelope.ts';
import { type LiveTopic, liveTopics } from './live-topics.ts';
import type { Permission } from './permissions.ts';
import type { RouteDef } from './routes.ts';

export { type LiveTopic, liveTopics };

/** The permission an admin needs to receive a topic: the one of the routes that read its data. */
export const LIVE_TOPIC_PERMISSION: Record<LiveTopic, Permission> = {
  withdrawals: 'finance:read',
  support: 'support-users:read',
  lottery: 'lottery:read',
  dashboard: 'signed-in',
};

/**
 * The event stream's events (`text/event-stream`):
 * - `ready` once, with the topics this admin receives;
 * - `changed` with one topic;
 * - a comment line (`: heartbeat`) every LIVE_HEARTBEAT_MS, so proxies keep the connection;
 * - `replaced` (data `{}`) just before the API ends the stream because a newer one of the same session
 *   took its place (at most LIVE_STREAMS_PER_SESSION per session): the console waits longer to come back.
 * The stream ends when the session ends (sign-out, revocation) and when the API replica shuts down;
 * the console then connects again.
 */
export const liveReadyEvent = z.object({ topics: z.array(z.enum(liveTopics)) });
export const liveChangedEvent = z.object({ topic: z.enum(liveTopics) });
export type LiveChangedEvent = z.infer<typeof liveChangedEvent>;

/** The 200 answer of the event stream: not JSON (the API's route layer recognises this very schema). */
export const eventStream = z.string().meta({ description: 'Server-Sent Events (text/event-stream)' });
export const isEventStreamRoute = (def: { response: z.ZodType }): boolean => def.response === eventStream;

const count = z.number().int().min(0);

/**
 * The queues' sizes for the console's badges, only those the admin may read: withdrawals pending and
 * awaiting a second approval (finance), open support tickets (support-users), lotteries ended and
 * waiting for their results (lottery).
 */
export const queueCountsSchema = z.object({
  withdrawalsPending: count.optional(),
  withdrawalsAwaitingSecond: count.optional(),
  supportOpen: count.optional(),
  lotteriesAwaitingResults: count.optional(),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;
export const queueCountsResponse = envelope(queueCountsSchema);

export const liveRoutes = {
  liveEvents: {
    method: 'GET',
    path: '/admin/events',
    auth: 'session',
    permission: 'signed-in',
    response: eventStream,
  },
  queueCounts: {
    method: 'GET',
    path: '/admin/queues',
    auth: 'session',
    permission: 'signed-in',
    response: queueCountsResponse,
  },
} as const satisfies Record<string, RouteDef>;
