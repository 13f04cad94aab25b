import { routes } from '@backoffice/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../plugins/route.ts';
import type { FieldReports } from './field.ts';
import { actorOf } from './operators.ts';
import { consoleRegistry, releasesOverview } from './overview.ts';
import type { ReleaseService } from './service.ts';
import { releaseFiles, verifyRelease } from './tampering.ts';

const tags = ['releases'];

/**
 * A gate may run the smoke load in Chromium: on a busy machine minutes with nothing written back, longer
 * than the idle-socket bound (CONNECTION_TIMEOUT_MS) that would otherwise cut the operator's call.
 */
const GATE_SOCKET_TIMEOUT_MS = 15 * 60_000;
const waitForTheGate = (request: FastifyRequest) =>
  // (An injected request in tests has a socket without timers.)
  request.raw.socket?.setTimeout?.(GATE_SOCKET_TIMEOUT_MS);

/**
 * Console delivery (docs/operations.md#releases): the registry the console loads, the files its server
 * checks, releases, and reports from the field.
 */
export async function releaseRoutes(
  app: FastifyInstance,
  opts: { service: ReleaseService; field: FieldReports },
): Promise<void> {
  const { service, field } = opts;

  defineRoute(
    app,
    routes.consoleRegistry,
    { tags, summary: 'What the console loads: the live version of the shell and of each area (ETag)' },
    async ({ request, reply }) => {
      const registry = await consoleRegistry(service);
      const etag = `"${registry.revision}"`;
      // Every read revalidates; an unchanged registry costs a 304.
      reply.header('ETag', etag).header('Cache-Control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send() as never;
      return { success: true, message: 'Registry retrieved successfully', data: registry };
    },
  );

  defineRoute(
    app,
    routes.consoleReleaseFiles,
    { tags, summary: 'Every file of a published version with the SHA-256 recorded at publish' },
    async ({ params }) => ({
      success: true,
      message: 'Release files retrieved successfully',
      data: await releaseFiles(service, params.area, params.version),
    }),
  );

  defineRoute(
    app,
    routes.consoleReport,
    { tags, summary: 'An area loaded or failed in the console (may roll a fresh version back)' },
    async ({ body, admin, audit }) => {
      const rolledBack = await field.report(
        body,
        { adminId: admin.id, jti: admin.jti, roles: admin.roles },
        audit,
      );
      return { success: true, message: 'Report received', data: { rolledBack } };
    },
  );

  defineRoute(
    app,
    routes.releasesList,
    {
      tags,
      summary: 'Every part of the console: live, previous and cohort versions, gate, history, failures',
    },
    async () => ({
      success: true,
      message: 'Releases retrieved successfully',
      data: await releasesOverview(service),
    }),
  );

  defineRoute(
    app,
    routes.releasesPublish,
    { tags, summary: 'Register a version copied into the releases folder (and with live: make it live)' },
    async ({ body, request, audit }) => {
      waitForTheGate(request);
      const change = await service.publish(body, actorOf(request, body.actor), audit);
      return { success: true, message: body.dryRun ? 'Gate checked' : 'Release published', data: change };
    },
  );

  defineRoute(
    app,
    routes.releasesSetLive,
    {
      tags,
      summary:
        'Deploy, roll back (to the previous version when none is named), promote, or go live for a cohort',
    },
    async ({ params, body, request, audit }) => {
      waitForTheGate(request);
      const change = await service.setLive(params.area, body, actorOf(request, body.actor), audit);
      return { success: true, message: body.dryRun ? 'Gate checked' : 'Live version updated', data: change };
    },
  );

  defineRoute(
    app,
    routes.releasesVerify,
    { tags, summary: "Check a version's files against their record (a console server met a changed one)" },
    async ({ params, audit }) => ({
      success: true,
      message: 'Release files checked',
      data: await verifyRelease(service, params.area, params.version, audit),
    }),
  );

  defineRoute(
    app,
    routes.releasesPrune,
    { tags, summary: 'Forget a published version (never the live, previous or cohort one)' },
    async ({ params, body, request, audit }) => {
      const change = await service.prune(params.area, params.version, actorOf(request, body?.actor), audit);
      return { success: true, message: 'Release pruned', data: change };
    },
  );
}
