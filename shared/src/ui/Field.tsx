import type { ReactNode } from 'react';

export interface FieldProps {
  label: ReactNode;
  /** Shown in red under the control, as `${htmlFor}-error` for the control's aria-describedby. */
  error?: ReactNode;
  children: ReactNode;
  /** Id of the control the label names. */
  htmlFor: string;
}

/** A label above a native control, with an error line (the sign-in pages stay free of antd). */
export function Field({ label, error, children, htmlFor }: FieldProps) {
  return (
    <div className={error ? 'bo-field has-error' : 'bo-field'}>
      <label className="bo-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {error && (
        <div className="bo-field__error" id={`${htmlFor}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
