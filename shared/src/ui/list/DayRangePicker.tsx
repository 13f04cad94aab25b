import { DatePicker } from 'antd';
import type { ComponentProps } from 'react';

// In a file of its own: a list without a date filter does not download antd's date picker.
/** A day-range picker for SearchForm's `dayRanges` (days in the viewer's zone). */
export function DayRangePicker(props: ComponentProps<typeof DatePicker.RangePicker>) {
  return <DatePicker.RangePicker allowEmpty={[true, true]} format="YYYY-MM-DD" {...props} />;
}
