import type { z } from 'zod';
import * as auth from './auth.ts';
import * as dashboard from './dashboard.ts';
import { healthResponse } from './envelope.ts';
import * as lottery from './lottery.ts';
import * as mines from './mines.ts';
import * as support from './support.ts';
import * as transactions from './transactions.ts';
import * as users from './users.ts';
import * as withdrawals from './withdrawals.ts';

/** Every API path starts with this prefix (the console's API base ends with it). */
export const API_PREFIX = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** none = public; session = full session token; setup = the 2fa-setup token or a session token. */
export type RouteAuth = 'none' | 'session' | 'setup';

export interface RouteDef {
  method: HttpMethod;
  /** Path under the API base, Fastify style params (`/admin/mines/:id/status`). */
  path: string;
  auth: RouteAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of the 200 answer. */
  response: z.ZodType;
}

/** Catalogue of every call: the API registers its routes from it, the OpenAPI document and tests iterate it. */
export const routes = {
  health: { method: 'GET', path: '/health', auth: 'none', response: healthResponse },

  login: {
    method: 'POST',
    path: '/admin/auth/login',
    auth: 'none',
    body: auth.loginBody,
    response: auth.loginResponse,
  },
  twoFactorSetup: {
    method: 'GET',
    path: '/admin/auth/2fa/setup',
    auth: 'setup',
    response: auth.twoFactorSetupResponse,
  },
  twoFactorReplaceSetup: {
    method: 'POST',
    path: '/admin/auth/2fa/setup',
    auth: 'setup',
    body: auth.twoFactorReplaceSetupBody,
    response: auth.twoFactorSetupResponse,
  },
  twoFactorEnable: {
    method: 'POST',
    path: '/admin/auth/2fa/enable',
    auth: 'setup',
    body: auth.twoFactorEnableBody,
    response: auth.twoFactorEnableResponse,
  },
  logout: { method: 'POST', path: '/admin/auth/logout', auth: 'session', response: auth.logoutResponse },

  dashboardStats: {
    method: 'GET',
    path: '/admin/dashboard/stats',
    auth: 'session',
    response: dashboard.dashboardStatsResponse,
  },
  dashboardRefresh: {
    method: 'POST',
    path: '/admin/dashboard/refresh',
    auth: 'session',
    body: dashboard.dashboardRefreshBody,
    response: dashboard.dashboardRefreshResponse,
  },

  minesList: {
    method: 'GET',
    path: '/admin/mines',
    auth: 'session',
    query: mines.minesListQuery,
    response: mines.minesListResponse,
  },
  minesStats: {
    method: 'GET',
    path: '/admin/mines/stats',
    auth: 'session',
    response: mines.minesStatsResponse,
  },
  minesUpdateStatus: {
    method: 'PUT',
    path: '/admin/mines/:id/status',
    auth: 'session',
    params: mines.minesUpdateStatusParams,
    body: mines.minesUpdateStatusBody,
    response: mines.minesUpdateStatusResponse,
  },

  lotteryCreate: {
    method: 'POST',
    path: '/admin/lottery',
    auth: 'session',
    body: lottery.lotteryCreateBody,
    response: lottery.lotteryCreateResponse,
  },
  lotteryList: {
    method: 'GET',
    path: '/admin/lottery',
    auth: 'session',
    query: lottery.lotteryListQuery,
    response: lottery.lotteryListResponse,
  },
  lotteryDetails: {
    method: 'GET',
    path: '/admin/lottery/details/:id',
    auth: 'session',
    params: lottery.lotteryDetailsParams,
    response: lottery.lotteryDetailsResponse,
  },
  lotteryTickets: {
    method: 'GET',
    path: '/admin/lottery/tickets',
    auth: 'session',
    query: lottery.lotteryTicketsQuery,
    response: lottery.lotteryTicketsResponse,
  },
  lotteryUpdate: {
    method: 'PATCH',
    path: '/admin/lottery/:id',
    auth: 'session',
    params: lottery.lotteryUpdateParams,
    body: lottery.lotteryUpdateBody,
    response: lottery.lotteryUpdateResponse,
  },
  lotteryDelete: {
    method: 'DELETE',
    path: '/admin/lottery/:id',
    auth: 'session',
    params: lottery.lotteryDeleteParams,
    response: lottery.lotteryDeleteResponse,
  },
  lotteryWinners: {
    method: 'GET',
    path: '/admin/lottery/winners',
    auth: 'session',
    query: lottery.lotteryWinnersQuery,
    response: lottery.lotteryWinnersResponse,
  },
  lotteryTicketLookup: {
    method: 'GET',
    path: '/admin/lottery/ticket/:ticketNumber',
    auth: 'session',
    params: lottery.lotteryTicketLookupParams,
    query: lottery.lotteryTicketLookupQuery,
    response: lottery.lotteryTicketLookupResponse,
  },
  lotteryPublish: {
    method: 'POST',
    path: '/admin/lottery/publish',
    auth: 'session',
    body: lottery.lotteryPublishBody,
    response: lottery.lotteryPublishResponse,
  },

  supportList: {
    method: 'GET',
    path: '/admin/support',
    auth: 'session',
    query: support.supportListQuery,
    response: support.supportListResponse,
  },
  supportUpdate: {
    method: 'PUT',
    path: '/admin/support/:id',
    auth: 'session',
    params: support.supportUpdateParams,
    body: support.supportUpdateBody,
    response: support.supportUpdateResponse,
  },
  supportDelete: {
    method: 'DELETE',
    path: '/admin/support/:id',
    auth: 'session',
    params: support.supportDeleteParams,
    response: support.supportDeleteResponse,
  },

  transactionsList: {
    method: 'GET',
    path: '/admin/transactions',
    auth: 'session',
    query: transactions.transactionsListQuery,
    response: transactions.transactionsListResponse,
  },
  transactionDetails: {
    method: 'GET',
    path: '/admin/transactions/:id',
    auth: 'session',
    params: transactions.transactionDetailsParams,
    response: transactions.transactionDetailsResponse,
  },

  usersList: {
    method: 'GET',
    path: '/admin/user',
    auth: 'session',
    query: users.usersListQuery,
    response: users.usersListResponse,
  },
  userUpdate: {
    method: 'PUT',
    path: '/admin/user/:id',
    auth: 'session',
    params: users.userUpdateParams,
    body: users.userUpdateBody,
    response: users.userUpdateResponse,
  },
  userDelete: {
    method: 'DELETE',
    path: '/admin/user/:id',
    auth: 'session',
    params: users.userDeleteParams,
    response: users.userDeleteResponse,
  },
  userBlock: {
    method: 'PUT',
    path: '/admin/user/:id/block',
    auth: 'session',
    params: users.userBlockParams,
    body: users.userBlockBody,
    response: users.userBlockResponse,
  },
  userUnblock: {
    method: 'PUT',
    path: '/admin/user/:id/unblock',
    auth: 'session',
    params: users.userUnblockParams,
    body: users.userUnblockBody,
    response: users.userUnblockResponse,
  },
  userDetails: {
    method: 'GET',
    path: '/admin/user/:id',
    auth: 'session',
    params: users.userDetailsParams,
    response: users.userDetailsResponse,
  },

  withdrawalsList: {
    method: 'GET',
    path: '/admin/withdrawal',
    auth: 'session',
    query: withdrawals.withdrawalsListQuery,
    response: withdrawals.withdrawalsListResponse,
  },
  withdrawalUpdate: {
    method: 'POST',
    path: '/admin/withdrawal/update',
    auth: 'session',
    body: withdrawals.withdrawalUpdateBody,
    response: withdrawals.withdrawalUpdateResponse,
  },
  withdrawalUpdateBulk: {
    method: 'POST',
    path: '/admin/withdrawal/update-bulk',
    auth: 'session',
    body: withdrawals.withdrawalUpdateBulkBody,
    response: withdrawals.withdrawalUpdateBulkResponse,
  },
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
