import { type GovernanceRole, governanceRoles } from '@backoffice/shared/permissions';

/** How a role reads in the console. */
export const ROLE_LABELS: Record<GovernanceRole, string> = {
  superadmin: 'Superadmin',
  lottery: 'Lottery',
  finance: 'Finance',
  'support-users': 'Support & Users',
  mines: 'Mines',
  auditor: 'Auditor (read-only)',
  ops: 'Ops (releases)',
};

export const ROLE_OPTIONS = governanceRoles.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const roleLabel = (role: string) => ROLE_LABELS[role as GovernanceRole] ?? role;
