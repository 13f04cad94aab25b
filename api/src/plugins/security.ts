import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { globalPlugin } from './plugin.ts';

/** Security headers, CORS limited to CORS_ORIGINS (with credentials), cookies. */
export const securityPlugin = globalPlugin('security', async (app) => {
  await app.register(helmet, {
    // A JSON API: no inline content is ever served, so the strictest policy is fine.
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const allowed = new Set(app.config.corsOrigins);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Accept', 'X-XSRF-TOKEN'],
    maxAge: 600,
  });
  await app.register(cookie);
});
