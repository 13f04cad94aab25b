import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx.ts';
import { useFieldProps } from './Field.tsx';

export type TextAreaProps = ComponentPropsWithRef<'textarea'>;

/** A styled <textarea> (3 rows unless given). */
export function TextArea({ className, rows = 3, ...rest }: TextAreaProps) {
  return (
    <textarea
      rows={rows}
      {...rest}
      {...useFieldProps(rest)}
      className={cx('bo-input bo-textarea', className)}
    />
  );
}
