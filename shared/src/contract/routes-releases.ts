import * as releases from './releases.ts';
import type { RouteDef } from './routes.ts';

/**
 * Console delivery (docs/operations.md#releases). Changing what is live goes through these routes only: the
 * Releases screen with an ops admin's session, the CLI with the ops token ('ops' auth), or, with the API
 * stopped, the CLI running the same routes in-process.
 */
export const releaseRoutes = {
  /** Public: the console reads it before it knows who is signed in (and its server inlines it). */
  consoleRegistry: {
    method: 'GET',
    path: '/console/registry',
    auth: 'none',
    permission: 'public',
    response: releases.consoleRegistryResponse,
  },
  /** The shell's error boundaries: an area loaded, or failed (bounded, rate-limited per session). */
  consoleReport: {
    method: 'POST',
    path: '/admin/console/reports',
    auth: 'session',
    permission: 'signed-in',
    audit: 'release.auto-rollback',
    body: releases.fieldReportBody,
    // A stack of 4,000 characters (up to 3 bytes each in UTF-8) plus its message and route.
    bodyLimit: 32 * 1024,
    response: releases.fieldReportResponse,
  },
  /** What the console's server checks every file of a version against (docs/operations.md#release-integrity). */
  consoleReleaseFiles: {
    method: 'GET',
    path: '/console/releases/:area/:version/files',
    auth: 'none',
    permission: 'public',
    params: releases.releaseVersionParams,
    response: releases.releaseFilesResponse,
  },
  /** A console server met a file that differs from its record: the API checks the version's files itself. */
  releasesVerify: {
    method: 'POST',
    path: '/admin/releases/:area/:version/verify',
    auth: 'ops',
    permission: 'releases:manage',
    audit: 'release.tampered',
    params: releases.releaseVersionParams,
    response: releases.releaseFilesResponse,
  },
  releasesList: {
    method: 'GET',
    path: '/admin/releases',
    auth: 'ops',
    permission: 'releases:manage',
    response: releases.releasesResponse,
  },
  releasesPublish: {
    method: 'POST',
    path: '/admin/releases',
    auth: 'ops',
    permission: 'releases:manage',
    audit: 'release.publish',
    body: releases.releasePublishBody,
    response: releases.releaseChangeResponse,
  },
  releasesSetLive: {
    method: 'POST',
    path: '/admin/releases/:area/live',
    auth: 'ops',
    permission: 'releases:manage',
    audit: 'release.deploy',
    params: releases.releaseAreaParams,
    body: releases.releaseLiveBody,
    response: releases.releaseChangeResponse,
  },
  releasesPrune: {
    method: 'DELETE',
    path: '/admin/releases/:area/:version',
    auth: 'ops',
    permission: 'releases:manage',
    audit: 'release.prune',
    params: releases.releaseVersionParams,
    body: releases.releasePruneBody,
    response: releases.releaseChangeResponse,
  },
  /** Operators' own tokens for the release CLI (docs/operations.md#operator-tokens): superadmins manage them. */
  opsTokensList: {
    method: 'GET',
    path: '/admin/ops-tokens',
    auth: 'session',
    permission: 'admins:manage',
    response: releases.opsTokensResponse,
  },
  opsTokenCreate: {
    method: 'POST',
    path: '/admin/ops-tokens',
    auth: 'session',
    permission: 'admins:manage',
    audit: 'ops-token.create',
    body: releases.opsTokenCreateBody,
    response: releases.opsTokenCreateResponse,
  },
  opsTokenRevoke: {
    method: 'DELETE',
    path: '/admin/ops-tokens/:id',
    auth: 'session',
    permission: 'admins:manage',
    audit: 'ops-token.revoke',
    params: releases.opsTokenParams,
    response: releases.opsTokenRevokeResponse,
  },
  /**
   * Maintenance on or off for every replica (docs/operations.md), for operators: the ops token (the CLI, a
   * deploy script) or an ops admin. Outside /admin, which answers 503 while maintenance is on.
   */
  maintenanceSet: {
    method: 'PUT',
    path: '/ops/maintenance',
    auth: 'ops',
    permission: 'releases:manage',
    audit: 'maintenance.set',
    body: releases.maintenanceBody,
    response: releases.maintenanceResponse,
  },
} as const satisfies Record<string, RouteDef>;
