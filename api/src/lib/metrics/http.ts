import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** Route label of a request no route matched: never the raw URL (unbounded, and it may carry ids). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Request rate and latency per route pattern (`/api/admin/withdrawals/:id`), method and status, the
 * CSV exports being streamed and the live event streams open. `skip` leaves out the metrics route itself (a scrape every 15 s).
 */
export function instrumentRequests(
  app: FastifyInstance,
  registry: Registry,
  skip: (route: string | undefined) => boolean,
): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'backoffice_http_requests_total',
    help: 'HTTP requests answered, per route pattern, method and status code',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'backoffice_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, per route pattern, method and status code',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const exporting = new Gauge({
    name: 'backoffice_exports_in_progress',
    help: 'CSV exports being streamed right now (each holds a database connection or cursor)',
    registers: [registry],
  });

  const liveStreams = new Gauge({
    name: 'backoffice_live_streams_open',
    help: "Consoles' live event streams open on this replica (GET /api/admin/events)",
    registers: [registry],
  });
  // An event stream lasts as long as the console stays open: counted while open, and left out of the
  // latency histogram (its hours would drown the routes' real latencies).
  const eventStreams = new WeakSet<FastifyRequest>();

  // A streamed export is counted from its first byte until its socket (or injected response) closes.
  const streaming = new WeakSet<FastifyRequest>();
  const exportEnded = (request: FastifyRequest) => {
    if (streaming.delete(request)) exporting.dec();
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (reply.statusCode === 200 && typeof type === 'string' && type.startsWith('text/csv')) {
      streaming.add(request);
      exporting.inc();
      reply.raw.once('close', () => exportEnded(request));
    }
    if (reply.statusCode === 200 && typeof type === 'string' && type.startsWith('text/event-stream')) {
      eventStreams.add(request);
      liveStreams.inc();
      reply.raw.once('close', () => liveStreams.dec());
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    exportEnded(request);
    const route = request.routeOptions.url;
    if (skip(route)) return;
    const labels = {
      method: request.method,
      route: route ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    if (!eventStreams.has(request)) duration.observe(labels, reply.elapsedTime / 1000);
  });
}
