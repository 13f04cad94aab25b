import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../../lib/http-error.ts';
import { maintenanceCheck } from '../../plugins/maintenance.ts';
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
 * that does not answer `SELECT 1` within DB_HEALTH_TIMEOUT_MS (a partition, an exhausted pool) -> 503.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const underMaintenance = maintenanceCheck(app.config);
  defineRoute(
    app,
    routes.health,
    { tags: ['health'], summary: 'Health check; sets the XSRF-TOKEN cookie' },
    async () => {
      await within(app.db.query('SELECT 1'), app.config.db.healthTimeoutMs);
      const maintenance = underMaintenance();
      return {
        success: true,
        message: maintenance ? 'Server is under maintenance' : 'ok',
        data: { maintenance },
      };
    },
  );
}
