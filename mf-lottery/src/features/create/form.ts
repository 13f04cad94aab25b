// Create-lottery form state: the values as typed, the equal split when the winner count or the admin
// share changes, and the body sent to POST /admin/lottery. Pure, so the rules are testable alone.

import type { Dayjs } from '@backoffice/shared/format';
import {
  equalSplit,
  formatPercentHundredths,
  isPercentageTotalValid,
  LOTTERY,
  type LotteryFormErrors,
  percentageTotalHundredths,
  validateLotteryForm,
} from '@backoffice/shared/rules';
import { fromPicker } from '../../components/datetime.ts';
import type { CreateLotteryInput } from '../../data/lottery.ts';

export interface CreateFormValues {
  name: string;
  ticketPrice: string;
  /** Picked in the viewer's zone. */
  startTime: Dayjs | null;
  endTime: Dayjs | null;
  /** '1'..'5' hours after the end time. */
  resultDelay: string;
  /** Digits only. */
  winners: string;
  adminShare: string;
  /** By rank (index 0 = 1st place). */
  percentages: string[];
}

const DEFAULT_WINNERS = 1;

/** Percentages split equally over the winners; the last rank takes the remainder. */
export function splitPercentages(winners: string, adminShare: string): string[] {
  return equalSplit(winners, adminShare).map((value) => String(value));
}

export function initialCreateForm(): CreateFormValues {
  const winners = String(DEFAULT_WINNERS);
  const adminShare = String(LOTTERY.adminShareDefault);
  return {
    name: '',
    ticketPrice: '',
    startTime: null,
    endTime: null,
    resultDelay: String(LOTTERY.resultDelayDefaultHours),
    winners,
    adminShare,
    percentages: splitPercentages(winners, adminShare),
  };
}

/** The number-of-winners input keeps digits only. */
export function sanitizeWinners(input: string): string {
  return input.replace(/\D/g, '');
}

/** A change of one field; winners and admin share re-split the percentages equally. */
export function applyChange<K extends keyof CreateFormValues>(
  values: CreateFormValues,
  field: K,
  value: CreateFormValues[K],
): CreateFormValues {
  if (field === 'winners') {
    const winners = sanitizeWinners(value as string);
    if (winners === values.winners) return values;
    return { ...values, winners, percentages: splitPercentages(winners, values.adminShare) };
  }
  if (field === 'adminShare') {
    const adminShare = value as string;
    return { ...values, adminShare, percentages: splitPercentages(values.winners, adminShare) };
  }
  return { ...values, [field]: value };
}

export function setPercentage(values: CreateFormValues, index: number, value: string): CreateFormValues {
  const percentages = values.percentages.slice();
  percentages[index] = value;
  return { ...values, percentages };
}

export function distributeEqually(values: CreateFormValues): CreateFormValues {
  return { ...values, percentages: splitPercentages(values.winners, values.adminShare) };
}

export function validateCreateForm(values: CreateFormValues, now: number, submit = false): LotteryFormErrors {
  return validateLotteryForm(
    {
      name: values.name,
      ticketPrice: values.ticketPrice,
      startTime: fromPicker(values.startTime),
      endTime: fromPicker(values.endTime),
      resultDelayHours: values.resultDelay,
      winners: values.winners,
      adminShare: values.adminShare,
      percentages: values.percentages,
    },
    now,
    { submit },
  );
}

/** True when the percentages add up to 100 - admin share: the submit button's gate. */
export function isTotalValid(values: CreateFormValues): boolean {
  return isPercentageTotalValid(values.percentages, values.adminShare);
}

/** The current total as shown in the live check ('79.5'); '0' while an entry is not a number. */
export function currentTotalText(values: CreateFormValues): string {
  return formatPercentHundredths(percentageTotalHundredths(values.percentages) ?? 0);
}

/** POST /admin/lottery body: ISO times, result_time = the hours choice, distributions by rank. */
export function toCreateBody(values: CreateFormValues): CreateLotteryInput {
  return {
    name: values.name.trim(),
    ticket_price: values.ticketPrice.trim(),
    winners: Number(values.winners),
    start_time: fromPicker(values.startTime) ?? '',
    end_time: fromPicker(values.endTime) ?? '',
    result_time: Number(values.resultDelay),
    winner_distributions: values.percentages.map((percentage, index) => ({
      rank: index + 1,
      percentage: Number(percentage),
    })),
    admin_share: Number(values.adminShare),
  };
}
