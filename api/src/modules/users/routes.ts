import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { defineCsvRoute, defineRoute } from '../../plugins/route.ts';
import { usersExport } from './export.ts';
import { UsersService } from './service.ts';

const tags = ['users'];

/** `userId` in a body is optional; when sent it must name the user of the path. */
function checkUserId(pathId: number, bodyId: number | undefined): void {
  if (bodyId !== undefined && bodyId !== pathId) throw new HttpError(400, 'User ID does not match');
}

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const service = new UsersService(app.db);

  defineRoute(
    app,
    routes.usersList,
    { tags, summary: 'Users (not deleted): email/username prefix, status; sort; page' },
    async ({ query }) => ({
      success: true,
      message: 'Users retrieved successfully',
      data: await service.list(query),
    }),
  );

  defineCsvRoute(
    app,
    routes.usersExport,
    { tags, summary: "CSV of every user the list's filters and sort give (no paging), streamed" },
    async ({ query }) => usersExport(query),
  );

  defineRoute(
    app,
    routes.userDetails,
    { tags, summary: 'One user: profile, balance, block history, recent activity with totals' },
    async ({ params }) => ({
      success: true,
      message: 'User retrieved successfully',
      data: await service.details(params.id),
    }),
  );

  defineRoute(
    app,
    routes.userUpdate,
    { tags, summary: "Set the status ('unblocked' = unblock, 'blocked' needs a reason)" },
    async ({ params, body, admin, audit }) => {
      const { user, message } = await service.update(params.id, admin.id, body, audit);
      return { success: true, message, data: user };
    },
  );

  defineRoute(
    app,
    routes.userDelete,
    { tags, summary: 'Soft delete: the user leaves the lists, money records are kept' },
    async ({ params, audit }) => {
      await service.remove(params.id, audit);
      return { success: true, message: 'User deleted successfully' };
    },
  );

  defineRoute(
    app,
    routes.userBlock,
    { tags, summary: 'Block with a reason (kept in the block history with the admin)' },
    async ({ params, body, admin, audit }) => {
      checkUserId(params.id, body.userId);
      const { user } = await service.block(params.id, admin.id, body.reason, audit);
      return { success: true, message: 'User blocked successfully', data: user };
    },
  );

  defineRoute(
    app,
    routes.userUnblock,
    { tags, summary: 'Unblock (back to the status before the block; kept in the block history)' },
    async ({ params, body, admin, audit }) => {
      checkUserId(params.id, body.userId);
      const { user } = await service.unblock(params.id, admin.id, body.reason, audit);
      return { success: true, message: 'User unblocked successfully', data: user };
    },
  );
}
