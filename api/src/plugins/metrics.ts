import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { API_PREFIX } from '@backoffice/shared/contract';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { countRedisErrors, timeChainRpc } from '../lib/metrics/channels.ts';
import { countClientErrors } from '../lib/metrics/client-errors.ts';
import { instrumentPool, poolOf } from '../lib/metrics/db-pool.ts';
import { instrumentRequests } from '../lib/metrics/http.ts';
import { payoutGauges } from '../lib/metrics/payouts.ts';
import { releaseGauges } from '../lib/metrics/releases.ts';
import { globalPlugin } from './plugin.ts';

/** The API's own route for Prometheus, behind METRICS_TOKEN. */
export const METRICS_ROUTE = `${API_PREFIX}/metrics`;
/** The path on METRICS_PORT (the exporters' usual one). */
export const METRICS_PORT_PATH = '/metrics';
export const METRICS_TOKEN_REFUSED = 'Metrics need Authorization: Bearer <METRICS_TOKEN>';

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics (docs/operations.md), never public: on GET /api/metrics only with `Authorization: Bearer
 * <METRICS_TOKEN>` (no token set: the route does not exist, 404), and/or on a port of their own
 * (METRICS_PORT, opened when the API listens; not published by the deployment). Neither set: nothing is
 * measured at all. Request rate and latency per route and status, the database pool, Redis errors, the
 * payout queue (read from the database at scrape time), chain RPC latency, exports in progress, the
 * console's reported failures, and Node's process metrics.
 */
export const metricsPlugin = globalPlugin('metrics', async (app) => {
  const { token, port } = app.config.metrics;
  if (!token && !port) return;

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  instrumentRequests(app, registry, (route) => route === METRICS_ROUTE);
  countClientErrors(app, registry);
  const refreshPayouts = payoutGauges(app.db, registry, app.config.db.healthTimeoutMs);
  const refreshReleases = releaseGauges(app.db, registry, app.config.db.healthTimeoutMs);
  const refreshFromDb = () => Promise.all([refreshPayouts(), refreshReleases()]);
  const pool = poolOf(app.db);
  const cleanups = [
    pool ? instrumentPool(pool, registry) : () => {},
    countRedisErrors(registry),
    timeChainRpc(registry, process.env.CHAIN_RPC_URL),
  ];
  const scrape = async () => {
    await refreshFromDb();
    return registry.metrics();
  };

  if (token)
    app.get(METRICS_ROUTE, { schema: { hide: true } }, async (request, reply) => {
      // Answered here, not thrown: this plugin comes before the errors plugin (its hooks must see every
      // route), so its route does not have the API's error handler.
      if (!bearerMatches(request.headers.authorization, token))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ success: false, message: METRICS_TOKEN_REFUSED });
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await scrape());
    });

  let server: Server | undefined;
  if (port) {
    app.addHook('onListen', async () => {
      server = createServer((request, response) => {
        const path = request.url?.split('?')[0];
        if (request.method !== 'GET' || path !== METRICS_PORT_PATH) {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
          return;
        }
        scrape().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (err: Error) => {
            app.log.error({ err }, 'metrics scrape failed');
            response.writeHead(500, { 'content-type': 'text/plain' }).end('Scrape failed\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, app.config.host, () => resolve());
      });
      app.log.info(`metrics on http://${app.config.host}:${port}${METRICS_PORT_PATH}`);
    });
  }

  app.addHook('onClose', async () => {
    for (const cleanup of cleanups) cleanup();
    if (server) await new Promise((resolve) => server!.close(resolve));
  });
});
