import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineCsvRoute, defineRoute } from '../../plugins/route.ts';
import { lotteryExport, lotteryTicketsExport } from './export.ts';
import { LotteryService } from './service.ts';

const tags = ['lottery'];

/**
 * Every /admin/lottery call of the route catalogue (shared/src/contract/routes.ts). Status follows the app
 * clock (fastify.clock).
 */
export async function lotteryRoutes(app: FastifyInstance): Promise<void> {
  const service = new LotteryService(app.db, () => app.clock());

  defineRoute(app, routes.lotteryCreate, { tags, summary: 'Create a lottery' }, async ({ body, audit }) => ({
    success: true,
    message: 'Lottery created successfully!',
    data: await service.create(body, audit),
  }));

  defineRoute(
    app,
    routes.lotteryList,
    { tags, summary: "Lotteries by status by the clock ('opened' = 'open'), paged" },
    async ({ query }) => ({
      success: true,
      message: 'Lotteries retrieved successfully',
      data: await service.list(query),
    }),
  );

  defineCsvRoute(
    app,
    routes.lotteryExport,
    { tags, summary: "CSV of every lottery the list's status filter gives, in the list's order, streamed" },
    async ({ query }) => lotteryExport(query, new Date(app.clock())),
  );

  defineCsvRoute(
    app,
    routes.lotteryTicketsExport,
    { tags, summary: "CSV of every ticket the list's filters give, newest first, streamed" },
    async ({ query }) => lotteryTicketsExport(query, new Date(app.clock())),
  );

  defineRoute(
    app,
    routes.lotteryDetails,
    { tags, summary: 'One lottery with its prize distribution' },
    async ({ params }) => ({
      success: true,
      message: 'Lottery retrieved successfully',
      data: await service.get(params.id),
    }),
  );

  defineRoute(
    app,
    routes.lotteryTickets,
    { tags, summary: 'Ticket history (lottery_id, status), newest first, paged' },
    async ({ query }) => ({
      success: true,
      message: 'Tickets retrieved successfully',
      data: await service.tickets(query),
    }),
  );

  defineRoute(
    app,
    routes.lotteryUpdate,
    { tags, summary: 'New start, end and result delay (1-5 h) of an upcoming or open lottery' },
    async ({ params, body, audit }) => ({
      success: true,
      message: 'Lottery updated successfully',
      data: await service.update(params.id, body, audit),
    }),
  );

  defineRoute(
    app,
    routes.lotteryDelete,
    { tags, summary: 'Delete an upcoming lottery (soft delete)' },
    async ({ params, audit }) => {
      await service.remove(params.id, audit);
      return { success: true, message: 'Lottery deleted successfully' };
    },
  );

  defineRoute(
    app,
    routes.lotteryWinners,
    {
      tags,
      summary: 'Published winners (completed) or the latest draw (closed; none before a draw). Read only',
    },
    async ({ query }) => ({
      success: true,
      message: 'Winners retrieved successfully',
      data: await service.winners(query.lottery_id),
    }),
  );

  defineRoute(
    app,
    routes.lotteryDraw,
    { tags, summary: 'Draw random winners of a closed lottery (recorded with its seed, audited)' },
    async ({ params, admin, audit }) => ({
      success: true,
      message: 'Winners drawn successfully',
      data: await service.draw(params.id, admin.id, audit),
    }),
  );

  defineRoute(
    app,
    routes.lotteryTicketLookup,
    { tags, summary: 'An active, not yet winning ticket by number (optionally of one lottery)' },
    async ({ params, query }) => ({
      success: true,
      message: 'Ticket retrieved successfully',
      data: await service.lookup(params.ticketNumber, query.lottery_id),
    }),
  );

  defineRoute(
    app,
    routes.lotteryPublish,
    { tags, summary: 'Publish the result of a closed lottery and credit the winners (once)' },
    async ({ body, admin, audit }) => ({
      success: true,
      message: 'Results published successfully!',
      data: await service.publish(body, admin.id, audit),
    }),
  );
  defineRoute(
    app,
    routes.lotteryCompleteWithoutWinners,
    { tags, summary: 'Complete a closed lottery that has no active tickets, with no winners' },
    async ({ params, audit }) => ({
      success: true,
      message: 'Lottery completed without winners',
      data: await service.completeWithoutWinners(params.id, audit),
    }),
  );
}
