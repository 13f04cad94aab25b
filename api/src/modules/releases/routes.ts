import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../plugins/route.ts';
import type { ReleaseActor, ReleaseService } from './service.ts';

const tags = ['releases'];

/**
 * Who is changing what is live: the signed-in admin, or, with the ops token (the CLI), the operator it
 * names (--as, else its OS user and host), linked to the admin of that e-mail when there is one.
 */
async function actorOf(
  app: FastifyInstance,
  request: FastifyRequest,
  claimed?: string,
): Promise<ReleaseActor> {
  if (request.admin) return { id: request.admin.id, email: request.admin.email, via: 'console' };
  const email = claimed ?? 'ops token';
  const [admin] = await app.db.query<{ id: number }>('SELECT id FROM admins WHERE lower(email) = lower($1)', [
    email,
  ]);
  return { id: admin?.id ?? null, email, via: 'cli' };
}

/**
 * Console delivery (docs/operations.md#releases): the registry the console loads, releases, and reports from
 * the field.
 */
export async function releaseRoutes(app: FastifyInstance, opts: { service: ReleaseService }): Promise<void> {
  const { service } = opts;

  defineRoute(
    app,
    routes.consoleRegistry,
    { tags, summary: 'What the console loads: the live version of the shell and of each area (ETag)' },
    async ({ request, reply }) => {
      const registry = await service.registry();
      const etag = `"${registry.revision}"`;
      // Every read revalidates; an unchanged registry costs a 304.
      reply.header('ETag', etag).header('Cache-Control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send() as never;
      return { success: true, message: 'Registry retrieved successfully', data: registry };
    },
  );

  defineRoute(
    app,
    routes.consoleReport,
    { tags, summary: 'An area loaded or failed in the console (may roll a fresh version back)' },
    async ({ body, admin, audit }) => {
      const rolledBack = await service.report(body, { jti: admin.jti, adminId: admin.id }, audit);
      return { success: true, message: 'Report received', data: { rolledBack } };
    },
  );

  defineRoute(
    app,
    routes.releasesList,
    { tags, summary: 'Every part of the console: live and previous versions, gate, history, failures' },
    async () => ({ success: true, message: 'Releases retrieved successfully', data: await service.list() }),
  );

  defineRoute(
    app,
    routes.releasesPublish,
    { tags, summary: 'Register a version copied into the releases folder (and with live: make it live)' },
    async ({ body, request, audit }) => {
      const change = await service.publish(body, await actorOf(app, request, body.actor), audit);
      return { success: true, message: body.dryRun ? 'Gate checked' : 'Release published', data: change };
    },
  );

  defineRoute(
    app,
    routes.releasesSetLive,
    { tags, summary: 'Deploy, roll back (to the previous version when none is named) or promote' },
    async ({ params, body, request, audit }) => {
      const change = await service.setLive(params.area, body, await actorOf(app, request, body.actor), audit);
      return { success: true, message: body.dryRun ? 'Gate checked' : 'Live version updated', data: change };
    },
  );

  defineRoute(
    app,
    routes.releasesPrune,
    { tags, summary: 'Forget a published version (never the live or the previous one)' },
    async ({ params, body, request, audit }) => {
      const change = await service.prune(
        params.area,
        params.version,
        await actorOf(app, request, body?.actor),
        audit,
      );
      return { success: true, message: 'Release pruned', data: change };
    },
  );
}
