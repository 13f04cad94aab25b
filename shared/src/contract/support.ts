import { z } from 'zod';
import { type SupportStatus, supportSortFields, supportStatuses } from '../facts/support.ts';
import { envelope, id, isoDate, messageResponse, paged } from './envelope.ts';
import { hasNoNul, NUL_MESSAGE } from './input.ts';
import {
  optionalDateParam,
  optionalEnum,
  optionalIdParam,
  optionalText,
  pageParam,
  sizeParam,
  sortBy,
  sortType,
} from './query.ts';

export type { SupportStatus };
export { supportSortFields, supportStatuses };
export const supportStatusSchema = z.enum(supportStatuses);

export const supportTicketSchema = z.object({
  id,
  type: z.string(),
  message: z.string(),
  status: supportStatusSchema,
  remarks: z.string().nullable(),
  createdAt: isoDate,
  User: z.object({ id, name: z.string().nullable(), username: z.string() }),
  /** Last change (always sent by the API; optional only so older fixtures still type-check). */
  updatedAt: isoDate.optional(),
  /** When the ticket was closed; null while open (always sent by the API). */
  closedAt: isoDate.nullable().optional(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

// GET /admin/support
/**
 * Filters: id = exact ticket id; username = case-insensitive PREFIX of the ticket owner's username
 * ('joh' finds 'John_Doe'; `%` and `_` match themselves); status; created_at = the UTC day the ticket was
 * created (a date-time is cut to its UTC day); date_start/date_end = created from/until, inclusive (the
 * console sends the viewer's day boundaries). Sort: sort_by in supportSortFields (ties: createdAt then id,
 * same direction), sort_type asc|desc (default createdAt desc). per_page 1..100 (default 10), page >= 1.
 * Tickets of soft-deleted users stay listed (records are kept).
 */
export const supportListQuery = z.object({
  id: optionalIdParam,
  username: optionalText(),
  status: optionalEnum(supportStatuses),
  /** Day (YYYY-MM-DD) the ticket was created, in UTC. */
  created_at: optionalDateParam,
  /** Created from / until (inclusive), as for transactions: an instant, or a day = its UTC day. */
  date_start: optionalDateParam,
  date_end: optionalDateParam,
  sort_by: sortBy(supportSortFields),
  sort_type: sortType,
  per_page: sizeParam(10),
  page: pageParam,
});
export type SupportListQuery = z.infer<typeof supportListQuery>;
export const supportListResponse = envelope(paged(supportTicketSchema));
export type SupportListResponse = z.infer<typeof supportListResponse>;

export const SUPPORT_ID_MISSING = 'Support ID is missing';

/**
 * `/:id` of the support update/close calls: a missing, blank, non-numeric or non-positive id answers
 * 400 'Support ID is missing' (shared/src/rules), without a field prefix.
 */
export const supportIdParams = z.object({ id: z.unknown().optional() }).transform((params, ctx) => {
  const text =
    typeof params.id === 'number' ? String(params.id) : typeof params.id === 'string' ? params.id.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2147483647) {
    ctx.addIssue({ code: 'custom', message: SUPPORT_ID_MISSING, path: [] });
    return z.NEVER;
  }
  return { id: Number(text) };
});

// PUT /admin/support/:id
/**
 * status 'closed' closes the ticket (closedAt set, kept if it was already closed); 'open' reopens it
 * (closedAt cleared). remarks: absent = unchanged, null or blank = cleared, else stored trimmed.
 */
export const supportUpdateParams = supportIdParams;
export const supportUpdateBody = z.preprocess(
  (v) => (v === undefined || v === null ? {} : v),
  z.object({
    status: z.enum(supportStatuses, { error: "Status must be 'open' or 'closed'" }),
    remarks: z
      .string()
      .trim()
      .max(1000, 'Remarks must not exceed 1000 characters')
      .refine(hasNoNul, NUL_MESSAGE)
      .nullable()
      .optional(),
  }),
);
export type SupportUpdateBody = z.infer<typeof supportUpdateBody>;
export const supportUpdateResponse = envelope(supportTicketSchema);
export type SupportUpdateResponse = z.infer<typeof supportUpdateResponse>;

// DELETE /admin/support/:id (closes the ticket; nothing is deleted)
/** Sets status closed and closedAt; 409 'Support ticket is already closed' when it was closed. */
export const supportDeleteParams = supportIdParams;
/** `{ success, message }` plus the closed ticket in `data` (additive). */
export const supportDeleteResponse = messageResponse.extend({ data: supportTicketSchema });
export type SupportDeleteResponse = z.infer<typeof supportDeleteResponse>;
