import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx.ts';
import { useFieldProps } from './Field.tsx';

export interface SelectOption {
  value: string | number;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps extends ComponentPropsWithRef<'select'> {
  options: readonly SelectOption[];
  /** A first option with value '' (e.g. 'Select Status' or 'All'). */
  placeholder?: string;
}

/** A styled native <select> built from `options`. */
export function Select({ options, placeholder, className, ...rest }: SelectProps) {
  return (
    <select {...rest} {...useFieldProps(rest)} className={cx('bo-input bo-select', className)}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
