import { z } from 'zod';
import { type AdminStatus, adminStatuses } from '../facts/admins.ts';
import { envelope, id, messageResponse } from './envelope.ts';
import { hasNoNul, INT4_MAX, NUL_MESSAGE } from './input.ts';
import { governanceRoles } from './permissions.ts';

export const governanceRoleSchema = z.enum(governanceRoles, {
  error: `Unknown role: expected one of ${governanceRoles.join(', ')}`,
});
/** An admin's roles: at least one, each once (docs/architecture.md#console-behaviour). */
export const adminRolesSchema = z
  .array(governanceRoleSchema, { error: 'Roles must be a list' })
  .min(1, 'At least one role is required')
  .max(governanceRoles.length, 'Each role may be given once')
  .refine((roles) => new Set(roles).size === roles.length, 'Each role may be given once');

export type { AdminStatus };
export { adminStatuses };
export const adminStatusSchema = z.enum(adminStatuses);

/**
 * Token scopes: a full session, the short-lived token that may only set up 2FA, or the one a one-time
 * password gives, which may only change that password.
 */
/** gate: the release gate's own read-only session for its smoke load (docs/operations.md#the-release-gate). */
export const tokenScopes = ['session', '2fa-setup', 'password-change', 'gate'] as const;
export type TokenScope = (typeof tokenScopes)[number];

/**
 * JWT payload (HS256). `sub` is the admin id as a string (RFC 7519). `role`: the admin's roles at
 * sign-in (the spec's "payload carries a role"; an admin may hold several), for the console to read.
 * Informational only: the API authorises from the roles the session row gives now, never from it.
 */
export const jwtPayloadSchema = z.object({
  sub: z.string(),
  jti: z.string(),
  scope: z.enum(tokenScopes),
  role: z.array(governanceRoleSchema).optional(),
  iat: z.number().optional(),
  exp: z.number().optional(),
});
export type JwtPayload = z.infer<typeof jwtPayloadSchema>;

/**
 * The signed-in admin as stored locally under the key `user` (never any secret). `roles` are the ones
 * held at sign-in; GET /admin/auth/me answers the current ones (the API always checks those).
 */
export const authUserSchema = z.object({
  id,
  email: z.string(),
  name: z.string(),
  roles: z.array(governanceRoleSchema),
  twoFactorEnabled: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** Bounded (RFC 5321: 254 characters) before the format check, the database or any hashing. */
const requiredEmail = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'Email is required' : 'Invalid email format',
  })
  .min(1, { message: 'Email is required', abort: true })
  .max(254, { message: 'Email must not exceed 254 characters', abort: true })
  .pipe(z.email('Invalid email format'));

const sixDigitCode = z
  .string({ error: 'Please enter a valid 6-digit code' })
  .regex(/^\d{6}$/, 'Please enter a valid 6-digit code');

// POST /admin/auth/login
export const loginBody = z.object({
  email: requiredEmail,
  password: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'Password is required' : 'Invalid input: expected string',
    })
    .min(1, { message: 'Password is required', abort: true })
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must not exceed 200 characters')
    .refine(hasNoNul, NUL_MESSAGE),
  twoFactorToken: z.preprocess((v) => (v === '' || v === null ? undefined : v), sixDigitCode.optional()),
  requireTwoFactor: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** A full session: the token to store as auth_token and the user to store as user. */
export const sessionDataSchema = z.object({ token: z.string(), user: authUserSchema });
export type SessionData = z.infer<typeof sessionDataSchema>;

/** 2FA is enabled and no code was sent: ask for the code (message 'Two-factor code required'). */
export const twoFactorRequiredDataSchema = z.object({ twoFactorRequired: z.literal(true) });
export type TwoFactorRequiredData = z.infer<typeof twoFactorRequiredDataSchema>;

/**
 * 2FA must be set up first (message 'Set up two-factor authentication'). `token` is a short-lived
 * JWT of scope '2fa-setup', valid only for GET /admin/auth/2fa/setup and POST /admin/auth/2fa/enable.
 */
export const setupRequiredDataSchema = z.object({
  setupRequired: z.literal(true),
  qrCodeUrl: z.string(),
  secret: z.string(),
  userId: id,
  token: z.string(),
});
export type SetupRequiredData = z.infer<typeof setupRequiredDataSchema>;

/**
 * Signed in with a one-time password (message 'Change your password'). `token` is a short-lived JWT of
 * scope 'password-change', valid only for POST /admin/auth/password; then sign in with the new one.
 */
export const passwordChangeRequiredDataSchema = z.object({
  passwordChangeRequired: z.literal(true),
  token: z.string(),
});
export type PasswordChangeRequiredData = z.infer<typeof passwordChangeRequiredDataSchema>;

export const loginDataSchema = z.union([
  sessionDataSchema,
  twoFactorRequiredDataSchema,
  setupRequiredDataSchema,
  passwordChangeRequiredDataSchema,
]);
export type LoginData = z.infer<typeof loginDataSchema>;
export const loginResponse = envelope(loginDataSchema);
export type LoginResponse = z.infer<typeof loginResponse>;

// GET /admin/auth/2fa/setup (setup token or session token; 400 once 2FA is enabled: use the POST with the proof)
export const twoFactorSetupDataSchema = z.object({
  secret: z.string(),
  qrCodeUrl: z.string(),
  otpauthUrl: z.string(),
  userId: id,
});
export type TwoFactorSetupData = z.infer<typeof twoFactorSetupDataSchema>;
export const twoFactorSetupResponse = envelope(twoFactorSetupDataSchema);
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;

/**
 * Proof needed to REPLACE a working 2FA (an admin whose 2FA is enabled): the current password and a
 * current code of the authenticator in use. Ignored for a first-time setup (2FA not yet enabled).
 * A stolen session token alone can therefore never swap the authenticator.
 */
const currentProof = {
  currentPassword: z
    .string({ error: 'Current password must be a string' })
    .max(200, 'Password must not exceed 200 characters')
    .refine(hasNoNul, NUL_MESSAGE)
    .optional(),
  currentCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), sixDigitCode.optional()),
};

// POST /admin/auth/2fa/setup: a new pending secret; with 2FA enabled, only with the current proof.
export const twoFactorReplaceSetupBody = z.preprocess(
  (v) => (v === undefined || v === null ? {} : v),
  z.object(currentProof),
);
export type TwoFactorReplaceSetupBody = z.infer<typeof twoFactorReplaceSetupBody>;

// POST /admin/auth/2fa/enable (with 2FA enabled: currentPassword and currentCode are required too)
export const twoFactorEnableBody = z.object({
  userId: z.coerce
    .number({ error: 'userId is required' })
    .pipe(z.number().int('Invalid user id').min(1, 'Invalid user id').max(INT4_MAX, 'Invalid user id')),
  secret: z
    .string({ error: 'Secret is required' })
    .min(1, 'Secret is required')
    .max(128, 'Secret must not exceed 128 characters')
    .refine(hasNoNul, NUL_MESSAGE),
  token: sixDigitCode,
  ...currentProof,
});
export type TwoFactorEnableBody = z.infer<typeof twoFactorEnableBody>;
export const twoFactorEnableResponse = envelope(sessionDataSchema);
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponse>;

// POST /admin/auth/session/renew: a new session token (full lifetime) in place of the caller's, which
// ends; the console's 'Stay signed in' before the session expires.
export const sessionRenewResponse = envelope(sessionDataSchema);
export type SessionRenewResponse = z.infer<typeof sessionRenewResponse>;

// POST /admin/auth/logout
export const logoutResponse = messageResponse;
export type LogoutResponse = z.infer<typeof logoutResponse>;
