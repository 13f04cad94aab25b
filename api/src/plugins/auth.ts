import { jwtPayloadSchema } from '@backoffice/shared/contract';
import jwt from '@fastify/jwt';
import { HttpError } from '../lib/http-error.ts';
import { findActiveSession } from '../modules/auth/repository.ts';
import type { RequestAdmin } from '../types.ts';
import { globalPlugin } from './plugin.ts';
import { SessionCache } from './session-cache.ts';

export const INVALID_TOKEN = 'Invalid or expired token';
const invalidToken = () => new HttpError(401, INVALID_TOKEN);

/**
 * Bearer JWT (HS256 only: `alg: none` and other algorithms are refused) backed by a server-side
 * session row, so logout stops a token at once and a blocked or deleted admin within SESSION_CACHE_MS
 * (a checked token is trusted that long, see SessionCache).
 * Routes declare `config.auth`: 'session' (full session) or 'setup' (the 2fa-setup token or a session).
 */
export const authPlugin = globalPlugin('auth', async (app) => {
  await app.register(jwt, {
    secret: app.config.jwtSecret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'jti', 'sub'] },
  });
  app.decorateRequest('admin', null);
  app.decorate('sessions', new SessionCache(app.config.sessionCacheMs, () => app.clock()));

  /** The admin behind a token not checked lately: its signature and claims, then its session row. */
  async function checkToken(token: string): Promise<RequestAdmin> {
    let payload: ReturnType<typeof jwtPayloadSchema.parse>;
    try {
      payload = jwtPayloadSchema.parse(app.jwt.verify(token));
    } catch {
      throw invalidToken();
    }
    const session = await findActiveSession(app.db, payload.jti);
    if (!session || String(session.id) !== payload.sub || session.scope !== payload.scope)
      throw invalidToken();
    // Frozen: the cached object is shared by every call made with this token.
    const admin: RequestAdmin = Object.freeze({
      id: session.id,
      email: session.email,
      name: session.name,
      role: session.role,
      twoFactorEnabled: session.two_factor_enabled,
      jti: payload.jti,
      scope: session.scope,
    });
    // exp is a required claim (checked by verify).
    app.sessions.set(token, admin, (payload.exp ?? 0) * 1000);
    return admin;
  }

  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config?.auth;
    if (!auth || auth === 'none') return;
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    if (!token) throw invalidToken();
    const admin = app.sessions.get(token) ?? (await checkToken(token));
    if (auth === 'session' && admin.scope !== 'session') throw invalidToken();
    request.admin = admin;
  });
});
