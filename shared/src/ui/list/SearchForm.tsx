import { Button, Form, type FormInstance } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { type Dayjs, dayjs } from '../../format/dates.ts';

type Filters = Record<string, string>;

interface SearchFormProps<F extends Filters> {
  /** The applied filters (from the URL) and what to do with new ones. */
  filters: F;
  onSearch(filters: F): void;
  onReset(): void;
  /** Day ranges shown as one picker: field name -> the two filter keys holding 'YYYY-MM-DD'. */
  dayRanges?: Record<string, readonly [keyof F & string, keyof F & string]>;
  label: string;
  children: ReactNode;
}

type FormValues = Record<string, string | [Dayjs | null, Dayjs | null] | null | undefined>;

function toForm<F extends Filters>(filters: F, ranges: SearchFormProps<F>['dayRanges'] = {}): FormValues {
  const values: FormValues = { ...filters };
  for (const [field, [from, to]] of Object.entries(ranges)) {
    values[field] =
      filters[from] || filters[to]
        ? [filters[from] ? dayjs(filters[from]) : null, filters[to] ? dayjs(filters[to]) : null]
        : null;
    delete values[from];
    delete values[to];
  }
  return values;
}

function fromForm<F extends Filters>(
  values: FormValues,
  empty: F,
  ranges: SearchFormProps<F>['dayRanges'] = {},
): F {
  const filters: Filters = { ...empty };
  for (const key of Object.keys(empty)) {
    const value = values[key];
    if (typeof value === 'string') filters[key] = value.trim();
  }
  for (const [field, [from, to]] of Object.entries(ranges)) {
    const range = values[field];
    const day = (value: Dayjs | null | undefined) =>
      value ? dayjs(value.valueOf()).format('YYYY-MM-DD') : '';
    filters[from] = Array.isArray(range) ? day(range[0]) : '';
    filters[to] = Array.isArray(range) ? day(range[1]) : '';
  }
  return filters as F;
}

/**
 * A list's search form (antd Form): the fields edit a draft; Search applies it (page 1), Reset clears the URL.
 * Back/forward or a link that changes the URL filters refills the fields.
 */
export function SearchForm<F extends Filters>({
  filters,
  onSearch,
  onReset,
  dayRanges,
  label,
  children,
}: SearchFormProps<F>) {
  const [form] = Form.useForm();
  const key = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for filters
  useEffect(() => {
    form.setFieldsValue(toForm(filters, dayRanges));
  }, [key, form]);
  const empty = Object.fromEntries(Object.keys(filters).map((k) => [k, ''])) as F;

  return (
    <Form
      form={form as FormInstance}
      layout="vertical"
      className="bo-search-form"
      aria-label={label}
      initialValues={toForm(filters, dayRanges)}
      onFinish={(values: FormValues) => onSearch(fromForm(values, empty, dayRanges))}
    >
      <div className="bo-search-form__fields">{children}</div>
      <div className="bo-search-form__actions">
        <Button type="primary" htmlType="submit">
          Search
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            form.setFieldsValue(toForm(empty, dayRanges));
            onReset();
          }}
        >
          Reset
        </Button>
      </div>
    </Form>
  );
}
