import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx.ts';
import { useFieldProps } from './Field.tsx';

export type TextInputProps = ComponentPropsWithRef<'input'>;

/** A styled <input> (type text unless given); takes id/aria from an enclosing Field. */
export function TextInput({ className, type = 'text', ...rest }: TextInputProps) {
  return <input type={type} {...rest} {...useFieldProps(rest)} className={cx('bo-input', className)} />;
}
