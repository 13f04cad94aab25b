import { API_PREFIX, type FieldReportBody, routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import { Counter, type Registry } from 'prom-client';

const REPORT_ROUTE = API_PREFIX + routes.consoleReport.path;

/**
 * Versions labelled one by one, per area; any further one counts as 'other'. Any signed-in admin may
 * report, and any well-formed version is accepted: every series costs memory here and in Prometheus.
 */
export const MAX_VERSIONS_PER_AREA = 20;
export const OTHER_VERSION = 'other';

/**
 * Failures the console's error boundaries report (POST /admin/console/reports, kind 'failure': what the
 * release auto-rollback counts), per area and version. Counted once the report was accepted, so a refused
 * body (400) or a rate-limited one adds nothing; area and version are the contract's checked values.
 */
export function countClientErrors(app: FastifyInstance, registry: Registry): void {
  const failures = new Counter({
    name: 'backoffice_client_errors_total',
    help: 'Failures reported by the console, per area and version of that area',
    labelNames: ['area', 'version'] as const,
    registers: [registry],
  });
  const seen = new Map<string, Set<string>>();
  const versionLabel = (area: string, version: string) => {
    const versions = seen.get(area) ?? new Set<string>();
    seen.set(area, versions);
    if (!versions.has(version) && versions.size >= MAX_VERSIONS_PER_AREA) return OTHER_VERSION;
    versions.add(version);
    return version;
  };
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url !== REPORT_ROUTE || request.method !== 'POST' || reply.statusCode !== 200)
      return;
    const body = request.body as FieldReportBody | undefined;
    if (body?.kind === 'failure')
      failures.inc({ area: body.area, version: versionLabel(body.area, body.version) });
  });
}
