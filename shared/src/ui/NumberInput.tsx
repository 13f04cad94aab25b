import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx.ts';
import { useFieldProps } from './Field.tsx';

export type NumberInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/** A styled <input type="number"> (decimal keyboard on phones). */
export function NumberInput({ className, inputMode = 'decimal', ...rest }: NumberInputProps) {
  return (
    <input
      type="number"
      inputMode={inputMode}
      {...rest}
      {...useFieldProps(rest)}
      className={cx('bo-input', className)}
    />
  );
}
