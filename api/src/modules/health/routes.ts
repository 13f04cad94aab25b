import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { maintenanceCheck } from '../../plugins/maintenance.ts';
import { defineRoute } from '../../plugins/route.ts';

/** GET /api/health: liveness, the maintenance state, and the way to obtain the XSRF cookie. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const underMaintenance = maintenanceCheck(app.config);
  defineRoute(
    app,
    routes.health,
    { tags: ['health'], summary: 'Health check; sets the XSRF-TOKEN cookie' },
    async () => {
      await app.db.query('SELECT 1');
      const maintenance = underMaintenance();
      return {
        success: true,
        message: maintenance ? 'Server is under maintenance' : 'ok',
        data: { maintenance },
      };
    },
  );
}
