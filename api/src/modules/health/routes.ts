import { API_PREFIX, errorResponse, routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../../lib/http-error.ts';
import { within } from '../../lib/within.ts';
import { MAINTENANCE_KEY, maintenanceCheck, setMaintenance } from '../../plugins/maintenance.ts';
import { defineRoute } from '../../plugins/route.ts';
import { actorOf } from '../releases/index.ts';
import { cachedReadiness, readinessMessage } from './readiness.ts';

/**
 * GET /api/health: liveness, the maintenance state, and the way to obtain the XSRF cookie. A database
 * that does not answer `SELECT 1` within DB_HEALTH_TIMEOUT_MS (a partition, a server down) -> 503; on
 * PostgreSQL it is asked on a connection of its own, so an exhausted pool is not "the database down".
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const underMaintenance = maintenanceCheck(app);
  defineRoute(
    app,
    routes.health,
    { tags: ['health'], summary: 'Health check; sets the XSRF-TOKEN cookie' },
    async () => {
      const ping = app.db.ping(app.config.db.healthTimeoutMs).catch(() => {
        throw serviceUnavailable(); // no connection, no answer: the database is down for this replica
      });
      await within(ping, app.config.db.healthTimeoutMs, serviceUnavailable);
      const maintenance = await underMaintenance();
      return {
        success: true,
        message: maintenance ? 'Server is under maintenance' : 'ok',
        data: { maintenance },
      };
    },
  );

  // Probes for orchestrators and load balancers (docs/operations.md). Public and outside /api/admin, so
  // maintenance does not touch them: a replica in maintenance is alive and ready (it answers its 503s
  // itself).
  defineRoute(
    app,
    routes.livez,
    { tags: ['health'], summary: 'Liveness: the process answers (no dependency is asked)' },
    async () => ({ success: true, message: 'alive' }),
  );

  // Registered by hand: its 503 carries the same body as its 200 (defineRoute sends the error body).
  const readiness = cachedReadiness(app, app.config.readiness);
  app.route({
    method: routes.readyz.method,
    url: API_PREFIX + routes.readyz.path,
    config: { auth: routes.readyz.auth, permission: routes.readyz.permission },
    schema: {
      operationId: 'readyz',
      tags: ['health'],
      summary:
        'Readiness: the database, Redis and the chain RPC when configured, the payout lag; 503 when not ready',
      security: [],
      response: {
        200: routes.readyz.response,
        503: routes.readyz.response,
        '4xx': errorResponse,
        '5xx': errorResponse,
      },
    },
    handler: async (_request, reply) => {
      const checked = await readiness();
      // A replica shutting down (SIGTERM: lib/shutdown.ts sets `closing`) takes no new work, whatever
      // its dependencies say. Read loosely: apps built by tests never set it.
      const closing = (app as { closing?: boolean }).closing === true;
      const data = closing ? { ...checked, status: 'not-ready' as const } : checked;
      const ready = data.status !== 'not-ready';
      const message = closing ? 'Not ready: shutting down' : readinessMessage(data);
      return reply.status(ready ? 200 : 503).send({ success: ready, message, data });
    },
  });

  defineRoute(
    app,
    routes.maintenanceSet,
    { tags: ['health'], summary: 'Maintenance on or off for every replica (ops token or ops admin)' },
    async ({ body, request, audit }) => {
      const who = actorOf(request, body.actor);
      const actor = { id: who.id, email: who.email };
      await audit.transaction(app.db, async (tx) => {
        const [was] = await tx.query('SELECT 1 FROM settings WHERE key = $1', [MAINTENANCE_KEY]);
        await setMaintenance(tx, body.on);
        await audit.record(tx, {
          targetType: 'maintenance',
          targetId: null,
          before: { maintenance: was !== undefined },
          after: { maintenance: body.on },
          actor,
          ...(who.claimed ? { details: { claimed: who.claimed } } : {}),
          ...(who.token ? { details: { token: who.token } } : {}),
        });
      });
      return {
        success: true,
        message: body.on ? 'Maintenance is on' : 'Maintenance is off',
        data: { maintenance: body.on },
      };
    },
  );
}
