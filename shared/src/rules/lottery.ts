// Create-lottery rules (shared/src/rules), shared by the form and the API so the messages have one source.
import type { z } from 'zod';
import { type DateInput, parseDate } from '../format/dates.ts';
import { type Decimal, type DecimalInput, parseDecimal, trimDecimal } from '../format/decimal.ts';
import { parseJsonArray, parseWinnerDistributions } from '../format/lottery.ts';
import { LOTTERY } from './constants.ts';
import { messages } from './messages.ts';

const m = messages.lottery;
const HOUR_MS = 60 * 60 * 1000;

export interface LotteryFormValues {
  name?: string | null;
  ticketPrice?: DecimalInput;
  startTime?: DateInput;
  endTime?: DateInput;
  /** Hours between end time and result announcement (1 to 5). */
  resultDelayHours?: DecimalInput;
  /** Digits only; a string straight from the input is fine. */
  winners?: string | number | null;
  adminShare?: DecimalInput;
  /** Winner percentages by rank (index 0 = 1st place), up to 2 decimals each. */
  percentages?: readonly DecimalInput[] | null;
}

export interface LotteryFormErrors {
  name?: string;
  ticketPrice?: string;
  startTime?: string;
  endTime?: string;
  resultDelayHours?: string;
  winners?: string;
  adminShare?: string;
  /** Same length as the input list, null where the entry is fine; absent when all are fine. */
  percentages?: (string | null)[];
  /** Total (or count) of the winner percentages does not match 100 - admin share. */
  totalPercentage?: string;
}

export interface LotteryValidationOptions {
  /** Use the submit wording ('Lottery name ...', '... after end time'). */
  submit?: boolean;
  /** How far in the past a start time may be (date-time inputs have minute precision). */
  graceMs?: number;
}

/** A decimal input as a JS number (for small bounded values like hours and shares), or null. */
function toNumber(value: DecimalInput): number | null {
  const decimal = parseDecimal(value);
  return decimal === null ? null : Number(`${decimal.units}e-${decimal.scale}`);
}

/** The decimal without trailing zeros after the point: 1.50 -> { units: 15n, scale: 1 }. */
function withoutTrailingZeros(decimal: Decimal): Decimal {
  let { units, scale } = decimal;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return { units, scale };
}

type Hundredths = { ok: true; value: number } | { ok: false; message: string };

/** A percentage as integer hundredths, so totals like 33.33 + 33.33 + 33.34 are exact. */
function percentHundredths(value: DecimalInput): Hundredths {
  // Numbers are cut to 6 places first so float noise (0.1 + 0.2) is not mistaken for extra decimals.
  const decimal = parseDecimal(
    typeof value === 'number' && Number.isFinite(value) ? value.toFixed(6) : value,
  );
  if (decimal === null) return { ok: false, message: m.percentageRange };
  const { units, scale } = withoutTrailingZeros(decimal);
  if (scale > 2) return { ok: false, message: m.percentageDecimals };
  const hundredths = units * 10n ** BigInt(2 - scale);
  if (hundredths < 0n || hundredths > 10000n) return { ok: false, message: m.percentageRange };
  return { ok: true, value: Number(hundredths) };
}

/** Hundredths as a percent text without trailing zeros: 7950 -> '79.5', 8000 -> '80'. */
export function formatPercentHundredths(hundredths: number): string {
  return trimDecimal(BigInt(hundredths), 2);
}

/** Sum of the winner percentages as hundredths, or null when any entry is missing or invalid. */
export function percentageTotalHundredths(
  percentages: readonly DecimalInput[] | null | undefined,
): number | null {
  let total = 0;
  for (const value of percentages ?? []) {
    const parsed = percentHundredths(value);
    if (!parsed.ok) return null;
    total += parsed.value;
  }
  return total;
}

/** The admin share as a whole percent in 20..100, or null. */
function validAdminShare(value: DecimalInput): number | null {
  const share = toNumber(value);
  return share !== null &&
    Number.isInteger(share) &&
    share >= LOTTERY.adminShareMin &&
    share <= LOTTERY.adminShareMax
    ? share
    : null;
}

/** True when the percentages are all valid and add up to exactly 100 - admin share (submit gate). */
export function isPercentageTotalValid(
  percentages: readonly DecimalInput[] | null | undefined,
  adminShare: DecimalInput,
): boolean {
  const share = validAdminShare(adminShare);
  const total = percentageTotalHundredths(percentages);
  return share !== null && total !== null && total === (100 - share) * 100;
}

/** The winner count when it is digits only and within 1..winnersMax, else null. */
function validWinners(value: string | number | null | undefined): number | null {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (!/^\d+$/.test(text)) return null;
  const winners = Number(text);
  return winners >= LOTTERY.winnersMin && winners <= LOTTERY.winnersMax ? winners : null;
}

/** Field messages for the create-lottery form ({} when valid). `now` is passed in so checks are testable. */
export function validateLotteryForm(
  values: LotteryFormValues,
  now: Date | number,
  options: LotteryValidationOptions = {},
): LotteryFormErrors {
  const errors: LotteryFormErrors = {};
  const submit = options.submit === true;

  // Length in code points, as PostgreSQL counts varchar(30).
  const nameLength = Array.from((values.name ?? '').trim()).length;
  if (nameLength < LOTTERY.nameMin) errors.name = submit ? m.submitNameTooShort : m.nameTooShort;
  else if (nameLength > LOTTERY.nameMax) errors.name = submit ? m.submitNameTooLong : m.nameTooLong;

  const price = parseDecimal(values.ticketPrice);
  if (price === null || price.units <= 0n) errors.ticketPrice = m.ticketPriceInvalid;
  else if (withoutTrailingZeros(price).scale > 2) errors.ticketPrice = m.ticketPriceDecimals;

  const start = parseDate(values.startTime);
  const end = parseDate(values.endTime);
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (start === null) errors.startTime = m.startRequired;
  else if (start.getTime() < nowMs - (options.graceMs ?? LOTTERY.startGraceMs))
    errors.startTime = m.startInPast;
  if (end === null) errors.endTime = m.endRequired;
  if (start !== null && end !== null && start.getTime() >= end.getTime()) {
    errors.startTime ??= m.startAfterEnd;
    errors.endTime = m.endBeforeStart;
  }

  const delay = toNumber(values.resultDelayHours);
  if (delay === null || delay < LOTTERY.resultDelayMinHours) {
    errors.resultDelayHours = submit ? m.submitResultDelayTooShort : m.resultDelayTooShort;
  } else if (delay > LOTTERY.resultDelayMaxHours) {
    errors.resultDelayHours = m.resultDelayTooLong;
  }

  const winners = validWinners(values.winners);
  if (winners === null) {
    const text = String(values.winners ?? '').trim();
    errors.winners = /^\d+$/.test(text) && Number(text) > LOTTERY.winnersMax ? m.winnersMax : m.winnersMin;
  }

  const share = toNumber(values.adminShare);
  if (share === null || share < LOTTERY.adminShareMin) errors.adminShare = m.adminShareMin;
  else if (share > LOTTERY.adminShareMax) errors.adminShare = m.adminShareMax;
  else if (!Number.isInteger(share)) errors.adminShare = m.adminShareInteger;

  const percentages = values.percentages ?? [];
  const entryErrors = percentages.map((value) => {
    const parsed = percentHundredths(value);
    return parsed.ok ? null : parsed.message;
  });
  if (entryErrors.some((message) => message !== null)) errors.percentages = entryErrors;

  if (winners !== null && percentages.length !== winners) {
    errors.totalPercentage = m.percentageCount(winners);
  } else if (errors.adminShare === undefined && errors.percentages === undefined) {
    const expected = (100 - (share ?? 0)) * 100;
    const total = percentageTotalHundredths(percentages) ?? 0;
    if (total !== expected) {
      errors.totalPercentage = m.totalPercentage(
        formatPercentHundredths(expected),
        formatPercentHundredths(total),
      );
    }
  }
  return errors;
}

const FIELD_ORDER = [
  'name',
  'ticketPrice',
  'startTime',
  'endTime',
  'resultDelayHours',
  'winners',
  'adminShare',
  'percentages',
  'totalPercentage',
] as const satisfies readonly (keyof LotteryFormErrors)[];

export type LotteryField = (typeof FIELD_ORDER)[number];

export function hasLotteryErrors(errors: LotteryFormErrors): boolean {
  return FIELD_ORDER.some((field) => errors[field] !== undefined);
}

/** The first problem in form order (for a single toast or a 400 message), or null. */
export function firstLotteryError(
  errors: LotteryFormErrors,
): { field: LotteryField; message: string } | null {
  for (const field of FIELD_ORDER) {
    const value = errors[field];
    if (value === undefined) continue;
    const message = typeof value === 'string' ? value : value.find((entry) => entry !== null);
    if (message) return { field, message };
  }
  return null;
}

/** Splits 100 - adminShare over the winners (2 decimals); the last rank takes the remainder so the total is exact. */
export function equalSplit(winners: number | string | null | undefined, adminShare: DecimalInput): number[] {
  const count = Number(winners);
  if (!Number.isInteger(count) || count <= 0) return [];
  const capped = Math.min(count, LOTTERY.winnersMax);
  // A share that is not a number yet (field being typed) falls back to the default; out-of-range is clamped.
  const share = toNumber(adminShare) ?? LOTTERY.adminShareDefault;
  const pool = Math.min(10000, Math.max(0, 10000 - Math.round(share * 100)));
  let each = Math.floor((2 * pool + capped) / (2 * capped)); // half-up: 8000/3 -> 2667
  if (each * (capped - 1) > pool) each = Math.floor(pool / capped); // keep the remainder non-negative
  const split = Array.from({ length: capped }, () => each / 100);
  split[capped - 1] = (pool - each * (capped - 1)) / 100;
  return split;
}

/** Result announcement time = end time + delay hours; null when either is missing or invalid. */
export function resultTimeFromDelay(endTime: DateInput, delayHours: DecimalInput): Date | null {
  const end = parseDate(endTime);
  const hours = toNumber(delayHours);
  return end === null || hours === null ? null : new Date(end.getTime() + hours * HOUR_MS);
}

/** POST /admin/lottery body as sent by the console (snake_case). */
export interface CreateLotteryBodyLike {
  name?: unknown;
  ticket_price?: unknown;
  winners?: unknown;
  start_time?: unknown;
  end_time?: unknown;
  /** Delay in hours (1..5) or an ISO date-time after end_time. */
  result_time?: unknown;
  /** [{ rank, percentage }] (or JSON text of it), or a plain list of percentages by rank. */
  winner_distributions?: unknown;
  admin_share?: unknown;
}

/** API field name for each form field, so a 400 can point at the body key. */
export const LOTTERY_BODY_FIELDS: Readonly<Record<LotteryField, string>> = {
  name: 'name',
  ticketPrice: 'ticket_price',
  startTime: 'start_time',
  endTime: 'end_time',
  resultDelayHours: 'result_time',
  winners: 'winners',
  adminShare: 'admin_share',
  percentages: 'winner_distributions',
  totalPercentage: 'winner_distributions',
};

function asDecimalInput(value: unknown): DecimalInput {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? value : null;
}

function asDateInput(value: unknown): DateInput {
  return typeof value === 'string' || typeof value === 'number' || value instanceof Date ? value : null;
}

/** Percentages by rank 1..n; null when ranks are missing, repeated or not 1..n. */
function bodyPercentages(value: unknown): DecimalInput[] | null {
  const list = parseJsonArray(value);
  if (list.every((entry) => typeof entry === 'string' || typeof entry === 'number')) {
    return list.map((entry) => asDecimalInput(entry));
  }
  const rows = parseWinnerDistributions(list);
  if (rows.length !== list.length || rows.some((row, index) => row.rank !== index + 1)) return null;
  return rows.map((row) => row.percentage);
}

/** Maps an API body onto the form values the rules understand. */
export function lotteryBodyToFormValues(body: CreateLotteryBodyLike): LotteryFormValues {
  const resultTime = body.result_time;
  const delayAsNumber = toNumber(asDecimalInput(resultTime));
  let resultDelayHours: DecimalInput = delayAsNumber;
  if (delayAsNumber === null) {
    // An ISO result time: the delay is its distance from end_time.
    const result = parseDate(asDateInput(resultTime));
    const end = parseDate(asDateInput(body.end_time));
    resultDelayHours = result && end ? (result.getTime() - end.getTime()) / HOUR_MS : null;
  }
  const winners = body.winners;
  return {
    name: typeof body.name === 'string' ? body.name : null,
    ticketPrice: asDecimalInput(body.ticket_price),
    startTime: asDateInput(body.start_time),
    endTime: asDateInput(body.end_time),
    resultDelayHours,
    winners: typeof winners === 'string' || typeof winners === 'number' ? winners : null,
    adminShare: asDecimalInput(body.admin_share),
    percentages: bodyPercentages(body.winner_distributions),
  };
}

/** Server-side check of a create-lottery body with the submit wording; {} when valid. */
export function validateLotteryBody(
  body: CreateLotteryBodyLike,
  now: Date | number,
  options: Omit<LotteryValidationOptions, 'submit'> = {},
): LotteryFormErrors {
  return validateLotteryForm(lotteryBodyToFormValues(body), now, { ...options, submit: true });
}

/**
 * zod superRefine callback for the create-lottery body, e.g.
 * `bodySchema.superRefine(createLotteryBodyRules())`; one issue per failing body field, path = body key.
 */
export function createLotteryBodyRules(
  now: () => Date | number = Date.now,
  options: Omit<LotteryValidationOptions, 'submit'> = {},
): (body: CreateLotteryBodyLike, ctx: z.RefinementCtx) => void {
  return (body, ctx) => {
    const errors = validateLotteryBody(body, now(), options);
    const reported = new Set<string>();
    for (const field of FIELD_ORDER) {
      const value = errors[field];
      const message = typeof value === 'string' ? value : value?.find((entry) => entry !== null);
      const key = LOTTERY_BODY_FIELDS[field];
      if (!message || reported.has(key)) continue;
      reported.add(key);
      ctx.addIssue({ code: 'custom', message, path: [key] });
    }
  };
}
