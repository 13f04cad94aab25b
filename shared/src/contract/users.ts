import { z } from 'zod';
import {
  gameOutcomes,
  type UserStatus,
  userBlockActions,
  userSortFields,
  userStatuses,
  userUpdateStatuses,
} from '../facts/users.ts';
import { envelope, id, isoDate, messageResponse, money, paged } from './envelope.ts';
import { hasNoNul, idNumber, NUL_MESSAGE } from './input.ts';
import { lotteryStatusSchema, lotteryTicketStatusSchema } from './lottery.ts';
import { mineGameStatusSchema } from './mines.ts';
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
import { transactionStatusSchema } from './transactions.ts';
import { withdrawalStatusSchema } from './withdrawals.ts';

export type { UserStatus };
export { userBlockActions, userSortFields, userStatuses, userUpdateStatuses };
export const userStatusSchema = z.enum(userStatuses);

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
  /** Reason of the current block, null when not blocked (always sent by the API; optional for old fixtures). */
  block_reason: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

// GET /admin/user (per_page wins over limit when both are sent)
/**
 * Lists users that are not deleted. Filters: email and username = case-insensitive PREFIX match
 * ('JOHN' finds 'john.doe@x.com'; `%` and `_` match themselves; a full address finds exactly that user);
 * status = exact. Sort: sort_by in userSortFields (name, username and email compare case-insensitively;
 * users without a name or a last_login come last in both directions; ties: createdAt then id, same
 * direction), sort_type asc|desc (default createdAt desc).
 */
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

export const BLOCK_REASON_REQUIRED = 'Reason is required';
const blockReason = z
  .string({ error: BLOCK_REASON_REQUIRED })
  .trim()
  .min(1, BLOCK_REASON_REQUIRED)
  .max(500, 'Reason must not exceed 500 characters')
  .refine(hasNoNul, NUL_MESSAGE);
const optionalReason = z
  .string()
  .trim()
  .max(500, 'Reason must not exceed 500 characters')
  .refine(hasNoNul, NUL_MESSAGE)
  .nullable()
  .optional();
const objectBody = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === undefined || v === null ? {} : v), schema);

// PUT /admin/user/:id
/**
 * docs/architecture.md#where-each-kind-of-rule-lives: "unblock is a status called 'unblocked'". It is the
 * ACTION: the stored status after an unblock is the one the user had right before the block, 'active' or
 * 'inactive' (users.status is active | blocked | inactive; 'active' for blocks older than that memory), and
 * the history keeps an 'unblocked' entry.
 * - 'blocked' = the block call: needs a reason ('reason: Reason is required'), 409 when already blocked;
 * - 'unblocked' = the unblock call: 409 'User is not blocked' unless blocked;
 * - 'active' / 'inactive': set as given; leaving 'blocked' this way is recorded as an unblock.
 * Setting the status the user already has answers 200 'User status unchanged'.
 * Unknown or deleted user: 404 'User not found'.
 */
export const userUpdateParams = idParams;
export const userUpdateBody = objectBody(
  z
    .object({
      status: z.enum(userUpdateStatuses, {
        error: 'Status must be one of active, blocked, inactive, unblocked',
      }),
      /** Why (stored in the block history); required when status is 'blocked'. */
      reason: optionalReason,
    })
    .superRefine((body, ctx) => {
      if (body.status === 'blocked' && !body.reason)
        ctx.addIssue({ code: 'custom', message: BLOCK_REASON_REQUIRED, path: ['reason'] });
    }),
);
export type UserUpdateBody = z.infer<typeof userUpdateBody>;
export const userUpdateResponse = envelope(userSchema);
export type UserUpdateResponse = z.infer<typeof userUpdateResponse>;

// DELETE /admin/user/:id (soft delete)
/**
 * Sets deleted_at: the user leaves every user list and the dashboard count, cannot be blocked, updated
 * or opened any more (404 'User not found', also for a second delete); deposits, withdrawals, tickets,
 * games, ledger and support tickets are kept untouched.
 */
export const userDeleteParams = idParams;
export const userDeleteResponse = messageResponse;
export type UserDeleteResponse = z.infer<typeof userDeleteResponse>;

// PUT /admin/user/:id/block
/**
 * Sets status blocked and block_reason, and records who (the signed-in admin), when and why in the block
 * history. reason is required ('reason: Reason is required'); userId is optional and, when sent, must equal
 * the id of the path ('User ID does not match'). 409 'User is already blocked'; 404 'User not found'.
 */
export const userBlockParams = idParams;
const userIdField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  idNumber('Invalid user id', 'Invalid user id').optional(),
);
export const userBlockBody = objectBody(z.object({ userId: userIdField, reason: blockReason }));
export type UserBlockBody = z.infer<typeof userBlockBody>;
export const userBlockResponse = envelope(userSchema);
export type UserBlockResponse = z.infer<typeof userBlockResponse>;

// PUT /admin/user/:id/unblock
/**
 * Status goes back to the one the user had right before the block ('active' or 'inactive'; 'active' for
 * blocks older than that memory; blocking again while blocked is refused and keeps it), block_reason is
 * cleared and an 'unblocked' entry with the admin, time and the optional reason is recorded. 409 'User is not blocked'; 404 'User not found'.
 */
export const userUnblockParams = idParams;
/** Optional body (additive): `{ reason? }` kept in the history. No body is fine. */
export const userUnblockBody = objectBody(z.object({ userId: userIdField, reason: optionalReason }));
export type UserUnblockBody = z.infer<typeof userUnblockBody>;
export const userUnblockResponse = envelope(userSchema);
export type UserUnblockResponse = z.infer<typeof userUnblockResponse>;

// GET /admin/user/:id (the user screen /users/{id})
/** How many recent rows of each kind the user detail carries (newest first). */
export const USER_DETAIL_RECENT = 10;

/** One entry of the block history: who blocked or unblocked the user, when and why. */
export const userBlockEntrySchema = z.object({
  id,
  action: z.enum(userBlockActions),
  reason: z.string().nullable(),
  createdAt: isoDate,
  /** The admin who acted; null for entries without one (imported or seeded history). */
  admin: z.object({ id, name: z.string(), email: z.string() }).nullable(),
});
export type UserBlockEntry = z.infer<typeof userBlockEntrySchema>;

export const userProfileSchema = userSchema.extend({
  block_reason: z.string().nullable(),
  balance: money,
  /** Sum of prizes and payouts ever credited. */
  winnings: money,
  updatedAt: isoDate,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** A deposit of the user (the Transactions list row without User). */
export const userTransactionSchema = z.object({
  id,
  amount: money,
  currency: z.string(),
  payment_id: z.string().nullable(),
  pay_currency: z.string().nullable(),
  pay_address: z.string().nullable(),
  status: transactionStatusSchema,
  createdAt: isoDate,
});
export type UserTransaction = z.infer<typeof userTransactionSchema>;

export const userWithdrawalSchema = z.object({
  id,
  amount: money,
  wallet_address: z.string().nullable(),
  status: withdrawalStatusSchema,
  hash: z.string().nullable(),
  processing: z.boolean(),
  comment: z.string().nullable(),
  createdAt: isoDate,
});
export type UserWithdrawal = z.infer<typeof userWithdrawalSchema>;

export const userLotteryTicketSchema = z.object({
  id,
  ticket_number: z.string(),
  price: money,
  status: lotteryTicketStatusSchema,
  is_winner: z.boolean(),
  prize_rank: z.number().int().min(1).nullable(),
  winning_amount: money,
  createdAt: isoDate,
  Lottery: z.object({ id, name: z.string(), status: lotteryStatusSchema }),
});
export type UserLotteryTicket = z.infer<typeof userLotteryTicketSchema>;

export const userMineGameSchema = z.object({
  id,
  mines_count: z.number().int().min(1),
  amount: money,
  /** 'true' = active, 'false' = finished or cancelled (as in the mines lists). */
  status: mineGameStatusSchema,
  outcome: z.enum(gameOutcomes).nullable(),
  payout: money,
  created_at: isoDate,
  finished_at: isoDate.nullable(),
});
export type UserMineGame = z.infer<typeof userMineGameSchema>;

const count = z.number().int().min(0);

export const userDetailsSchema = z.object({
  user: userProfileSchema,
  /** Every block and unblock, newest first. */
  blockHistory: z.array(userBlockEntrySchema),
  /** Deposits: the last USER_DETAIL_RECENT, how many in all, and the completed sum (what was credited). */
  transactions: z.object({
    data: z.array(userTransactionSchema),
    total: count,
    completedCount: count,
    completedAmount: money,
  }),
  /** paidAmount = approved + completed; pendingAmount/pendingCount = pending + waiting (as the dashboard). */
  withdrawals: z.object({
    data: z.array(userWithdrawalSchema),
    total: count,
    paidAmount: money,
    pendingAmount: money,
    pendingCount: count,
  }),
  /** spent = prices of tickets not cancelled; won = winning amounts; wins = winning tickets. */
  lotteryTickets: z.object({
    data: z.array(userLotteryTicketSchema),
    total: count,
    spent: money,
    won: money,
    wins: count,
  }),
  /** Cancelled (refunded) games are counted in total and active 0, but left out of bets and payouts. */
  mineGames: z.object({
    data: z.array(userMineGameSchema),
    total: count,
    active: count,
    bets: money,
    payouts: money,
  }),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** 404 'User not found' for an unknown or deleted user. */
export const userDetailsParams = idParams;
export const userDetailsResponse = envelope(userDetailsSchema);
export type UserDetailsResponse = z.infer<typeof userDetailsResponse>;
