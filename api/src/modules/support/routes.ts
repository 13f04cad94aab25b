import { API_PREFIX, routes, SUPPORT_ID_MISSING } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { defineCsvRoute, defineRoute } from '../../plugins/route.ts';
import { supportExport } from './export.ts';
import { SupportService } from './service.ts';

const tags = ['support'];

export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const service = new SupportService(app.db);

  defineRoute(
    app,
    routes.supportList,
    { tags, summary: 'Support tickets: filter by id, username prefix, status, day; sort; page' },
    async ({ query }) => ({
      success: true,
      message: 'Support tickets retrieved successfully',
      data: await service.list(query),
    }),
  );

  defineCsvRoute(
    app,
    routes.supportExport,
    { tags, summary: "CSV of every support ticket the list's filters and sort give (no paging), streamed" },
    async ({ query }) => supportExport(query),
  );

  defineRoute(
    app,
    routes.supportUpdate,
    { tags, summary: 'Update the status and remarks of a ticket' },
    async ({ params, body, audit }) => ({
      success: true,
      message: 'Support updated successfully',
      data: await service.update(params.id, body, audit),
    }),
  );

  defineRoute(
    app,
    routes.supportDelete,
    { tags, summary: 'Close a ticket (nothing is deleted)' },
    async ({ params, audit }) => ({
      success: true,
      message: 'Support ticket closed successfully',
      data: await service.close(params.id, audit),
    }),
  );

  // Update and close without any id segment (`PUT /admin/support`): the spec's 400, not a 404.
  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: `${API_PREFIX}/admin/support`,
      // The permission of the calls it stands for (the auth hook refuses a route without one).
      config: { auth: 'session', permission: routes.supportUpdate.permission },
      schema: { hide: true },
      handler: async () => {
        throw new HttpError(400, SUPPORT_ID_MISSING);
      },
    });
  }
}
