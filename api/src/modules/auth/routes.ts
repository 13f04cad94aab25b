import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route.ts';
import { AuthService, MESSAGES } from './service.ts';

const tags = ['auth'];

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const service = new AuthService({
    db: app.db,
    config: app.config,
    rateLimits: app.config.rateLimits,
    sign: (payload) => app.jwt.sign(payload),
    clock: app.clock,
    store: app.store,
  });

  defineRoute(
    app,
    routes.login,
    { tags, summary: 'Sign in (password, then 2FA code or 2FA setup)' },
    async ({ body, request, audit }) => {
      const result = await service.login(body, request.ip, audit, request.headers['user-agent']);
      return { success: true, message: result.message, data: result.data };
    },
  );

  defineRoute(
    app,
    routes.twoFactorSetup,
    { tags, summary: 'Issue a new pending TOTP secret' },
    async ({ admin, audit }) => ({
      success: true,
      message: 'Scan the QR code with your authenticator app',
      data: await service.setup(admin, audit),
    }),
  );

  defineRoute(
    app,
    routes.twoFactorReplaceSetup,
    { tags, summary: 'Issue a new pending TOTP secret (with 2FA enabled: current password and code)' },
    async ({ admin, body, audit }) => ({
      success: true,
      message: 'Scan the QR code with your authenticator app',
      data: await service.setup(admin, audit, body),
    }),
  );

  defineRoute(
    app,
    routes.twoFactorEnable,
    { tags, summary: 'Enable 2FA with the first code; returns a session' },
    async ({ admin, body, request, audit }) => {
      const data = await service.enable(admin, body, audit, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      await app.sessions.revoke(admin.jti);
      return { success: true, message: MESSAGES.setupOk, data };
    },
  );

  defineRoute(
    app,
    routes.changePassword,
    {
      tags,
      summary:
        'Change my password (current password, and a code with 2FA on); my other sessions end. With the ' +
        "one-time password's token: that token ends too, sign in with the new password",
    },
    async ({ admin, body, audit }) => {
      const ended = await service.changePassword(admin, body, audit);
      await Promise.all(ended.map((jti) => app.sessions.revoke(jti)));
      return { success: true, message: MESSAGES.passwordChanged };
    },
  );

  defineRoute(
    app,
    routes.sessionRenew,
    {
      tags,
      summary:
        'A new session token in place of the current one: its lifetime starts again, up to SESSION_MAX_HOURS after the sign-in',
    },
    async ({ admin, request }) => {
      const data = await service.renew(admin, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      await app.sessions.revoke(admin.jti);
      return { success: true, message: 'Session renewed', data };
    },
  );

  defineRoute(
    app,
    routes.logout,
    { tags, summary: 'Revoke the current session' },
    async ({ admin, audit }) => {
      await service.logout(admin, audit);
      await app.sessions.revoke(admin.jti);
      return { success: true, message: MESSAGES.logoutOk };
    },
  );
}
