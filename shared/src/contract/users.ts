import { z } from 'zod';
import { envelope, id, isoDate, messageResponse, paged } from './envelope.ts';
import {
  idParams,
  optionalEnum,
  optionalSizeParam,
  optionalText,
  pageParam,
  sizeParam,
  sortBy,
  sortType,
} from './query.ts';

export const userStatuses = ['active', 'blocked', 'inactive'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** A platform user (player). Role values are not specified; the seed uses 'user' and 'vip'. */
export const userSchema = z.object({
  id,
  name: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  role: z.string(),
  status: userStatusSchema,
  last_login: isoDate.nullable(),
  createdAt: isoDate,
});
export type User = z.infer<typeof userSchema>;

// GET /admin/user (per_page wins over limit when both are sent)
export const userSortFields = [
  'createdAt',
  'id',
  'name',
  'username',
  'email',
  'status',
  'role',
  'last_login',
] as const;
export const usersListQuery = z.object({
  page: pageParam,
  limit: sizeParam(10),
  per_page: optionalSizeParam(),
  email: optionalText(),
  username: optionalText(),
  status: optionalEnum(userStatuses),
  sort_by: sortBy(userSortFields),
  sort_type: sortType,
});
export type UsersListQuery = z.infer<typeof usersListQuery>;
export const usersListResponse = envelope(paged(userSchema));
export type UsersListResponse = z.infer<typeof usersListResponse>;

// PUT /admin/user/:id ('unblocked' is the unblock status and sets active)
export const userUpdateParams = idParams;
export const userUpdateStatuses = ['active', 'blocked', 'inactive', 'unblocked'] as const;
export const userUpdateBody = z.object({
  status: z.enum(userUpdateStatuses, { error: 'Status must be one of active, blocked, inactive, unblocked' }),
});
export type UserUpdateBody = z.infer<typeof userUpdateBody>;
export const userUpdateResponse = envelope(userSchema);
export type UserUpdateResponse = z.infer<typeof userUpdateResponse>;

// DELETE /admin/user/:id (soft delete)
export const userDeleteParams = idParams;
export const userDeleteResponse = messageResponse;
export type UserDeleteResponse = z.infer<typeof userDeleteResponse>;

// PUT /admin/user/:id/block
export const userBlockParams = idParams;
export const userBlockBody = z.object({
  userId: z.coerce.number().pipe(z.number().int().min(1, 'Invalid user id')).optional(),
  reason: z.string().trim().max(500, 'Reason must not exceed 500 characters').optional(),
});
export type UserBlockBody = z.infer<typeof userBlockBody>;
export const userBlockResponse = envelope(userSchema);
export type UserBlockResponse = z.infer<typeof userBlockResponse>;

// PUT /admin/user/:id/unblock
export const userUnblockParams = idParams;
export const userUnblockResponse = envelope(userSchema);
export type UserUnblockResponse = z.infer<typeof userUnblockResponse>;
