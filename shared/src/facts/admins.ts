// Admin (console account) facts. Zod-free: the contract, the API and the shell import them.

export const adminStatuses = ['active', 'blocked'] as const;
export type AdminStatus = (typeof adminStatuses)[number];

/** The console calls a blocked admin 'disabled'. */
export const adminStatusLabels: Readonly<Record<AdminStatus, string>> = {
  active: 'active',
  blocked: 'disabled',
};

export const adminMessages = {
  insufficientPermissions: 'Insufficient permissions',
  notFound: 'Admin not found',
  emailTaken: 'An admin with this email already exists',
  alreadyDisabled: 'Admin is already disabled',
  alreadyActive: 'Admin is already active',
  selfDisable: 'You cannot disable your own account',
  selfDemote: 'You cannot remove your own superadmin role',
  selfTwoFactorReset: 'Replace your own authenticator in your two-factor settings',
  lastSuperadmin: 'The last active superadmin cannot be disabled or lose the superadmin role',
  sessionNotFound: 'Session not found',
  currentSession: 'Use sign out to end the current session',
  samePassword: 'The new password must differ from the current one',
  loadFailed: 'Failed to fetch admins',
} as const;
