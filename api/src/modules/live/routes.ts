import { PassThrough } from 'node:stream';
import { rolesGrant, routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, SERVICE_UNAVAILABLE } from '../../lib/http-error.ts';
import { defineRoute } from '../../plugins/route.ts';
import { findActiveSessions } from '../auth/index.ts';
import { LiveHub, type LiveSubscriber, type SessionCheck, topicsOf } from './hub.ts';
import { watchLotteryEnds } from './lottery-ends.ts';
import { queueCounts } from './repository.ts';

/** A comment line this often keeps proxies and the socket inactivity timeout from closing the stream. */
export const HEARTBEAT_MS = 15_000;
/** What the browser waits before connecting again when a stream ended (the SSE `retry` field). */
const RETRY_MS = 3000;

export interface LiveRoutesOptions {
  /** Tests use a short one. */
  heartbeatMs?: number;
}

const tags = ['live'];

/**
 * The event stream (GET /api/admin/events, Server-Sent Events read with fetch: the console sends its
 * Bearer token as on every call) and the queue counts for the sidebar's badges.
 */
export async function liveRoutes(app: FastifyInstance, opts: LiveRoutesOptions): Promise<void> {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const hub = new LiveHub(app.clock, app.config.liveStreamsPerSession);
  // Full sessions only: the stream's route accepts no other token.
  const liveSessions: SessionCheck = async (jtis) => {
    const rows = await findActiveSessions(app.db, jtis);
    return new Map(
      [...rows].filter(([, row]) => row.scope === 'session').map(([jti, row]) => [jti, row.roles]),
    );
  };
  const lotteryEnds = watchLotteryEnds(app.db, app.clock, () => hub.receive('lottery'));
  const stopListening = await app.db.listen(
    'live',
    (payload) => {
      hub.receive(payload);
      if (payload === 'lottery') lotteryEnds.recheck();
    },
    () => hub.everythingChanged(),
  );
  // One timer for every stream of this replica: a heartbeat each, and one check of all their sessions.
  const heartbeat = setInterval(() => void hub.heartbeat(liveSessions), heartbeatMs);
  // Before the server waits for requests in flight: a stream would hold the shutdown to its timeout.
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    lotteryEnds.stop();
    await stopListening();
  });

  defineRoute(
    app,
    routes.liveEvents,
    {
      tags,
      summary:
        "Server-Sent Events: 'changed' with a topic (withdrawals, support, lottery, dashboard) the admin's roles may read; a heartbeat comment every 15 s",
    },
    async ({ admin, reply }) => {
      if (app.closing) throw new HttpError(503, SERVICE_UNAVAILABLE, { 'retry-after': '1' });
      const stream = new PassThrough();
      const write = (text: string) => {
        if (!stream.writableEnded) stream.write(text);
      };
      const subscriber: LiveSubscriber = {
        jti: admin.jti,
        topics: topicsOf(admin.roles),
        send: (topic) => write(`event: changed\ndata: ${JSON.stringify({ topic })}\n\n`),
        heartbeat: () => write(': heartbeat\n\n'),
        end: (reason) => {
          if (reason) write(`event: ${reason}\ndata: {}\n\n`);
          stream.end();
        },
      };
      const cleanUp = () => hub.remove(subscriber);
      stream.on('close', cleanUp);
      // The console went away (tab closed, network lost): nothing more to write, nobody to end it for.
      reply.raw.once('close', () => {
        cleanUp();
        stream.destroy();
      });
      hub.add(subscriber);
      write(
        `retry: ${RETRY_MS}\nevent: ready\ndata: ${JSON.stringify({ topics: [...subscriber.topics] })}\n\n`,
      );
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        // nginx and similar proxies would otherwise hold the events back in their buffer.
        .header('x-accel-buffering', 'no');
      return reply.send(stream) as never;
    },
  );

  defineRoute(
    app,
    routes.queueCounts,
    {
      tags,
      summary:
        'Queue sizes for the sidebar badges: withdrawals pending and awaiting a second approval, open tickets, lotteries awaiting results (only those the roles may read)',
    },
    async ({ admin }) => ({
      success: true,
      message: 'Queue counts retrieved successfully',
      data: await queueCounts(
        app.db,
        {
          finance: rolesGrant(admin.roles, 'finance:read'),
          support: rolesGrant(admin.roles, 'support-users:read'),
          lottery: rolesGrant(admin.roles, 'lottery:read'),
        },
        new Date(app.clock()),
      ),
    }),
  );
}
