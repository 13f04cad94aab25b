import * as audit from './audit.ts';
import type { RouteDef } from './routes.ts';

/**
 * Audit log, failed sign-ins (docs/operations.md) and four-eyes settings routes
 * (docs/architecture.md#console-behaviour).
 */
export const auditRoutes = {
  auditList: {
    method: 'GET',
    path: '/admin/audit',
    auth: 'session',
    permission: 'audit:read',
    query: audit.auditListQuery,
    response: audit.auditListResponse,
  },
  auditDetails: {
    method: 'GET',
    path: '/admin/audit/:id',
    auth: 'session',
    permission: 'audit:read',
    params: audit.auditDetailsParams,
    response: audit.auditDetailsResponse,
  },
  auditSignInFailures: {
    method: 'GET',
    path: '/admin/audit/sign-in-failures',
    auth: 'session',
    permission: 'audit:read',
    query: audit.signInFailuresQuery,
    response: audit.signInFailuresResponse,
  },
  fourEyesSettings: {
    method: 'GET',
    path: '/admin/settings/four-eyes',
    auth: 'session',
    permission: 'admins:manage',
    response: audit.fourEyesSettingsResponse,
  },
  fourEyesSettingsUpdate: {
    method: 'PUT',
    path: '/admin/settings/four-eyes',
    auth: 'session',
    permission: 'admins:manage',
    audit: 'settings.four-eyes',
    body: audit.fourEyesSettingsBody,
    response: audit.fourEyesSettingsResponse,
  },
  fourEyesSettingsApprove: {
    method: 'POST',
    path: '/admin/settings/four-eyes/approve',
    auth: 'session',
    permission: 'admins:manage',
    audit: 'settings.four-eyes-approve',
    body: audit.fourEyesSettingsApproveBody,
    response: audit.fourEyesSettingsResponse,
  },
} as const satisfies Record<string, RouteDef>;
