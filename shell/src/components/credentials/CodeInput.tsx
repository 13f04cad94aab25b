import { isValidTwoFactorCode, messages, sanitizeCodeInput } from '@backoffice/shared/rules';
import { Field } from '@backoffice/shared/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { fieldProps } from './field-props.ts';

/** The 6-digit code field: digits only, at most 6, 'Please enter a valid 6-digit code' once touched. */
export function CodeInput({
  value,
  onChange,
  autoFocus = true,
  label = 'Authentication code',
}: {
  value: string;
  onChange: (code: string) => void;
  autoFocus?: boolean;
  label?: string;
}) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  // The code step follows the credentials: the cursor waits in the code field (not on the setup step,
  // where a phone keyboard would cover the QR code).
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const error =
    touched && value.length > 0 && !isValidTwoFactorCode(value) ? messages.login.twoFactorInvalid : undefined;
  return (
    <Field label={label} error={error} htmlFor={id}>
      <input
        {...fieldProps(id, error)}
        className="shell-signin__input shell-code-input"
        value={value}
        inputMode="numeric"
        autoComplete="one-time-code"
        ref={input}
        maxLength={6}
        placeholder="000000"
        onChange={(event) => onChange(sanitizeCodeInput(event.target.value))}
        onBlur={() => setTouched(true)}
      />
    </Field>
  );
}
