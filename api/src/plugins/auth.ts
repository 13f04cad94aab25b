import { timingSafeEqual } from 'node:crypto';
import { ADMIN_MESSAGES, jwtPayloadSchema, rolesGrant, type TokenScope } from '@backoffice/shared/contract';
import jwt from '@fastify/jwt';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { findActiveSession } from '../modules/auth/repository.ts';
import { findOperatorToken, GATE_ADMIN, gateSessionLive, type Operator } from '../modules/releases/index.ts';
import type { RequestAdmin } from '../types.ts';
import { globalPlugin } from './plugin.ts';
import { type Revocations, SessionCache } from './session-cache.ts';

export const INVALID_TOKEN = 'Invalid or expired token';
const invalidToken = () => new HttpError(401, INVALID_TOKEN);

/** The token scopes each kind of route accepts (a 'none' route reads no token). */
const SCOPES_ACCEPTED: Record<'session' | 'setup' | 'password' | 'ops', readonly TokenScope[]> = {
  // The release gate's own session reads what a session reads (GET only, below).
  session: ['session', 'gate'],
  ops: ['session'],
  setup: ['session', '2fa-setup'],
  password: ['session', 'password-change'],
};

/**
 * Bearer JWT (HS256 only: `alg: none` and other algorithms are refused) backed by a server-side
 * session row, so logout stops a token at once, on every replica, and a blocked or deleted admin
 * within SESSION_CACHE_MS (a checked token is trusted that long, see SessionCache); at once when the
 * API itself blocks the admin or changes its roles (SessionCache.changed).
 * Routes declare `config.auth`: 'session' (full session), 'setup' (the 2fa-setup token or a session)
 * or 'password' (the password-change token or a session), and `config.permission`, which the
 * admin's roles as the session row gives them (so current ones) must grant: else 403.
 */
export const authPlugin = globalPlugin('auth', async (app) => {
  await app.register(jwt, {
    secret: app.config.jwtSecret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'jti', 'sub'] },
  });
  app.decorateRequest('admin', null);
  app.decorateRequest('operator', null);
  app.decorate('sessions', sessionCache(app));

  /** The admin behind a token not checked lately: its signature and claims, then its session row. */
  async function checkToken(token: string, mark: string | null): Promise<RequestAdmin> {
    let payload: ReturnType<typeof jwtPayloadSchema.parse>;
    try {
      payload = jwtPayloadSchema.parse(app.jwt.verify(token));
    } catch {
      throw invalidToken();
    }
    if (payload.scope === 'gate') {
      if (!(await gateSessionLive(app.db, payload.jti))) throw invalidToken();
      // Its own sign-in: the session is the gate's, started when the token was signed.
      const gate: RequestAdmin = Object.freeze({
        ...GATE_ADMIN,
        jti: payload.jti,
        signIn: payload.jti,
        signedInAt: (payload.iat ?? 0) * 1000,
      });
      app.sessions.set(token, gate, (payload.exp ?? 0) * 1000, mark);
      return gate;
    }
    const session = await findActiveSession(app.db, payload.jti);
    if (!session || String(session.id) !== payload.sub || session.scope !== payload.scope)
      throw invalidToken();
    // Frozen: the cached object is shared by every call made with this token.
    const admin: RequestAdmin = Object.freeze({
      id: session.id,
      email: session.email,
      name: session.name,
      roles: Object.freeze([...session.roles]),
      twoFactorEnabled: session.two_factor_enabled,
      jti: payload.jti,
      signIn: session.sign_in,
      signedInAt: Date.parse(session.signed_in_at),
      scope: session.scope,
    });
    // exp is a required claim (checked by verify).
    app.sessions.set(token, admin, (payload.exp ?? 0) * 1000, mark);
    return admin;
  }

  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config?.auth;
    if (!auth || auth === 'none') return;
    // The release CLI's tokens (docs/operations.md#operator-tokens): an operator's own, or the bootstrap
    // one; they grant the release routes, and nothing else.
    const opsToken = request.headers[OPS_TOKEN_HEADER];
    if (auth === 'ops' && opsToken !== undefined) {
      const operator: Operator | null = sameSecret(opsToken, app.config.releases.opsToken)
        ? { kind: 'bootstrap' }
        : typeof opsToken === 'string'
          ? await findOperatorToken(app.db, opsToken)
          : null;
      if (!operator) throw invalidToken();
      request.operator = operator;
      return;
    }
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    if (!token) throw invalidToken();
    const cached = await app.sessions.lookup(token);
    if ('ended' in cached) throw invalidToken();
    const admin = 'admin' in cached ? cached.admin : await checkToken(token, cached.mark);
    if (!SCOPES_ACCEPTED[auth].includes(admin.scope)) throw invalidToken();
    const permission = request.routeOptions.config.permission;
    if (admin.scope === 'gate' && request.method !== 'GET')
      throw new HttpError(403, ADMIN_MESSAGES.insufficientPermissions);
    if (!permission || !rolesGrant(admin.roles, permission))
      throw new HttpError(403, ADMIN_MESSAGES.insufficientPermissions);
    request.admin = admin;
  });
});

export const OPS_TOKEN_HEADER = 'x-ops-token';

function sameSecret(given: string | string[], expected: string | null): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * How a logout on one replica reaches the others "at once" (the very next call to any replica is
 * refused, no timing window), by the shared store in use:
 * - Redis: each replica keeps its short cache of checked tokens, and a cached token is served only
 *   after a GET of its revocation key (~0.1 ms); `revoke` writes that key before the logout answers,
 *   and `changed` (roles, block, 2FA reset) writes a new change mark there: the token is checked again.
 * - PostgreSQL (no Redis): no per-process cache. A revocation check would be a query anyway, so every
 *   call checks the session row itself (the row is the revocation record).
 * - Memory (embedded PGlite): one process, so forgetting the token locally is enough.
 */
function sessionCache(app: FastifyInstance): SessionCache {
  const { store, config } = app;
  const now = () => app.clock();
  if (store.kind === 'postgres') return new SessionCache(0, now);
  if (store.kind === 'memory') return new SessionCache(config.sessionCacheMs, now);
  // A revocation must outlive every token of the session (setup tokens live setupTtlSeconds).
  const ttlMs = Math.max(config.sessionTtlSeconds, config.setupTtlSeconds) * 1000;
  const revocations: Revocations = {
    put: (jti, record) => store.set(`session:revoked:${jti}`, record, ttlMs),
    get: (jti) => store.get(`session:revoked:${jti}`),
  };
  return new SessionCache(config.sessionCacheMs, now, 10_000, revocations);
}
