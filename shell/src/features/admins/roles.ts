import { areaManifest, type GovernanceRole, governanceRoles } from '@backoffice/shared/permissions';

/** How a role reads in the console: an area's role by the area's title (areas.json). */
export const ROLE_LABELS: Record<GovernanceRole, string> = {
  superadmin: 'Superadmin',
  ...(Object.fromEntries(areaManifest.map((area) => [area.role, area.title])) as Record<
    (typeof areaManifest)[number]['role'],
    string
  >),
  auditor: 'Auditor (read-only)',
  ops: 'Ops (releases)',
};

export const ROLE_OPTIONS = governanceRoles.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const roleLabel = (role: string) => ROLE_LABELS[role as GovernanceRole] ?? role;
