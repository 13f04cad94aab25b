import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route.ts';
import { SETTINGS_MESSAGES, SettingsService } from './service.ts';

const tags = ['settings'];

/** Console settings a superadmin changes at run time: the four-eyes threshold (and its second approval). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const service = new SettingsService(app.db, app.config.fourEyesThreshold);

  defineRoute(
    app,
    routes.fourEyesSettings,
    {
      tags,
      summary: 'Four-eyes threshold in force (setting, else FOUR_EYES_THRESHOLD) and where it comes from',
    },
    async () => ({
      success: true,
      message: 'Settings retrieved successfully',
      data: await service.fourEyes(),
    }),
  );

  defineRoute(
    app,
    routes.fourEyesSettingsUpdate,
    {
      tags,
      summary:
        'Set the four-eyes threshold (null: back to FOUR_EYES_THRESHOLD); above the approval ceiling, or off, it waits for a second superadmin; audited',
    },
    async ({ body, admin, audit }) => {
      const { settings, awaiting } = await service.updateFourEyes(body, admin.id, audit);
      return {
        success: true,
        message: awaiting ? SETTINGS_MESSAGES.awaitingSecond : SETTINGS_MESSAGES.updated,
        data: settings,
      };
    },
  );

  defineRoute(
    app,
    routes.fourEyesSettingsApprove,
    {
      tags,
      summary:
        'A second superadmin (not the requester, nor an admin it created or reset the 2FA of within 24 h) approves the pending four-eyes change; audited',
    },
    async ({ body, admin, audit }) => ({
      success: true,
      message: SETTINGS_MESSAGES.approved,
      data: await service.approveFourEyes(body, admin.id, audit),
    }),
  );
}
