// Native <input type="datetime-local"> values ('YYYY-MM-DDTHH:mm', the viewer's local time) to and
// from the ISO times the API sends and expects.
import { LOTTERY } from '@backoffice/shared/rules';

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date (or ISO text) as a datetime-local value in the viewer's zone; '' when missing or invalid. */
export function toLocalInput(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as ISO (UTC); null when blank or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
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
