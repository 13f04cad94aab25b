import { z } from 'zod';
import { type TransactionStatus, transactionSortFields, transactionStatuses } from '../facts/transactions.ts';
import { envelope, id, isoDate, money, paged } from './envelope.ts';
import {
  idParams,
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

export type { TransactionStatus };
export { transactionSortFields, transactionStatuses };
export const transactionStatusSchema = z.enum(transactionStatuses);

/** A deposit. */
export const transactionSchema = z.object({
  id,
  User: z.object({ id, name: z.string().nullable(), username: z.string() }),
  amount: money,
  currency: z.string(),
  payment_id: z.string().nullable(),
  pay_currency: z.string().nullable(),
  status: transactionStatusSchema,
  createdAt: isoDate,
  pay_address: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

// GET /admin/transactions (per_page wins over limit when both are sent)
export const transactionsListQuery = z.object({
  page: pageParam,
  limit: sizeParam(10),
  per_page: optionalSizeParam(),
  id: optionalIdParam,
  username: optionalText(),
  status: optionalEnum(transactionStatuses),
  pay_address: optionalText(200),
  date_start: optionalDateParam,
  date_end: optionalDateParam,
  sort_by: sortBy(transactionSortFields),
  sort_type: sortType,
});
export type TransactionsListQuery = z.infer<typeof transactionsListQuery>;
export const transactionsListResponse = envelope(paged(transactionSchema));
export type TransactionsListResponse = z.infer<typeof transactionsListResponse>;

// GET /admin/transactions/:id
export const transactionDetailsParams = idParams;
export const transactionDetailsResponse = envelope(transactionSchema);
export type TransactionDetailsResponse = z.infer<typeof transactionDetailsResponse>;
