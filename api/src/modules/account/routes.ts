import { ADMIN_MESSAGES, routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { defineRoute } from '../../plugins/route.ts';
import { revokeSessionsOf } from '../auth/index.ts';
import * as repo from './repository.ts';

const tags = ['account'];

/**
 * The signed-in admin's own account: who they are now, their sessions
 * (docs/architecture.md#console-behaviour).
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    routes.me,
    { tags, summary: 'The signed-in admin with the roles held now' },
    async ({ admin }) => ({
      success: true,
      message: 'Admin retrieved successfully',
      data: {
        id: admin.id,
        email: admin.email,
        name: admin.name,
        roles: [...admin.roles],
        twoFactorEnabled: admin.twoFactorEnabled,
      },
    }),
  );

  defineRoute(
    app,
    routes.sessionsList,
    { tags, summary: 'My live sessions, the current one marked' },
    async ({ admin }) => ({
      success: true,
      message: 'Sessions retrieved successfully',
      data: (await repo.listLiveSessions(app.db, admin.id)).map((s) => ({
        id: s.jti,
        createdAt: s.created_at,
        expiresAt: s.expires_at,
        ip: s.ip,
        userAgent: s.user_agent,
        current: s.jti === admin.jti,
      })),
    }),
  );

  defineRoute(
    app,
    routes.sessionRevoke,
    { tags, summary: 'Sign one of my other sessions out' },
    async ({ admin, params, audit }) => {
      if (params.id === admin.jti) throw new HttpError(409, ADMIN_MESSAGES.currentSession);
      await audit.transaction(app.db, async (tx) => {
        if (!(await repo.revokeOwnSession(tx, admin.id, params.id)))
          throw new HttpError(404, ADMIN_MESSAGES.sessionNotFound);
        await audit.record(tx, { targetType: 'admin', targetId: admin.id, details: { session: params.id } });
      });
      await app.sessions.revoke(params.id);
      return { success: true, message: 'Session signed out', data: { revoked: 1 } };
    },
  );

  defineRoute(
    app,
    routes.sessionsRevokeOthers,
    { tags, summary: 'Sign all my other sessions out' },
    async ({ admin, audit }) => {
      const ended = await audit.transaction(app.db, async (tx) => {
        const jtis = await revokeSessionsOf(tx, admin.id, admin.jti);
        // Recorded even when there was nothing to sign out: the admin asked for it.
        await audit.record(tx, {
          targetType: 'admin',
          targetId: admin.id,
          details: { sessions: jtis, kept: admin.jti },
        });
        return jtis;
      });
      await Promise.all(ended.map((jti) => app.sessions.revoke(jti)));
      return { success: true, message: 'Other sessions signed out', data: { revoked: ended.length } };
    },
  );
}
