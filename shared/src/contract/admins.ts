import { z } from 'zod';
import { adminMessages, adminStatuses } from '../facts/admins.ts';
import { adminRolesSchema, adminStatusSchema, authUserSchema } from './auth.ts';
import { envelope, id, isoDate, messageResponse, paged } from './envelope.ts';
import { hasNoNul, idNumber, NUL_MESSAGE } from './input.ts';
import { optionalEnum, optionalText, pageParam, sizeParam } from './query.ts';

/**
 * Admin management (superadmin only) and the signed-in admin's own account
 * (docs/architecture.md#console-behaviour).
 */

/** The admin messages (the API's and the console's). */
export const ADMIN_MESSAGES = adminMessages;

/** One admin as the management screen lists it (never a secret). */
export const adminSummarySchema = z.object({
  id,
  email: z.string(),
  name: z.string(),
  roles: adminRolesSchema,
  status: adminStatusSchema,
  twoFactorEnabled: z.boolean(),
  /** 2FA was reset: the next sign-in sets it up. */
  twoFactorSetupRequired: z.boolean(),
  /** Still on the one-time password of its creation. */
  mustChangePassword: z.boolean(),
  /** Sign-ins (or 2FA codes) refused until then after too many failures; null = not locked. */
  lockedUntil: isoDate.nullable(),
  lastSignInAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

// GET /admin/admins
export const adminsListQuery = z.object({
  page: pageParam,
  limit: sizeParam(20),
  /** Part of the email or name. */
  search: optionalText(),
  status: optionalEnum(adminStatuses),
});
export type AdminsListQuery = z.infer<typeof adminsListQuery>;
export const adminsListResponse = envelope(paged(adminSummarySchema));
export type AdminsListResponse = z.infer<typeof adminsListResponse>;

export const adminIdParams = z.object({
  id: idNumber('Admin id must be a whole number', 'Admin id must be a positive number'),
});
export type AdminIdParams = z.infer<typeof adminIdParams>;

export const adminResponse = envelope(adminSummarySchema);
export type AdminResponse = z.infer<typeof adminResponse>;

// POST /admin/admins
export const adminCreateBody = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { message: 'Email is required', abort: true })
    .max(254, { message: 'Email must not exceed 254 characters', abort: true })
    .pipe(z.email('Invalid email format')),
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must not exceed 100 characters')
    .refine(hasNoNul, NUL_MESSAGE),
  roles: adminRolesSchema,
});
export type AdminCreateBody = z.infer<typeof adminCreateBody>;
/** `oneTimePassword` is shown once: the new admin must change it at the first sign-in. */
export const adminCreateResponse = envelope(
  z.object({ admin: adminSummarySchema, oneTimePassword: z.string() }),
);
export type AdminCreateResponse = z.infer<typeof adminCreateResponse>;

// PUT /admin/admins/:id/roles
export const adminRolesBody = z.object({ roles: adminRolesSchema });
export type AdminRolesBody = z.infer<typeof adminRolesBody>;

// GET /admin/auth/me: the signed-in admin with the roles held now.
export const meResponse = envelope(authUserSchema);
export type MeResponse = z.infer<typeof meResponse>;

const password = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(200, 'Password must not exceed 200 characters')
    .refine(hasNoNul, NUL_MESSAGE);

// POST /admin/auth/password: current password, and a current code when 2FA is on.
export const changePasswordBody = z.object({
  currentPassword: password('Current password'),
  newPassword: password('New password').pipe(z.string().min(8, 'New password must be at least 8 characters')),
  currentCode: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: 'Please enter a valid 6-digit code' })
      .regex(/^\d{6}$/, 'Please enter a valid 6-digit code')
      .optional(),
  ),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
export const changePasswordResponse = messageResponse;

/** One of the signed-in admin's live sessions. */
export const adminSessionSchema = z.object({
  id: z.string(),
  createdAt: isoDate,
  expiresAt: isoDate,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;
export const sessionsListResponse = envelope(z.array(adminSessionSchema));
export type SessionsListResponse = z.infer<typeof sessionsListResponse>;

export const sessionIdParams = z.object({
  id: z
    .string()
    .min(1, 'Session id is required')
    .max(100, 'Invalid session id')
    .refine(hasNoNul, NUL_MESSAGE),
});
export type SessionIdParams = z.infer<typeof sessionIdParams>;

/** How many sessions a sign-out ended. */
export const sessionsRevokedResponse = envelope(z.object({ revoked: z.number().int().min(0) }));
export type SessionsRevokedResponse = z.infer<typeof sessionsRevokedResponse>;
