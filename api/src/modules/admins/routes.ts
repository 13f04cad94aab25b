import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineCsvRoute, defineRoute } from '../../plugins/route.ts';
import { adminsExport } from './export.ts';
import { type AdminChange, AdminsService } from './service.ts';

const tags = ['admins'];

/** Admin management (permission 'admins:manage': superadmin). */
export async function adminsRoutes(app: FastifyInstance): Promise<void> {
  const service = new AdminsService(app.db, app.store, app.clock);

  /** Every replica learns at its next call that these sessions ended or must be checked again. */
  async function applied(change: AdminChange, message: string) {
    await Promise.all([
      ...change.sessions.ended.map((jti) => app.sessions.revoke(jti)),
      ...change.sessions.changed.map((jti) => app.sessions.changed(jti)),
    ]);
    return { success: true, message, data: change.admin };
  }

  defineRoute(
    app,
    routes.adminsList,
    { tags, summary: 'Admins: roles, status, 2FA, lock, last sign-in; search by email or name' },
    async ({ query }) => ({
      success: true,
      message: 'Admins retrieved successfully',
      data: await service.list(query),
    }),
  );

  defineCsvRoute(
    app,
    routes.adminsExport,
    { tags, summary: "CSV of every admin the list's filters give (no paging), streamed; never a secret" },
    async ({ query }) => adminsExport(query),
  );

  defineRoute(
    app,
    routes.adminsCreate,
    { tags, summary: 'Create an admin; answers its one-time password (shown once)' },
    async ({ body, audit }) => ({
      success: true,
      message: 'Admin created: give them the one-time password, they change it at the first sign-in',
      data: await service.create(body, audit),
    }),
  );

  defineRoute(
    app,
    routes.adminsDisable,
    { tags, summary: 'Disable an admin: their sessions end at once' },
    async ({ params, admin, audit }) =>
      applied(await service.disable(admin.id, params.id, audit), 'Admin disabled'),
  );

  defineRoute(
    app,
    routes.adminsEnable,
    { tags, summary: 'Re-enable a disabled admin' },
    async ({ params, audit }) => applied(await service.enable(params.id, audit), 'Admin enabled'),
  );

  defineRoute(
    app,
    routes.adminsSetRoles,
    { tags, summary: "Replace an admin's roles (in force from their next call)" },
    async ({ params, body, admin, audit }) =>
      applied(await service.setRoles(admin.id, params.id, body.roles, audit), 'Roles updated'),
  );

  defineRoute(
    app,
    routes.adminsResetTwoFactor,
    { tags, summary: "Reset an admin's 2FA: setup at their next sign-in; their sessions end" },
    async ({ params, admin, audit }) =>
      applied(await service.resetTwoFactor(admin.id, params.id, audit), 'Two-factor authentication reset'),
  );

  defineRoute(
    app,
    routes.adminsUnlock,
    { tags, summary: 'Lift the lock of failed sign-ins and 2FA codes' },
    async ({ params, audit }) => ({
      success: true,
      message: 'Admin unlocked',
      data: await service.unlock(params.id, audit),
    }),
  );
}
