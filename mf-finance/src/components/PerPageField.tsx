import { Form, Select } from 'antd';

/**
 * docs/screens.md#withdrawals: the withdrawal search cards hold an items-per-page select (10, 25, 50, 100).
 * It applies at once, like the table's own size changer, and is not one of the form's filters.
 */
export function PerPageField({
  id,
  value,
  sizes,
  onChange,
}: {
  id: string;
  value: number;
  sizes: readonly number[];
  onChange(size: number): void;
}) {
  return (
    <Form.Item label="Items per page" htmlFor={id}>
      <Select
        id={id}
        value={value}
        options={sizes.map((size) => ({ value: size, label: String(size) }))}
        onChange={onChange}
      />
    </Form.Item>
  );
}
