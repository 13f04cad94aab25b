import { z } from 'zod';
import { envelope, id, isoDate, messageResponse, paged } from './envelope.ts';
import {
  idParams,
  optionalDateParam,
  optionalEnum,
  optionalIdParam,
  optionalText,
  pageParam,
  sizeParam,
  sortBy,
  sortType,
} from './query.ts';

export const supportStatuses = ['open', 'closed'] as const;
export const supportStatusSchema = z.enum(supportStatuses);
export type SupportStatus = z.infer<typeof supportStatusSchema>;

export const supportTicketSchema = z.object({
  id,
  type: z.string(),
  message: z.string(),
  status: supportStatusSchema,
  remarks: z.string().nullable(),
  createdAt: isoDate,
  User: z.object({ id, name: z.string().nullable(), username: z.string() }),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

// GET /admin/support
export const supportSortFields = ['createdAt', 'id', 'status', 'type'] as const;
export const supportListQuery = z.object({
  id: optionalIdParam,
  username: optionalText(),
  status: optionalEnum(supportStatuses),
  /** Day (YYYY-MM-DD) the ticket was created, in UTC. */
  created_at: optionalDateParam,
  sort_by: sortBy(supportSortFields),
  sort_type: sortType,
  per_page: sizeParam(10),
  page: pageParam,
});
export type SupportListQuery = z.infer<typeof supportListQuery>;
export const supportListResponse = envelope(paged(supportTicketSchema));
export type SupportListResponse = z.infer<typeof supportListResponse>;

// PUT /admin/support/:id
export const supportUpdateParams = idParams;
export const supportUpdateBody = z.object({
  status: z.enum(supportStatuses, { error: "Status must be 'open' or 'closed'" }),
  remarks: z.string().trim().max(1000, 'Remarks must not exceed 1000 characters').nullable().optional(),
});
export type SupportUpdateBody = z.infer<typeof supportUpdateBody>;
export const supportUpdateResponse = envelope(supportTicketSchema);
export type SupportUpdateResponse = z.infer<typeof supportUpdateResponse>;

// DELETE /admin/support/:id (closes the ticket)
export const supportDeleteParams = idParams;
export const supportDeleteResponse = messageResponse;
export type SupportDeleteResponse = z.infer<typeof supportDeleteResponse>;
