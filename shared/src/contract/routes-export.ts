import { z } from 'zod';
import { EXPORT_TOTAL_HEADER, EXPORT_TOTAL_HINT_HEADER } from '../rules/constants.ts';
import { adminsListQuery } from './admins.ts';
import { auditListQuery } from './audit.ts';
import { lotteryListQuery, lotteryTicketsQuery } from './lottery.ts';
import type { RouteDef } from './routes.ts';
import { supportListQuery } from './support.ts';
import { transactionsListQuery } from './transactions.ts';
import { usersListQuery } from './users.ts';
import { withdrawalsListQuery } from './withdrawals.ts';

/**
 * The 200 answer of an export: a CSV file (text/csv; charset=utf-8, RFC 4180, a header row first),
 * streamed. Not JSON: the API's route layer recognises this very schema, streams instead of
 * serialising, and documents it in OpenAPI as text/csv. Errors (400, 401, 403...) stay JSON.
 */
export const csvFile = z.string().meta({ description: 'CSV file (RFC 4180, header row first)' });

/** Whether a route answers with a CSV file rather than JSON. */
export const isCsvRoute = (def: { response: z.ZodType }): boolean => def.response === csvFile;

export { EXPORT_TOTAL_HEADER, EXPORT_TOTAL_HINT_HEADER };

// Each export takes its list's filters and sort, without the paging: every matching row.
export const withdrawalsExportQuery = withdrawalsListQuery.omit({ page: true, limit: true, per_page: true });
export type WithdrawalsExportQuery = z.infer<typeof withdrawalsExportQuery>;
export const transactionsExportQuery = transactionsListQuery.omit({
  page: true,
  limit: true,
  per_page: true,
});
export type TransactionsExportQuery = z.infer<typeof transactionsExportQuery>;
export const usersExportQuery = usersListQuery.omit({ page: true, limit: true, per_page: true });
export type UsersExportQuery = z.infer<typeof usersExportQuery>;
export const supportExportQuery = supportListQuery.omit({ page: true, per_page: true });
export type SupportExportQuery = z.infer<typeof supportExportQuery>;
export const lotteryExportQuery = lotteryListQuery.omit({ page: true, limit: true });
export type LotteryExportQuery = z.infer<typeof lotteryExportQuery>;
export const lotteryTicketsExportQuery = lotteryTicketsQuery.omit({ page: true, limit: true });
export type LotteryTicketsExportQuery = z.infer<typeof lotteryTicketsExportQuery>;
export const auditExportQuery = auditListQuery.omit({ page: true, per_page: true });
export type AuditExportQuery = z.infer<typeof auditExportQuery>;
export const adminsExportQuery = adminsListQuery.omit({ page: true, limit: true });
export type AdminsExportQuery = z.infer<typeof adminsExportQuery>;

/**
 * CSV exports of the lists (docs/architecture.md#console-behaviour). Static `export.csv` segments: Fastify's
 * router prefers a static segment to a parametric one, so `/admin/transactions/export.csv` never reaches
 * `/admin/transactions/:id`.
 */
export const exportRoutes = {
  withdrawalsExport: {
    method: 'GET',
    path: '/admin/withdrawal/export.csv',
    auth: 'session',
    permission: 'finance:read',
    query: withdrawalsExportQuery,
    response: csvFile,
  },
  transactionsExport: {
    method: 'GET',
    path: '/admin/transactions/export.csv',
    auth: 'session',
    permission: 'finance:read',
    query: transactionsExportQuery,
    response: csvFile,
  },
  usersExport: {
    method: 'GET',
    path: '/admin/user/export.csv',
    auth: 'session',
    permission: 'support-users:read',
    query: usersExportQuery,
    response: csvFile,
  },
  supportExport: {
    method: 'GET',
    path: '/admin/support/export.csv',
    auth: 'session',
    permission: 'support-users:read',
    query: supportExportQuery,
    response: csvFile,
  },
  lotteryExport: {
    method: 'GET',
    path: '/admin/lottery/export.csv',
    auth: 'session',
    permission: 'lottery:read',
    query: lotteryExportQuery,
    response: csvFile,
  },
  lotteryTicketsExport: {
    method: 'GET',
    path: '/admin/lottery/tickets/export.csv',
    auth: 'session',
    permission: 'lottery:read',
    query: lotteryTicketsExportQuery,
    response: csvFile,
  },
  auditExport: {
    method: 'GET',
    path: '/admin/audit/export.csv',
    auth: 'session',
    permission: 'audit:read',
    query: auditExportQuery,
    response: csvFile,
  },
  adminsExport: {
    method: 'GET',
    path: '/admin/admins/export.csv',
    auth: 'session',
    permission: 'admins:manage',
    query: adminsExportQuery,
    response: csvFile,
  },
} as const satisfies Record<string, RouteDef>;
