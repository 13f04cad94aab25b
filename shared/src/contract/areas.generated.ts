// Generated from areas.json by `pnpm areas:generate` (scripts/areas): do not edit by hand.

/**
 * The console's areas (areas.json): id (also the area's permission prefix, '<id>:read'), its name as
 * admins read it, its remote's federation name, its package folder, its dev server's port, and the role
 * that opens it.
 */
export const areaManifest = [
  { id: 'lottery', title: 'Lottery', name: 'mf_lottery', dir: 'mf-lottery', port: 3002, role: 'lottery' },
  { id: 'finance', title: 'Finance', name: 'mf_finance', dir: 'mf-finance', port: 3003, role: 'finance' },
  {
    id: 'support-users',
    title: 'Support & Users',
    name: 'mf_support_users',
    dir: 'mf-support-users',
    port: 3004,
    role: 'support-users',
  },
  { id: 'mines', title: 'Mines', name: 'mf_mines', dir: 'mf-mines', port: 3005, role: 'mines' },
] as const;

/** The area ids, in the manifest's order. */
export const areas = ['lottery', 'finance', 'support-users', 'mines'] as const;

/** The roles that open an area (an admin's roles besides superadmin, auditor and ops). */
export const areaRoles = ['lottery', 'finance', 'support-users', 'mines'] as const;
