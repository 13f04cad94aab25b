import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { isUnderMaintenance } from '../../plugins/maintenance.ts';
import { defineRoute } from '../../plugins/route.ts';

/** GET /api/health: liveness, the maintenance state, and the way to obtain the XSRF cookie. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    routes.health,
    { tags: ['health'], summary: 'Health check; sets the XSRF-TOKEN cookie' },
    async () => {
      await app.db.query('SELECT 1');
      const maintenance = isUnderMaintenance(app.config);
      return {
        success: true,
        message: maintenance ? 'Server is under maintenance' : 'ok',
        data: { maintenance },
      };
    },
  );
}
