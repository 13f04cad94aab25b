import type { z } from 'zod';
import * as auth from './auth.ts';
import * as dashboard from './dashboard.ts';
import { healthResponse, livezResponse, readyzResponse } from './envelope.ts';
import { liveRoutes } from './live.ts';
import * as lottery from './lottery.ts';
import * as mines from './mines.ts';
import type { Permission } from './permissions.ts';
import { auditRoutes } from './routes-audit.ts';
import { exportRoutes } from './routes-export.ts';
import { governanceRoutes } from './routes-governance.ts';
import { releaseRoutes } from './routes-releases.ts';
import * as support from './support.ts';
import * as transactions from './transactions.ts';
import * as users from './users.ts';
import * as withdrawals from './withdrawals.ts';

/** Every API path starts with this prefix (the console's API base ends with it). */
export const API_PREFIX = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * none = public; session = full session token; setup = the 2fa-setup token or a session token;
 * password = the password-change token (a one-time password's sign-in) or a session token;
 * ops = a session token, or the ops token of the release CLI (X-Ops-Token, docs/operations.md#releases).
 */
export type RouteAuth = 'none' | 'session' | 'setup' | 'password' | 'ops';

export interface RouteDef {
  method: HttpMethod;
  /** Path under the API base, Fastify style params (`/admin/mines/:id/status`). */
  path: string;
  auth: RouteAuth;
  /** What the caller's roles must grant (permissions.ts); the API answers 403 otherwise. */
  permission: Permission;
  /**
   * The audit action every state-changing call records (GET routes have none): a test walks the
   * catalogue and the route definition refuses a mutating route without one (or `unaudited`).
   */
  audit?: string;
  /**
   * Instead of `audit`, on a state-changing method whose calls change no audited state: why none is
   * recorded (docs/operations.md#limits-that-protect-the-console); test/audit.test.ts checks they write none.
   */
  unaudited?: string;
  /**
   * How many calls one admin may make in a window; past it the API answers 429 with Retry-After
   * (counted in the shared store, so every replica agrees). See `callLimitOf` for the default.
   */
  callLimit?: CallLimit;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * Largest JSON body accepted, in bytes, for a route whose valid bodies outgrow the API's small default
   * (16 KiB, api/src/app.ts): a bigger body is refused (413) before it is parsed.
   */
  bodyLimit?: number;
  /** Schema of the 200 answer. */
  response: z.ZodType;
}

/** `max` calls per admin per `windowSeconds` (a fixed window that opens at the first call). */
export interface CallLimit {
  max: number;
  windowSeconds: number;
}

/**
 * The limit of a state-changing route that any signed-in admin may call and that names none: far above
 * what a person does, low enough that one admin cannot flood what others rely on.
 */
export const SIGNED_IN_CALL_LIMIT: CallLimit = { max: 600, windowSeconds: 600 };

/** The per-admin limit of a route: its own, the signed-in default, or none. */
export function callLimitOf(def: RouteDef): CallLimit | undefined {
  if (def.callLimit) return def.callLimit;
  return def.permission === 'signed-in' && def.method !== 'GET' ? SIGNED_IN_CALL_LIMIT : undefined;
}

/** Catalogue of every call: the API registers its routes from it, the OpenAPI document and tests iterate it. */
export const routes = {
  health: { method: 'GET', path: '/health', auth: 'none', permission: 'public', response: healthResponse },
  // Probes (docs/operations.md): liveness of the process, readiness of its dependencies (200 or 503, one
  // body).
  livez: { method: 'GET', path: '/livez', auth: 'none', permission: 'public', response: livezResponse },
  readyz: { method: 'GET', path: '/readyz', auth: 'none', permission: 'public', response: readyzResponse },

  login: {
    method: 'POST',
    path: '/admin/auth/login',
    auth: 'none',
    permission: 'public',
    audit: 'auth.sign-in',
    body: auth.loginBody,
    response: auth.loginResponse,
  },
  twoFactorSetup: {
    method: 'GET',
    path: '/admin/auth/2fa/setup',
    auth: 'setup',
    permission: 'signed-in',
    response: auth.twoFactorSetupResponse,
  },
  twoFactorReplaceSetup: {
    method: 'POST',
    path: '/admin/auth/2fa/setup',
    auth: 'setup',
    permission: 'signed-in',
    audit: 'auth.2fa-setup',
    callLimit: { max: 20, windowSeconds: 600 },
    body: auth.twoFactorReplaceSetupBody,
    response: auth.twoFactorSetupResponse,
  },
  twoFactorEnable: {
    method: 'POST',
    path: '/admin/auth/2fa/enable',
    auth: 'setup',
    permission: 'signed-in',
    audit: 'auth.2fa-enable',
    callLimit: { max: 20, windowSeconds: 600 },
    body: auth.twoFactorEnableBody,
    response: auth.twoFactorEnableResponse,
  },
  sessionRenew: {
    method: 'POST',
    path: '/admin/auth/session/renew',
    auth: 'session',
    permission: 'signed-in',
    unaudited:
      'a renewal continues a sign-in (bounded by SESSION_MAX_HOURS): its sign-in and sign-out are recorded',
    // The console renews once per session lifetime, from any of its tabs.
    callLimit: { max: 10, windowSeconds: 3600 },
    response: auth.sessionRenewResponse,
  },
  logout: {
    method: 'POST',
    path: '/admin/auth/logout',
    auth: 'session',
    permission: 'signed-in',
    audit: 'auth.sign-out',
    callLimit: { max: 60, windowSeconds: 600 },
    response: auth.logoutResponse,
  },

  dashboardStats: {
    method: 'GET',
    path: '/admin/dashboard/stats',
    auth: 'session',
    permission: 'signed-in',
    response: dashboard.dashboardStatsResponse,
  },
  dashboardRefresh: {
    method: 'POST',
    path: '/admin/dashboard/refresh',
    auth: 'session',
    permission: 'signed-in',
    unaudited: 'it reads the figures, which every write keeps current: nothing changes',
    // The Refresh button; the 5-minute timer and the live events read GET /admin/dashboard/stats.
    callLimit: { max: 30, windowSeconds: 60 },
    body: dashboard.dashboardRefreshBody,
    response: dashboard.dashboardRefreshResponse,
  },
  dashboardTrends: {
    method: 'GET',
    path: '/admin/dashboard/trends',
    auth: 'session',
    // Each series is left out unless the admin's roles may read its area (dashboard.ts, trendSeriesArea).
    permission: 'signed-in',
    query: dashboard.dashboardTrendsQuery,
    response: dashboard.dashboardTrendsResponse,
  },

  minesList: {
    method: 'GET',
    path: '/admin/mines',
    auth: 'session',
    permission: 'mines:read',
    query: mines.minesListQuery,
    response: mines.minesListResponse,
  },
  minesStats: {
    method: 'GET',
    path: '/admin/mines/stats',
    auth: 'session',
    permission: 'mines:read',
    response: mines.minesStatsResponse,
  },
  minesUpdateStatus: {
    method: 'PUT',
    path: '/admin/mines/:id/status',
    auth: 'session',
    permission: 'mines:write',
    audit: 'mines.update-status',
    params: mines.minesUpdateStatusParams,
    body: mines.minesUpdateStatusBody,
    response: mines.minesUpdateStatusResponse,
  },

  lotteryCreate: {
    method: 'POST',
    path: '/admin/lottery',
    auth: 'session',
    permission: 'lottery:write',
    audit: 'lottery.create',
    body: lottery.lotteryCreateBody,
    response: lottery.lotteryCreateResponse,
  },
  lotteryList: {
    method: 'GET',
    path: '/admin/lottery',
    auth: 'session',
    permission: 'lottery:read',
    query: lottery.lotteryListQuery,
    response: lottery.lotteryListResponse,
  },
  lotteryDetails: {
    method: 'GET',
    path: '/admin/lottery/details/:id',
    auth: 'session',
    permission: 'lottery:read',
    params: lottery.lotteryDetailsParams,
    response: lottery.lotteryDetailsResponse,
  },
  lotteryTickets: {
    method: 'GET',
    path: '/admin/lottery/tickets',
    auth: 'session',
    permission: 'lottery:read',
    query: lottery.lotteryTicketsQuery,
    response: lottery.lotteryTicketsResponse,
  },
  lotteryUpdate: {
    method: 'PATCH',
    path: '/admin/lottery/:id',
    auth: 'session',
    permission: 'lottery:write',
    audit: 'lottery.update',
    params: lottery.lotteryUpdateParams,
    body: lottery.lotteryUpdateBody,
    response: lottery.lotteryUpdateResponse,
  },
  lotteryDelete: {
    method: 'DELETE',
    path: '/admin/lottery/:id',
    auth: 'session',
    permission: 'lottery:write',
    audit: 'lottery.delete',
    params: lottery.lotteryDeleteParams,
    response: lottery.lotteryDeleteResponse,
  },
  lotteryWinners: {
    method: 'GET',
    path: '/admin/lottery/winners',
    auth: 'session',
    permission: 'lottery:read',
    query: lottery.lotteryWinnersQuery,
    response: lottery.lotteryWinnersResponse,
  },
  /** The spec's "generate random winners": a draw is a state change, so not the GET above. */
  lotteryDraw: {
    method: 'POST',
    path: '/admin/lottery/:id/draw',
    auth: 'session',
    permission: 'lottery:write',
    audit: 'lottery.draw',
    params: lottery.lotteryDrawParams,
    response: lottery.lotteryDrawResponse,
  },
  lotteryTicketLookup: {
    method: 'GET',
    path: '/admin/lottery/ticket/:ticketNumber',
    auth: 'session',
    permission: 'lottery:read',
    params: lottery.lotteryTicketLookupParams,
    query: lottery.lotteryTicketLookupQuery,
    response: lottery.lotteryTicketLookupResponse,
  },
  lotteryPublish: {
    method: 'POST',
    path: '/admin/lottery/publish',
    auth: 'session',
    permission: 'lottery:write',
    audit: 'lottery.publish',
    body: lottery.lotteryPublishBody,
    response: lottery.lotteryPublishResponse,
  },
  lotteryCompleteWithoutWinners: {
    method: 'POST',
    path: '/admin/lottery/:id/complete-without-winners',
    auth: 'session',
    permission: 'lottery:write',
    audit: 'lottery.complete-without-winners',
    params: lottery.lotteryDeleteParams,
    response: lottery.lotteryPublishResponse,
  },

  supportList: {
    method: 'GET',
    path: '/admin/support',
    auth: 'session',
    permission: 'support-users:read',
    query: support.supportListQuery,
    response: support.supportListResponse,
  },
  supportUpdate: {
    method: 'PUT',
    path: '/admin/support/:id',
    auth: 'session',
    permission: 'support-users:write',
    audit: 'support.update',
    params: support.supportUpdateParams,
    body: support.supportUpdateBody,
    response: support.supportUpdateResponse,
  },
  supportDelete: {
    method: 'DELETE',
    path: '/admin/support/:id',
    auth: 'session',
    permission: 'support-users:write',
    audit: 'support.delete',
    params: support.supportDeleteParams,
    response: support.supportDeleteResponse,
  },

  transactionsList: {
    method: 'GET',
    path: '/admin/transactions',
    auth: 'session',
    permission: 'finance:read',
    query: transactions.transactionsListQuery,
    response: transactions.transactionsListResponse,
  },
  transactionDetails: {
    method: 'GET',
    path: '/admin/transactions/:id',
    auth: 'session',
    permission: 'finance:read',
    params: transactions.transactionDetailsParams,
    response: transactions.transactionDetailsResponse,
  },

  usersList: {
    method: 'GET',
    path: '/admin/user',
    auth: 'session',
    permission: 'support-users:read',
    query: users.usersListQuery,
    response: users.usersListResponse,
  },
  userUpdate: {
    method: 'PUT',
    path: '/admin/user/:id',
    auth: 'session',
    permission: 'support-users:write',
    audit: 'user.update',
    params: users.userUpdateParams,
    body: users.userUpdateBody,
    response: users.userUpdateResponse,
  },
  userDelete: {
    method: 'DELETE',
    path: '/admin/user/:id',
    auth: 'session',
    permission: 'support-users:write',
    audit: 'user.delete',
    params: users.userDeleteParams,
    response: users.userDeleteResponse,
  },
  userBlock: {
    method: 'PUT',
    path: '/admin/user/:id/block',
    auth: 'session',
    permission: 'support-users:write',
    audit: 'user.block',
    params: users.userBlockParams,
    body: users.userBlockBody,
    response: users.userBlockResponse,
  },
  userUnblock: {
    method: 'PUT',
    path: '/admin/user/:id/unblock',
    auth: 'session',
    permission: 'support-users:write',
    audit: 'user.unblock',
    params: users.userUnblockParams,
    body: users.userUnblockBody,
    response: users.userUnblockResponse,
  },
  userDetails: {
    method: 'GET',
    path: '/admin/user/:id',
    auth: 'session',
    permission: 'support-users:read',
    params: users.userDetailsParams,
    response: users.userDetailsResponse,
  },

  withdrawalsList: {
    method: 'GET',
    path: '/admin/withdrawal',
    auth: 'session',
    permission: 'finance:read',
    query: withdrawals.withdrawalsListQuery,
    response: withdrawals.withdrawalsListResponse,
  },
  withdrawalUpdate: {
    method: 'POST',
    path: '/admin/withdrawal/update',
    auth: 'session',
    permission: 'finance:write',
    audit: 'withdrawal.update',
    body: withdrawals.withdrawalUpdateBody,
    response: withdrawals.withdrawalUpdateResponse,
  },
  withdrawalUpdateBulk: {
    method: 'POST',
    path: '/admin/withdrawal/update-bulk',
    auth: 'session',
    permission: 'finance:write',
    audit: 'withdrawal.update-bulk',
    body: withdrawals.withdrawalUpdateBulkBody,
    // Up to 500 ids (~6.5 KB) plus a comment and a reason of 500 characters each, with room to spare.
    bodyLimit: 64 * 1024,
    response: withdrawals.withdrawalUpdateBulkResponse,
  },

  ...governanceRoutes,
  ...auditRoutes,
  ...exportRoutes,
  ...releaseRoutes,
  ...liveRoutes,
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;

/** Fills `:param` placeholders: `routePath('minesUpdateStatus', { id: 3 })` -> '/admin/mines/3/status'. */
export function routePath(name: RouteName, params: Record<string, string | number> = {}): string {
  return routes[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${name}`);
    return encodeURIComponent(String(value));
  });
}
