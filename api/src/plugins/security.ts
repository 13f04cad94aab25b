import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import { globalPlugin } from './plugin.ts';

/**
 * The security headers of every answer, fixed once: the API only ever serves JSON, so nothing may be
 * framed, loaded or run from it. (The same set helmet sends, without its per-request work.)
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Security headers, CORS limited to CORS_ORIGINS (with credentials), cookies. */
export const securityPlugin = globalPlugin('security', async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    // Every answer, errors included, names its request: the console shows it, support finds the log line.
    reply.header('x-request-id', request.id);
    done();
  });
  const allowed = new Set(app.config.corsOrigins);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // X-Total-Hint: an export's row count the console knows (lib/csv/export.ts streams without counting).
    allowedHeaders: ['Content-Type', 'Authorization', 'Accept', 'X-XSRF-TOKEN', 'X-Total-Hint'],
    // A console on another origin reads an export's file name and row count (its progress).
    // And the request id of any answer, which it shows in error messages ('reference ...').
    exposedHeaders: ['Content-Disposition', 'X-Total-Count', 'X-Request-Id'],
    maxAge: 600,
  });
  await app.register(cookie);
});
