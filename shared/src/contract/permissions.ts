/**
 * Who may call what (docs/architecture.md#console-behaviour). Each route of the catalogue names one
 * permission; the API refuses others with 403 'Insufficient permissions' and the console hides what the admin
 * cannot use.
 */

import { type Area, areaRoles, findArea } from './areas.ts';

/** The areas the separate teams own (areas.json); each has a role of the same name. */
export {
  type Area,
  type AreaManifestEntry,
  areaEntry,
  areaManifest,
  areaRoles,
  areas,
  findArea,
} from './areas.ts';

/**
 * superadmin: everything and manages admins; one role per area; auditor: reads everything, changes nothing;
 * ops: the console's releases (what version of each area and of the shell is live,
 * docs/operations.md#releases), and reads every area as the auditor does, to preview a version with real
 * data; it changes nothing outside the releases.
 */
export const governanceRoles = ['superadmin', ...areaRoles, 'auditor', 'ops'] as const;
export type GovernanceRole = (typeof governanceRoles)[number];

export type Permission =
  /** No session needed (health, sign-in). */
  | 'public'
  /** Any signed-in admin: the dashboard, their own account (2FA, password, sessions, sign-out). */
  | 'signed-in'
  | `${Area}:read`
  | `${Area}:write`
  /** The audit log (superadmin and auditor). */
  | 'audit:read'
  /** Admin management and console settings (superadmin only). */
  | 'admins:manage'
  /** The console's releases: publish, deploy, roll back, promote (ops and superadmin). */
  | 'releases:manage';

/** Whether any of `roles` grants `permission`. */
export function rolesGrant(roles: readonly string[], permission: Permission): boolean {
  if (permission === 'public' || permission === 'signed-in') return true;
  const superadmin = roles.includes('superadmin');
  if (permission === 'admins:manage') return superadmin;
  if (permission === 'releases:manage') return superadmin || roles.includes('ops');
  if (permission === 'audit:read') return superadmin || roles.includes('auditor');
  const [id = '', access] = permission.split(':');
  const area = findArea(id);
  // An area missing from the manifest is closed to every role, superadmin's included.
  if (!area || area.id !== id || (access !== 'read' && access !== 'write')) return false;
  if (superadmin) return true;
  if (access === 'read' && (roles.includes('auditor') || roles.includes('ops'))) return true;
  return roles.includes(area.role);
}
