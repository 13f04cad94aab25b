import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../../lib/http-error.ts';
import { MAINTENANCE_KEY, maintenanceCheck, setMaintenance } from '../../plugins/maintenance.ts';
import { defineRoute } from '../../plugins/route.ts';

/**
 * `work`, or a 503 when it has not settled within `ms`. The query itself is not cancelled (the pool's
 * own timeouts end it); the answer just does not wait for it.
 */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(serviceUnavailable()), ms);
  });
  work.catch(() => {}); // a late failure after the timeout has already answered
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

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
      await within(ping, app.config.db.healthTimeoutMs);
      const maintenance = await underMaintenance();
      return {
        success: true,
        message: maintenance ? 'Server is under maintenance' : 'ok',
        data: { maintenance },
      };
    },
  );

  defineRoute(
    app,
    routes.maintenanceSet,
    { tags: ['health'], summary: 'Maintenance on or off for every replica (ops token or ops admin)' },
    async ({ body, request, audit }) => {
      const actor = request.admin
        ? { id: request.admin.id, email: request.admin.email }
        : { id: null, email: body.actor ?? 'ops token' };
      await audit.transaction(app.db, async (tx) => {
        const [was] = await tx.query('SELECT 1 FROM settings WHERE key = $1', [MAINTENANCE_KEY]);
        await setMaintenance(tx, body.on);
        await audit.record(tx, {
          targetType: 'maintenance',
          targetId: null,
          before: { maintenance: was !== undefined },
          after: { maintenance: body.on },
          actor,
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
