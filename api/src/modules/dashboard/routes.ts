import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route.ts';
import { readDashboardStats } from './repository.ts';

const tags = ['dashboard'];

/**
 * The figures are kept by the database in the transaction of every write (migration 013), so each
 * call reads them as they are now, on any replica: no cache to share or to invalidate.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    routes.dashboardStats,
    { tags, summary: 'Platform, lottery and mines figures' },
    async () => ({
      success: true,
      message: 'Dashboard stats retrieved successfully',
      data: await readDashboardStats(app.db),
    }),
  );

  defineRoute(
    app,
    routes.dashboardRefresh,
    { tags, summary: 'The figures as they are now (kept current by every write)' },
    async ({ audit }) => {
      // Changes no stored data, but an admin asking for fresh figures is recorded like every POST.
      await audit.record(app.db, { targetType: 'dashboard', targetId: null });
      return {
        success: true,
        message: 'Dashboard stats refreshed successfully',
        data: await readDashboardStats(app.db),
      };
    },
  );
}
