import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route.ts';
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

  defineRoute(app, routes.transactionDetails, { tags, summary: 'One deposit' }, async ({ params }) => ({
    success: true,
    message: 'Transaction retrieved successfully',
    data: await service.details(params.id),
  }));
}
