import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineCsvRoute, defineRoute } from '../../plugins/route.ts';
import { withdrawalsExport } from './export.ts';
import { MESSAGES, WithdrawalsService } from './service.ts';

const tags = ['withdrawals'];

/**
 * `status_in[]=a&status_in[]=b` (the bracket form of some HTTP clients) and `status_in=a,b&status_in=c`
 * become one flat `status_in` list before validation.
 */
function normaliseStatusIn(query: Record<string, unknown>): void {
  const values = [query.status_in, query['status_in[]']].flat().filter((v) => v !== undefined);
  delete query['status_in[]'];
  if (values.length === 0) return;
  const flat = values.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  query.status_in = flat.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
  if ((query.status_in as unknown[]).length === 0) delete query.status_in;
}

export async function withdrawalsRoutes(app: FastifyInstance): Promise<void> {
  const service = new WithdrawalsService(app.db, app.config.fourEyesThreshold);

  app.addHook('preValidation', async (request) => {
    if (request.query && typeof request.query === 'object')
      normaliseStatusIn(request.query as Record<string, unknown>);
  });

  defineRoute(
    app,
    routes.withdrawalsList,
    {
      tags,
      summary:
        'Withdrawals, filtered (id, user_name prefix, status, status_in, from/to), sorted and paged on the server',
    },
    async ({ query }) => ({
      success: true,
      message: 'Withdrawals retrieved successfully',
      data: await service.list(query),
    }),
  );

  defineCsvRoute(
    app,
    routes.withdrawalsExport,
    { tags, summary: "CSV of every withdrawal the list's filters and sort give (no paging), streamed" },
    async ({ query }) => withdrawalsExport(query),
  );

  defineRoute(
    app,
    routes.withdrawalUpdate,
    {
      tags,
      summary:
        'Approve or reject a pending/waiting withdrawal (rejection needs a reason and refunds the amount once; at or above the four-eyes threshold a second admin must approve)',
    },
    async ({ body, admin, audit }) => {
      const data = await service.update(body, admin.id, audit);
      const message = data.status === 'awaiting_approval' ? MESSAGES.awaitingSecond : MESSAGES.updated;
      return { success: true, message, data };
    },
  );

  defineRoute(
    app,
    routes.withdrawalUpdateBulk,
    { tags, summary: 'Approve or reject many withdrawals; answers which were updated and which failed' },
    async ({ body, admin, audit }) => {
      const { updated, failed, awaiting } = await service.updateBulk(body, admin.id, audit);
      return {
        success: failed.length === 0,
        message: failed.length === 0 ? MESSAGES.bulkUpdated : MESSAGES.bulkSomeFailed,
        data: updated,
        updated: updated.map((w) => w.id),
        failed,
        awaitingSecondApproval: awaiting,
      };
    },
  );
}
