import { trace } from '@opentelemetry/api';
import { globalPlugin } from '../../plugins/plugin.ts';

/**
 * Names the HTTP server span of a request after its route pattern (`GET /api/admin/user/:id`, attribute
 * http.route) instead of the bare method, so traces group by route. Only the HTTP layer is instrumented
 * (src/tracing.ts), which does not know Fastify's routes. With tracing off there is no active span and
 * this does nothing.
 */
export const traceRoutePlugin = globalPlugin('trace-route', async (app) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const span = route ? trace.getActiveSpan() : undefined;
    if (span) {
      span.setAttribute('http.route', route!);
      span.updateName(`${request.method} ${route}`);
    }
    done();
  });
});
