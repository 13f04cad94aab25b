import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route.ts';
import type { DashboardService } from './service.ts';

const tags = ['dashboard'];

export async function dashboardRoutes(
  app: FastifyInstance,
  opts: { dashboard: DashboardService },
): Promise<void> {
  defineRoute(
    app,
    routes.dashboardStats,
    { tags, summary: 'Platform, lottery and mines figures' },
    async () => ({
      success: true,
      message: 'Dashboard stats retrieved successfully',
      data: await opts.dashboard.stats(),
    }),
  );

  defineRoute(
    app,
    routes.dashboardRefresh,
    { tags, summary: 'Recompute the figures now' },
    async ({ audit }) => {
      // Changes no stored data, but an admin forcing a recomputation is recorded like every POST.
      await audit.record(app.db, { targetType: 'dashboard', targetId: null });
      await opts.dashboard.invalidate();
      return {
        success: true,
        message: 'Dashboard stats refreshed successfully',
        data: await opts.dashboard.refresh(),
      };
    },
  );
}
