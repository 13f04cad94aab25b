import { z } from 'zod';
import {
  type WithdrawalStatus,
  withdrawalDecisionStatuses,
  withdrawalSortFields,
  withdrawalStatuses,
} from '../facts/withdrawals.ts';
import { envelope, id, isoDate, money, paged } from './envelope.ts';
import { hasNoNul, NUL_MESSAGE } from './input.ts';
import {
  listParam,
  optionalDateParam,
  optionalEnum,
  optionalIdParam,
  optionalSizeParam,
  optionalText,
  pageParam,
  sizeParam,
  sortBy,
  sortType,
} from './query.ts';

export type { WithdrawalStatus };
export { withdrawalDecisionStatuses, withdrawalSortFields, withdrawalStatuses };
export const withdrawalStatusSchema = z.enum(withdrawalStatuses);

export const withdrawalSchema = z.object({
  id,
  User: z.object({
    id,
    name: z.string().nullable(),
    email: z.string().nullable(),
    username: z.string().nullable(),
  }),
  amount: money,
  wallet_address: z.string().nullable(),
  status: withdrawalStatusSchema,
  hash: z.string().nullable(),
  processing: z.boolean(),
  createdAt: isoDate,
  comment: z.string().nullable(),
  /** When an admin approved or rejected it (null while pending or waiting). Sent by the API; optional for older data. */
  processedAt: isoDate.nullable().optional(),
  /** The admin (id) who approved or rejected it. */
  processedBy: id.nullable().optional(),
  /** Four-eyes: the admin (id) of the first approval of a large withdrawal, and when (null otherwise). */
  firstApprovedBy: id.nullable().optional(),
  firstApprovedAt: isoDate.nullable().optional(),
  /**
   * Who gave that first approval, by name (docs/architecture.md#console-behaviour): the second approver's
   * dialog names them.
   */
  firstApprover: z.object({ id, email: z.string(), name: z.string().nullable() }).nullable().optional(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

// GET /admin/withdrawal (per_page wins over limit when both are sent)
export const withdrawalsListQuery = z.object({
  page: pageParam,
  limit: sizeParam(10),
  per_page: optionalSizeParam(),
  id: optionalIdParam,
  user_name: optionalText(),
  status: optionalEnum(withdrawalStatuses),
  /** `status_in=a,b`, `status_in=a&status_in=b` or `status_in[]=a&status_in[]=b`. */
  status_in: listParam(withdrawalStatusSchema),
  from: optionalDateParam,
  to: optionalDateParam,
  sort_by: sortBy(withdrawalSortFields),
  sort_type: sortType,
  telegram_id: optionalText(),
  leader_telegram_id: optionalText(),
});
export type WithdrawalsListQuery = z.infer<typeof withdrawalsListQuery>;
export const withdrawalsListResponse = envelope(paged(withdrawalSchema));
export type WithdrawalsListResponse = z.infer<typeof withdrawalsListResponse>;

const withdrawalIdString = z
  .union([z.string(), z.number()], { error: 'withdrawal_id is required' })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^[1-9]\d{0,9}$/, 'Invalid withdrawal id'))
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, 'Invalid withdrawal id');

/** The rejection reason, stored as the withdrawal's comment (`reason` and `comment` are synonyms). */
const reasonText = z
  .string()
  .trim()
  .max(500, 'Reason must not exceed 500 characters')
  .refine(hasNoNul, NUL_MESSAGE)
  .optional();
const commentText = z
  .string()
  .trim()
  .max(500, 'Comment must not exceed 500 characters')
  .refine(hasNoNul, NUL_MESSAGE)
  .optional();

const decision = z.enum(withdrawalDecisionStatuses, { error: 'Status is required' });

// POST /admin/withdrawal/update
export const withdrawalUpdateBody = z.object({
  withdrawal_id: withdrawalIdString,
  status: decision.default('approved'),
  comment: commentText,
  /** Same as comment (required, one or the other, for a rejection: 'Reason is required for rejection'). */
  reason: reasonText,
});
export type WithdrawalUpdateBody = z.infer<typeof withdrawalUpdateBody>;
export const withdrawalUpdateResponse = envelope(withdrawalSchema);
export type WithdrawalUpdateResponse = z.infer<typeof withdrawalUpdateResponse>;

// POST /admin/withdrawal/update-bulk
export const withdrawalUpdateBulkBody = z.object({
  withdrawal_ids: z.array(withdrawalIdString).min(1, 'Please select withdrawals to update').max(500),
  status: decision,
  comment: commentText,
  /** Same as comment (required, one or the other, for a rejection). */
  reason: reasonText,
});
export type WithdrawalUpdateBulkBody = z.infer<typeof withdrawalUpdateBulkBody>;

/** One id of a bulk update that was not changed, and why ('Withdrawal not found', 'Withdrawal is no longer pending...'). */
export const withdrawalBulkFailureSchema = z.object({
  id,
  /** Its current status, null when it does not exist. */
  status: withdrawalStatusSchema.nullable(),
  message: z.string(),
});
export type WithdrawalBulkFailure = z.infer<typeof withdrawalBulkFailureSchema>;

/**
 * 200 whenever the request is valid. `data` = the withdrawals that were changed; `updated` = their ids;
 * `failed` = the others with a reason. success is true only when nothing failed; message is
 * 'Withdrawal statuses updated successfully' or 'Some withdrawal updates failed'.
 * `awaitingSecondApproval` = the ids of `updated` that this approval moved to awaiting_approval (four-eyes:
 * a different admin must approve them too); optional for older servers.
 */
export const withdrawalUpdateBulkResponse = envelope(z.array(withdrawalSchema)).extend({
  updated: z.array(id),
  failed: z.array(withdrawalBulkFailureSchema),
  awaitingSecondApproval: z.array(id).optional(),
});
export type WithdrawalUpdateBulkResponse = z.infer<typeof withdrawalUpdateBulkResponse>;

/**
 * Pending-withdrawal filter state of the console (shared/src/contract): defaults status pending, sorted by
 * createdAt descending, 10 per page. The UI exposes only the ID filter and per_page; telegram ids are unused.
 */
export const pendingWithdrawalFilterSchema = z.object({
  id: z.string().default(''),
  user_name: z.string().default(''),
  status: withdrawalStatusSchema.default('pending'),
  from: z.string().default(''),
  to: z.string().default(''),
  per_page: z.number().int().min(1).max(100).default(10),
  sort_by: z.enum(withdrawalSortFields).default('createdAt'),
  sort_type: z.enum(['asc', 'desc']).default('desc'),
  telegram_id: z.string().default(''),
  leader_telegram_id: z.string().default(''),
});
export type PendingWithdrawalFilter = z.infer<typeof pendingWithdrawalFilterSchema>;
