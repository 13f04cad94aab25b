// Date-times picked in the viewer's zone (antd DatePicker, dayjs) to and from the ISO instants of the API.
import { type Dayjs, dayjs, parseDate } from '@backoffice/shared/format';
import { LOTTERY } from '@backoffice/shared/rules';

/** The picker's format: the zone is the viewer's, shown beside the field. */
export const PICKER_FORMAT = 'YYYY-MM-DD HH:mm';

/** An ISO instant (or Date) as a picker value in the viewer's zone; null when missing or invalid. */
export function toPicker(value: string | number | Date | null | undefined): Dayjs | null {
  const date = parseDate(value);
  return date === null ? null : dayjs(date).second(0).millisecond(0);
}

/** A picker value as an ISO instant; null when empty or invalid. */
export function fromPicker(value: Dayjs | null | undefined): string | null {
  const date = parseDate(value);
  return date === null ? null : date.toISOString();
}

/** The result delay a lottery was saved with (whole hours 1..5), else the default 1. */
export function resultDelayOf(
  endTime: string | null | undefined,
  resultTime: string | null | undefined,
): number {
  if (!endTime || !resultTime) return LOTTERY.resultDelayDefaultHours;
  const hours = (Date.parse(resultTime) - Date.parse(endTime)) / 3_600_000;
  return Number.isInteger(hours) &&
    hours >= LOTTERY.resultDelayMinHours &&
    hours <= LOTTERY.resultDelayMaxHours
    ? hours
    : LOTTERY.resultDelayDefaultHours;
}

/** Options of the Result Announcement selects: 1 to 5 hours after the end time. */
export const RESULT_DELAY_OPTIONS = LOTTERY.resultDelayOptions.map((hours) => ({
  value: String(hours),
  label: `${hours} hour${hours === 1 ? '' : 's'} after end time`,
}));
