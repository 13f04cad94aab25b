import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route.ts';
import { MinesService } from './service.ts';

const tags = ['mines'];

export async function minesRoutes(app: FastifyInstance): Promise<void> {
  const service = new MinesService(app.db);

  defineRoute(
    app,
    routes.minesList,
    { tags, summary: "Active games (order '') or recent big wins (order 'true')" },
    async ({ query }) => ({
      success: true,
      message: 'Mine games retrieved successfully',
      data: await service.list(query),
    }),
  );

  defineRoute(app, routes.minesStats, { tags, summary: 'All-time mines figures' }, async () => ({
    success: true,
    message: 'Mine stats retrieved successfully',
    data: await service.stats(),
  }));

  defineRoute(
    app,
    routes.minesUpdateStatus,
    { tags, summary: "Close an active game ('false'): cancel and refund once" },
    async ({ params, body, audit }) => {
      const { message, game } = await service.updateStatus(params.id, body.status, audit);
      return { success: true, message, data: game };
    },
  );
}
