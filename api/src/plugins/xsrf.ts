import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isAdminRequest } from '../lib/admin-path.ts';
import { HttpError } from '../lib/http-error.ts';
import { OPS_TOKEN_HEADER } from './auth.ts';
import { globalPlugin } from './plugin.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Double-submit XSRF protection. Any response to a request without the cookie sets a readable
 * `XSRF-TOKEN` cookie (SameSite=Lax, path /); state-changing calls under /api/admin must echo it
 * in `X-XSRF-TOKEN`, else 403 'Invalid or missing XSRF token'.
 */
export const xsrfPlugin = globalPlugin('xsrf', async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    // Decided by the matched route, not the raw URL: `/api/%61dmin/...` reaches the same handler.
    if (!UNSAFE.has(request.method) || !request.routeOptions.url) return; // unknown route: 404
    if (!isAdminRequest(request)) return;
    // The release CLI's ops token is no browser credential: a page cannot make a browser send it.
    if (request.headers[OPS_TOKEN_HEADER] !== undefined && request.routeOptions.config?.auth === 'ops')
      return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      throw new HttpError(403, 'Invalid or missing XSRF token');
    }
  });
});
