import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineCsvRoute, defineRoute } from '../../plugins/route.ts';
import { transactionsExport } from './export.ts';
import { TransactionsService } from './service.ts';

const tags = ['transactions'];

export async function transactionsRoutes(app: FastifyInstance): Promise<void> {
  const service = new TransactionsService(app.db);

  defineRoute(
    app,
    routes.transactionsList,
    {
      tags,
      summary:
        'Deposits, filtered (id, username prefix, status, pay_address prefix, date range), sorted and paged',
    },
    async ({ query }) => ({
      success: true,
      message: 'Transactions retrieved successfully',
      data: await service.list(query),
    }),
  );

  defineCsvRoute(
    app,
    routes.transactionsExport,
    { tags, summary: "CSV of every deposit the list's filters and sort give (no paging), streamed" },
    async ({ query }) => transactionsExport(query),
  );

  defineRoute(app, routes.transactionDetails, { tags, summary: 'One deposit' }, async ({ params }) => ({
    success: true,
    message: 'Transaction retrieved successfully',
    data: await service.details(params.id),
  }));
}
