import { z } from 'zod';
import { signInFailureReasons, signInFailureSubjects } from '../facts/audit.ts';
import { decimalAtMost, FOUR_EYES } from '../rules/constants.ts';
import { envelope, id, isoDate, money, paged } from './envelope.ts';
import { hasNoNul, idNumber, NUL_MESSAGE } from './input.ts';
import {
  optionalDateParam,
  optionalEnum,
  optionalIdParam,
  optionalText,
  pageParam,
  sizeParam,
  sortType,
} from './query.ts';

/**
 * Audit trail (docs/architecture.md#console-behaviour): every state-changing call writes one record (a bulk
 * withdrawal update one per withdrawal changed) in the same transaction as the change. Append-only in the
 * database.
 */
export const auditRecordSchema = z.object({
  id,
  /** When it was written (the change's transaction). */
  at: isoDate,
  /**
   * null: a system action (the payout worker), or a failed sign-in of an unknown e-mail recorded before
   * sign_in_failures.
   */
  adminId: id.nullable(),
  adminEmail: z.string().nullable(),
  /**
   * The route catalogue's action ('withdrawal.update', 'auth.sign-in', 'payout.sent'...). Failed sign-ins
   * are counted apart (docs/operations.md, GET /admin/audit/sign-in-failures); older logs hold
   * 'auth.sign-in-failed'.
   */
  action: z.string(),
  /** 'withdrawal', 'lottery', 'user', 'support_ticket', 'mine_game', 'admin', 'setting'... */
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.unknown().nullable(),
  /**
   * The target by name (docs/architecture.md#console-behaviour): a lottery's name, a user's name, an admin's
   * e-mail; null otherwise.
   */
  targetName: z.string().nullable().optional(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** A date filter of the audit log: an ISO instant ('2026-01-31T10:00:00Z') or a day (UTC). */
const instant = optionalDateParam;

// GET /admin/audit
export const auditListQuery = z.object({
  page: pageParam,
  per_page: sizeParam(20),
  admin_id: optionalIdParam,
  /** Case-insensitive exact e-mail of the acting admin (also finds failed sign-ins of an unknown e-mail). */
  admin_email: optionalText(254),
  /**
   * Exact action ('withdrawal.update'), a prefix ending with '.' ('withdrawal.'), or a family without a
   * dot ('settings': 'settings' and every 'settings.*').
   */
  action: optionalText(100),
  target_type: optionalText(50),
  /** With target_type: the history of one object (`target_type=withdrawal&target_id=42`). */
  target_id: optionalText(100),
  /** From this instant (inclusive); a day means its start (UTC). */
  from: instant,
  /** Up to this instant (inclusive); a day includes the whole day (UTC). */
  to: instant,
  /** By time (ties by id). */
  sort_type: sortType,
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
export const auditListResponse = envelope(paged(auditRecordSchema));
export type AuditListResponse = z.infer<typeof auditListResponse>;

// GET /admin/audit/:id
export const auditDetailsParams = z.object({ id: idNumber('Audit record id must be a whole number') });
export const auditDetailsResponse = envelope(auditRecordSchema);
export type AuditDetailsResponse = z.infer<typeof auditDetailsResponse>;

export type { SignInFailureReason } from '../facts/audit.ts';
export { signInFailureReasons };

/**
 * Failed sign-ins (docs/operations.md), aggregated: one row per subject (the account, or the client IP for an
 * e-mail that names no account), hour and reason, with the number of attempts.
 */
export const signInFailureSchema = z.object({
  id,
  /** The start of the hour (UTC) the attempts fell in. */
  windowStart: isoDate,
  /** 'account': the e-mail named an admin; 'ip': it named none, counted per client IP. */
  subject: z.enum(signInFailureSubjects),
  adminId: id.nullable(),
  /** The admin's e-mail, or the last unknown e-mail tried from the IP (its first 64 characters). */
  email: z.string().nullable(),
  /** The last client IP. */
  ip: z.string().nullable(),
  reason: z.enum(signInFailureReasons),
  attempts: z.number().int().positive(),
  firstAt: isoDate,
  lastAt: isoDate,
});
export type SignInFailure = z.infer<typeof signInFailureSchema>;

// GET /admin/audit/sign-in-failures
export const signInFailuresQuery = z.object({
  page: pageParam,
  per_page: sizeParam(20),
  admin_id: optionalIdParam,
  /** Case-insensitive exact e-mail (the admin's, or an unknown one as stored). */
  email: optionalText(254),
  ip: optionalText(64),
  reason: optionalEnum(signInFailureReasons),
  /** Last attempt from this instant (inclusive); a day means its start (UTC). */
  from: instant,
  /** Last attempt up to this instant (inclusive); a day includes the whole day (UTC). */
  to: instant,
  /** By the last attempt (ties by id). */
  sort_type: sortType,
});
export type SignInFailuresQuery = z.infer<typeof signInFailuresQuery>;
export const signInFailuresResponse = envelope(paged(signInFailureSchema));
export type SignInFailuresResponse = z.infer<typeof signInFailuresResponse>;

/** A four-eyes threshold in USDT: a positive decimal string with at most 8 decimals, at most FOUR_EYES.max. */
export const thresholdText = z
  .string({ error: 'Threshold must be a decimal amount such as "10000"' })
  .trim()
  .refine(hasNoNul, NUL_MESSAGE)
  .pipe(
    z
      .string()
      .regex(/^\d{1,12}(\.\d{1,8})?$/, 'Threshold must be a positive amount with at most 8 decimals')
      .refine((v) => /[1-9]/.test(v), 'Threshold must be greater than 0')
      .refine(
        // Only once the form is valid (zod runs every check; the regex has already reported the rest).
        (v) => !/^\d+(\.\d+)?$/.test(v) || decimalAtMost(v, FOUR_EYES.max),
        `Threshold must be at most ${FOUR_EYES.max} USDT`,
      ),
  );

/**
 * Four-eyes settings: approving a withdrawal whose amount is at or above `threshold` needs two different
 * admins. `threshold` is the one in force: the superadmin setting when set, else FOUR_EYES_THRESHOLD,
 * null when neither is set (every approval is final).
 */
export const fourEyesSettingsSchema = z.object({
  threshold: money.nullable(),
  source: z.enum(['setting', 'env', 'none']),
  /** FOUR_EYES_THRESHOLD of the API (null: unset). */
  envThreshold: money.nullable(),
  /** The superadmin's override (null: none, the env value applies). */
  settingThreshold: money.nullable(),
  updatedAt: isoDate.nullable(),
  updatedBy: id.nullable(),
  /**
   * A change waiting for a second superadmin (raising the threshold in force above
   * FOUR_EYES.approvalCeiling, or turning four-eyes off): `threshold` as asked in the PUT (null: drop the
   * override). Not in force until approved.
   */
  pending: z.object({ threshold: money.nullable(), requestedBy: id, requestedAt: isoDate }).nullable(),
});
export type FourEyesSettings = z.infer<typeof fourEyesSettingsSchema>;

// GET /admin/settings/four-eyes
export const fourEyesSettingsResponse = envelope(fourEyesSettingsSchema);
export type FourEyesSettingsResponse = z.infer<typeof fourEyesSettingsResponse>;

// PUT /admin/settings/four-eyes
export const fourEyesSettingsBody = z.object({
  /** The new threshold, or null to drop the override (FOUR_EYES_THRESHOLD applies again). */
  threshold: thresholdText.nullable(),
});
export type FourEyesSettingsBody = z.infer<typeof fourEyesSettingsBody>;

// POST /admin/settings/four-eyes/approve: a second superadmin approves the pending change. The body
// repeats the change approved, so a pending change replaced meanwhile is never approved unseen.
export const fourEyesSettingsApproveBody = fourEyesSettingsBody;
export type FourEyesSettingsApproveBody = FourEyesSettingsBody;
