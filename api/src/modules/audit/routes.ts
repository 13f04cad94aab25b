import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { defineCsvRoute, defineRoute } from '../../plugins/route.ts';
import { auditExport } from './export.ts';
import * as repo from './repository.ts';
import { parseRetentionDays, RETENTION_ENV, startAuditRetention } from './retention.ts';
import { listSignInFailures } from './sign-in-failures.ts';

const tags = ['audit'];

/**
 * The audit log, read-only (records are written by the services, see writer.ts), and its retention: a
 * listening API with AUDIT_RETENTION_DAYS set archives old rows periodically (retention.ts).
 */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const days = parseRetentionDays(process.env[RETENTION_ENV]);
  if (days !== null) {
    // onListen: only a serving API runs it (not the tests' or the release CLI's in-process app).
    let job: ReturnType<typeof startAuditRetention> | undefined;
    app.addHook('onListen', async () => {
      job = startAuditRetention({ db: app.db, store: app.store, days, clock: app.clock, log: app.log });
    });
    app.addHook('onClose', async () => job?.stop());
  }

  defineRoute(
    app,
    routes.auditList,
    {
      tags,
      summary:
        'Audit records: filter by admin (id or e-mail), action, target (type and id: its history), time range; paged by time',
    },
    async ({ query }) => {
      const { rows, total } = await repo.listAudit(app.db, query);
      return {
        success: true,
        message: 'Audit records retrieved successfully',
        data: {
          data: rows,
          total,
          totalPages: Math.ceil(total / query.per_page),
          page: query.page,
          perPage: query.per_page,
        },
      };
    },
  );

  defineCsvRoute(
    app,
    routes.auditExport,
    { tags, summary: "CSV of every audit record the log's filters give (no paging), by time, streamed" },
    async ({ query }) => auditExport(query),
  );

  defineRoute(
    app,
    routes.auditSignInFailures,
    {
      tags,
      summary:
        'Failed sign-ins, aggregated per account (or per IP for unknown e-mails), hour and reason, with the attempts; by the last attempt',
    },
    async ({ query }) => {
      const { rows, total } = await listSignInFailures(app.db, query);
      return {
        success: true,
        message: 'Failed sign-ins retrieved successfully',
        data: {
          data: rows,
          total,
          totalPages: Math.ceil(total / query.per_page),
          page: query.page,
          perPage: query.per_page,
        },
      };
    },
  );

  defineRoute(app, routes.auditDetails, { tags, summary: 'One audit record' }, async ({ params }) => {
    const record = params.id <= Number.MAX_SAFE_INTEGER ? await repo.findAudit(app.db, params.id) : undefined;
    if (!record) throw new HttpError(404, 'Audit record not found');
    return { success: true, message: 'Audit record retrieved successfully', data: record };
  });
}
