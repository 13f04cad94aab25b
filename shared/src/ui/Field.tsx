import { createContext, type ReactNode, useContext } from 'react';

interface FieldState {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldContext = /* @__PURE__ */ createContext<FieldState | null>(null);

/** What the kit's controls inside a Field add by default: id, aria-describedby, aria-invalid. */
export function useFieldProps(props: { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: unknown }) {
  const field = useContext(FieldContext);
  if (field === null) return {};
  return {
    id: props.id ?? field.id,
    'aria-describedby': props['aria-describedby'] ?? field.describedBy,
    'aria-invalid': (props['aria-invalid'] as boolean | undefined) ?? (field.invalid || undefined),
  };
}

export interface FieldProps {
  label: ReactNode;
  /** Shown in red under the control; marks the control aria-invalid. */
  error?: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
  /** Id of the control; kit controls inside take it automatically. */
  htmlFor: string;
}

/** A label above a control, with hint and error lines linked by aria-describedby. */
export function Field({ label, error, hint, children, htmlFor }: FieldProps) {
  const hintId = hint ? `${htmlFor}-hint` : undefined;
  const errorId = error ? `${htmlFor}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'bo-field has-error' : 'bo-field'}>
      <label className="bo-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      <FieldContext value={{ id: htmlFor, describedBy, invalid: Boolean(error) }}>{children}</FieldContext>
      {hint && (
        <div className="bo-field__hint" id={hintId}>
          {hint}
        </div>
      )}
      {error && (
        <div className="bo-field__error" id={errorId} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
