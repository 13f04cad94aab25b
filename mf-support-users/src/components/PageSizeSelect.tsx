import { PAGINATION } from '@backoffice/shared/rules';
import { Field, Select } from '@backoffice/shared/ui';

const options = PAGINATION.pageSizeOptions.map((size) => ({ value: size, label: String(size) }));

/** Spec 9: page sizes 10, 25, 50, 100; applies at once. */
export function PageSizeSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number;
  onChange: (size: number) => void;
}) {
  return (
    <Field label="Page size" htmlFor={id}>
      <Select options={options} value={value} onChange={(e) => onChange(Number(e.target.value))} />
    </Field>
  );
}
