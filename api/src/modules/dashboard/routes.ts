import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route.ts';
import { readDashboardStats } from './repository.ts';
import { checkZone, readableSeries, readTrends, TrendsCache } from './trends.ts';

const tags = ['dashboard'];

/**
 * The figures are kept by the database in the transaction of every write (migration 013), so each
 * call reads them as they are now, on any replica: no cache to share or to invalidate.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  // The trends are read from the big tables, an index-only range of the last 30 days each (migration
  // 017): about 0.5 s on a third of the bench's scale-1 data, most of it the tickets (all of them fall
  // in the last 30 days there). Kept 5 minutes per zone and series set, the dashboard's own refresh.
  const trends = new TrendsCache(5 * 60_000);

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
    // Changes nothing, so it is not audited (its catalogue entry says why); limited per admin.
    async () => ({
      success: true,
      message: 'Dashboard stats refreshed successfully',
      data: await readDashboardStats(app.db),
    }),
  );

  defineRoute(
    app,
    routes.dashboardTrends,
    { tags, summary: 'The last 30 days per day, of the series the admin may read' },
    async ({ query, admin }) => {
      const zone = checkZone(query.tz ?? 'UTC');
      const names = readableSeries(admin.roles);
      return {
        success: true,
        message: 'Dashboard trends retrieved successfully',
        data: await trends.get(`${zone}|${names.join(',')}`, () => readTrends(app.db, zone, names)),
      };
    },
  );
}
