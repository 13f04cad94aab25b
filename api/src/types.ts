import type {
  GovernanceRole,
  JwtPayload,
  Permission,
  RouteAuth,
  TokenScope,
} from '@backoffice/shared/contract';
import type { Config } from './config.ts';
import type { DbHandle } from './db/types.ts';
import type { Operator } from './modules/releases/operators.ts';
import type { SessionCache } from './plugins/session-cache.ts';

/** The admin behind the current request (set by the auth plugin). */
export interface RequestAdmin {
  id: number;
  email: string;
  name: string;
  /** The roles the admin holds now (read with the session row). */
  roles: readonly GovernanceRole[];
  twoFactorEnabled: boolean;
  /** This session (token). */
  jti: string;
  /**
   * The sign-in this session belongs to: the same for every renewal of it (session/renew), another for
   * each sign-in (the jti of the session the sign-in opened).
   */
  signIn: string;
  /** When that sign-in was (ms since epoch): its sessions end SESSION_MAX_HOURS after it at the latest. */
  signedInAt: number;
  scope: TokenScope;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DbHandle;
    /** Clock (ms) used for TOTP verification and rate limiting; tests may move it. */
    clock: () => number;
    /** Recently checked sessions (plugins/session-cache.ts). */
    sessions: SessionCache;
  }
  interface FastifyRequest {
    admin: RequestAdmin | null;
    /** Authenticated by an ops token (a route whose auth is 'ops'): an operator's own, or the bootstrap one. */
    operator: Operator | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; absent = public. */
    auth?: RouteAuth;
    /** What the admin's roles must grant (route catalogue); routes other than 'none' always name one. */
    permission?: Permission;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: JwtPayload;
    user: JwtPayload;
  }
}
