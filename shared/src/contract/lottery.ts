import { z } from 'zod';
import {
  type LotteryStatus,
  type LotteryTicketStatus,
  lotteryListStatuses,
  lotteryStatuses,
  lotteryTicketStatuses,
} from '../facts/lottery.ts';
import { messages } from '../rules/messages.ts';
import { envelope, id, isoDate, messageResponse, money, paged } from './envelope.ts';
import {
  hasNoNul,
  INT4_MAX,
  idNumber,
  inDateRange,
  MAX_INPUT_YEAR,
  MIN_INPUT_YEAR,
  NUL_MESSAGE,
} from './input.ts';
import { idParams, optionalEnum, optionalIdParam, pageParam, sizeParam } from './query.ts';

export type { LotteryStatus, LotteryTicketStatus };
export { lotteryListStatuses, lotteryStatuses, lotteryTicketStatuses };
export const lotteryStatusSchema = z.enum(lotteryStatuses);
export const lotteryTicketStatusSchema = z.enum(lotteryTicketStatuses);

/** Ticket number: two capital letters then five digits, e.g. AB12345. */
export const ticketNumberSchema = z
  .string()
  .regex(
    /^[A-Z]{2}\d{5}$/,
    'Invalid ticket number format. Must be 2 alphabets followed by 5 numbers (e.g., AB12345)',
  );

const percentage = z
  .number()
  .min(0, 'Percentage must be at least 0')
  .max(100, 'Percentage cannot exceed 100');

export const winnerDistributionSchema = z.object({ rank: z.number().int().min(1), percentage });
export type WinnerDistribution = z.infer<typeof winnerDistributionSchema>;
/** As input: a rank the integer columns can hold. */
const winnerDistributionInput = z.object({ rank: z.number().int().min(1).max(INT4_MAX), percentage });

/** Distribution: rank, percentage and amount = total_pool * percentage / 100. */
export const distributionSchema = z.object({ rank: z.number().int().min(1), percentage, amount: money });
export type Distribution = z.infer<typeof distributionSchema>;

export const winnerUserSchema = z.object({
  username: z.string(),
  name: z.string().nullable(),
  balance: money,
  winnings: money,
});
export type WinnerUser = z.infer<typeof winnerUserSchema>;

export const winnerEntrySchema = z.object({
  rank: z.number().int().min(1),
  percentage,
  ticket_number: ticketNumberSchema,
  user: winnerUserSchema,
  /** The ticket's id (sent by the API; optional for older payloads). */
  ticket_id: id.optional(),
  /** Prize of this rank: total_pool * percentage / 100 rounded DOWN to the cent (sent by the API). */
  amount: money.optional(),
  /** true once the prize was credited (published result), false for a fresh draw (sent by the API). */
  prize_distributed: z.boolean().optional(),
});
export type WinnerEntry = z.infer<typeof winnerEntrySchema>;

export const lotterySchema = z.object({
  id,
  name: z.string(),
  status: lotteryStatusSchema,
  ticket_price: money,
  /** Sum of the prices of the tickets sold (not cancelled). */
  total_pool: money,
  current_participants: z.number().int().min(0),
  /** null = no cap. */
  max_participants: z.number().int().min(1).nullable(),
  start_time: isoDate,
  end_time: isoDate,
  result_time: isoDate,
  /** Number of winners. */
  winners: z.number().int().min(1),
  winner_distributions: z.array(winnerDistributionSchema),
  /** Admin share in percent (20..100). */
  admin_share: z.number().int().min(0).max(100),
  /**
   * What the prizes leave of the pool: total_pool - distributionAmount (>= total_pool * admin_share / 100;
   * prizes are rounded down to the cent, so the rounding remainder goes to the admin).
   */
  adminProfit: money,
  /** Sum of the prizes (each total_pool * percentage / 100 rounded down to the cent; published amounts once completed). */
  distributionAmount: money,
  prize_distributed: z.boolean(),
  /** Published winners, null until published. */
  result: z.array(winnerEntrySchema).nullable(),
  createdAt: isoDate,
});
export type Lottery = z.infer<typeof lotterySchema>;

/** The announce/details view of a lottery. */
export const lotteryDetailsSchema = lotterySchema.extend({
  distributions: z.array(distributionSchema),
  adminShare: z.number().int().min(0).max(100),
});
export type LotteryDetails = z.infer<typeof lotteryDetailsSchema>;

export const lotteryTicketSchema = z.object({
  id,
  ticket_number: ticketNumberSchema,
  price: money,
  prize_rank: z.number().int().min(1).nullable(),
  winning_amount: money,
  is_winner: z.boolean(),
  status: lotteryTicketStatusSchema,
  createdAt: isoDate,
  Lottery: z.object({ id, name: z.string(), status: lotteryStatusSchema }),
  user: z.object({
    id,
    username: z.string(),
    name: z.string().nullable(),
    user_detail: z.object({ balance: money, winnings: money }),
  }),
});
export type LotteryTicket = z.infer<typeof lotteryTicketSchema>;

const moneyInput = z
  .union([z.string(), z.number()], { error: 'Ticket price must be greater than 0' })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'Ticket price must be greater than 0')
      .refine((v) => Number(v) > 0, 'Ticket price must be greater than 0')
      // At most 2 decimals (the form steps by 0.01); trailing zeros do not count ('2.500' is 2.5).
      .refine((v) => !/\.\d{2}0*[1-9]/.test(v), messages.lottery.ticketPriceDecimals)
      // numeric(20, 8) holds 12 integer digits; 10 leave room for the pool (the sum of the prices).
      .refine((v) => /^0*\d{1,10}(\.|$)/.test(v), 'Ticket price is too large'),
  );

const dateTimeInput = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be an ISO date-time` })
    .refine(inDateRange, `${label} must be between the years ${MIN_INPUT_YEAR} and ${MAX_INPUT_YEAR}`);

/** Result announcement delay: the raw hours choice, 1..5 hours after the end time. */
export const resultDelayHours = z.coerce
  .number({ error: 'Result announcement must be at least 1 hour' })
  .pipe(
    z
      .number()
      .int('Result announcement must be a whole number of hours')
      .min(1, 'Result announcement must be at least 1 hour')
      .max(5, 'Result announcement cannot exceed 5 hours'),
  );

// POST /admin/lottery
export const lotteryCreateBody = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(3, 'Name must be at least 3 characters')
      .max(30, 'Name must not exceed 30 characters')
      .refine(hasNoNul, NUL_MESSAGE),
    ticket_price: moneyInput,
    winners: z.coerce
      .number({ error: 'Number of winners must be at least 1' })
      .pipe(
        z
          .number()
          .int('Number of winners must be at least 1')
          .min(1, 'Number of winners must be at least 1')
          .max(INT4_MAX, `Number of winners must not exceed ${INT4_MAX}`),
      ),
    start_time: dateTimeInput('Start time'),
    end_time: dateTimeInput('End time'),
    result_time: resultDelayHours.default(1),
    winner_distributions: z.array(winnerDistributionInput).min(1, 'Number of winners must be at least 1'),
    admin_share: z.coerce
      .number()
      .pipe(
        z
          .number()
          .int('Admin share must be a whole number')
          .min(20, 'Admin share must be at least 20%')
          .max(100, 'Admin share cannot exceed 100%'),
      )
      .default(20),
    max_participants: z
      .number({ error: 'Max participants must be a whole number' })
      .int('Max participants must be a whole number')
      .min(1, 'Max participants must be at least 1')
      .max(INT4_MAX, `Max participants must not exceed ${INT4_MAX}`)
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.start_time) >= Date.parse(v.end_time)) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'End time must be after start time' });
    }
    if (v.winner_distributions.length !== v.winners) {
      ctx.addIssue({
        code: 'custom',
        path: ['winner_distributions'],
        message: `Expected ${v.winners} winner percentages, got ${v.winner_distributions.length}`,
      });
    }
    // Sum in hundredths to avoid float drift (percentages have at most 2 decimals in the UI).
    const total = v.winner_distributions.reduce((s, d) => s + Math.round(d.percentage * 100), 0) / 100;
    const expected = 100 - v.admin_share;
    const shareValid = Number.isInteger(v.admin_share) && v.admin_share >= 20 && v.admin_share <= 100;
    if (shareValid && total !== expected) {
      ctx.addIssue({
        code: 'custom',
        path: ['winner_distributions'],
        message: `Total percentage must equal ${expected}%. Current total: ${total}%`,
      });
    }
  });
export type LotteryCreateBody = z.infer<typeof lotteryCreateBody>;
export const lotteryCreateResponse = envelope(lotterySchema);
export type LotteryCreateResponse = z.infer<typeof lotteryCreateResponse>;

// GET /admin/lottery
export const lotteryListQuery = z.object({
  status: optionalEnum(lotteryListStatuses),
  page: pageParam,
  limit: sizeParam(10),
});
export type LotteryListQuery = z.infer<typeof lotteryListQuery>;
export const lotteryListResponse = envelope(paged(lotterySchema));
export type LotteryListResponse = z.infer<typeof lotteryListResponse>;

// GET /admin/lottery/details/:id
export const lotteryDetailsParams = idParams;
export const lotteryDetailsResponse = envelope(lotteryDetailsSchema);
export type LotteryDetailsResponse = z.infer<typeof lotteryDetailsResponse>;

// GET /admin/lottery/tickets
export const lotteryTicketsQuery = z.object({
  lottery_id: optionalIdParam,
  status: optionalEnum(lotteryTicketStatuses),
  /**
   * `sold=true`: only the tickets sold, i.e. not cancelled (docs/architecture.md#console-behaviour): what a
   * lottery's Tickets Sold (current_participants) and pool count, so a list of one lottery's tickets totals
   * the same number.
   */
  sold: z.preprocess(
    (v) => (v === 'true' || v === true ? true : v === '' || v === 'false' || v === false ? undefined : v),
    z.literal(true).optional(),
  ),
  page: pageParam,
  limit: sizeParam(10),
});
export type LotteryTicketsQuery = z.infer<typeof lotteryTicketsQuery>;
export const lotteryTicketsResponse = envelope(paged(lotteryTicketSchema));
export type LotteryTicketsResponse = z.infer<typeof lotteryTicketsResponse>;

// PATCH /admin/lottery/:id (does not change the status)
export const lotteryUpdateParams = idParams;
export const lotteryUpdateBody = z
  .object({
    start_time: dateTimeInput('Start time').optional(),
    end_time: dateTimeInput('End time').optional(),
    result_time: resultDelayHours.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.start_time && v.end_time && Date.parse(v.start_time) >= Date.parse(v.end_time)) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'End time must be after start time' });
    }
  });
export type LotteryUpdateBody = z.infer<typeof lotteryUpdateBody>;
export const lotteryUpdateResponse = envelope(lotterySchema);
export type LotteryUpdateResponse = z.infer<typeof lotteryUpdateResponse>;

// DELETE /admin/lottery/:id
export const lotteryDeleteParams = idParams;
export const lotteryDeleteResponse = messageResponse;
export type LotteryDeleteResponse = z.infer<typeof lotteryDeleteResponse>;

// GET /admin/lottery/winners?lottery_id= (read only: the published winners of a completed lottery, or
// the latest draw of a closed one, none before a draw)
const lotteryIdInput = idNumber('Invalid lottery id', 'Invalid lottery id', 'lottery_id is required');
export const lotteryWinnersQuery = z.object({ lottery_id: lotteryIdInput });
export type LotteryWinnersQuery = z.infer<typeof lotteryWinnersQuery>;
export const lotteryWinnersResponse = envelope(z.array(winnerEntrySchema));
export type LotteryWinnersResponse = z.infer<typeof lotteryWinnersResponse>;

// POST /admin/lottery/:id/draw (a fresh random draw of a closed lottery, recorded and audited)
export const lotteryDrawParams = idParams;
export const lotteryDrawResponse = lotteryWinnersResponse;
export type LotteryDrawResponse = z.infer<typeof lotteryDrawResponse>;

// GET /admin/lottery/ticket/:ticketNumber
export const lotteryTicketLookupParams = z.object({
  ticketNumber: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), ticketNumberSchema),
});
export const lotteryTicketLookupQuery = z.object({ lottery_id: optionalIdParam });
export type LotteryTicketLookupQuery = z.infer<typeof lotteryTicketLookupQuery>;
export const lotteryTicketLookupResponse = envelope(lotteryTicketSchema);
export type LotteryTicketLookupResponse = z.infer<typeof lotteryTicketLookupResponse>;

// POST /admin/lottery/publish
export const lotteryPublishBody = z.object({
  lottery_id: lotteryIdInput,
  result: z
    .array(
      z.object({
        rank: z.number().int().min(1).max(INT4_MAX),
        percentage: percentage.optional(),
        ticket_number: ticketNumberSchema,
      }),
    )
    .min(1, 'Winners are required'),
});
export type LotteryPublishBody = z.infer<typeof lotteryPublishBody>;
export const lotteryPublishResponse = envelope(lotteryDetailsSchema);
export type LotteryPublishResponse = z.infer<typeof lotteryPublishResponse>;
