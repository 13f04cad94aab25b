import { type ComponentPropsWithRef, type ReactNode, type Ref, useCallback } from 'react';
import { cx } from './cx.ts';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** Text after the box; the whole line is clickable. */
  label?: ReactNode;
  /** The 'some but not all' state (a DOM property, so it is set through the ref). */
  indeterminate?: boolean;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** A styled native checkbox, optionally with a label. */
export function Checkbox({ label, indeterminate = false, className, ref, ...rest }: CheckboxProps) {
  const setRef = useCallback(
    (node: HTMLInputElement | null) => {
      if (node) node.indeterminate = indeterminate;
      assignRef(ref, node);
    },
    [indeterminate, ref],
  );
  const box = (
    <input type="checkbox" {...rest} ref={setRef} className={cx('bo-checkbox', !label && className)} />
  );
  if (!label) return box;
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the input is `box`
    <label className={cx('bo-check', className)}>
      {box}
      <span>{label}</span>
    </label>
  );
}
