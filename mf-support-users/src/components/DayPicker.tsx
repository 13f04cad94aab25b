import { dayjs } from '@backoffice/shared/format';
import { DatePicker } from 'antd';

/** antd's DatePicker for a form field holding a 'YYYY-MM-DD' string ('' = not set). */
export function DayPicker({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (day: string) => void;
  id?: string;
}) {
  return (
    <DatePicker
      id={id}
      className="su-day-picker"
      format="YYYY-MM-DD"
      value={value ? dayjs(value) : null}
      // Through valueOf: antd's Dayjs may come from another bundle's copy.
      onChange={(day) => onChange?.(day ? dayjs(day.valueOf()).format('YYYY-MM-DD') : '')}
    />
  );
}
