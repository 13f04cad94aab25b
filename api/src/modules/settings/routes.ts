import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route.ts';
import { SettingsService } from './service.ts';

const tags = ['settings'];

/** Console settings a superadmin changes at run time: the four-eyes threshold. */
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
    { tags, summary: 'Set the four-eyes threshold (null: back to FOUR_EYES_THRESHOLD); audited' },
    async ({ body, admin, audit }) => ({
      success: true,
      message: 'Settings updated successfully',
      data: await service.updateFourEyes(body, admin.id, audit),
    }),
  );
}
