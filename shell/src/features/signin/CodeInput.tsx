import { isValidTwoFactorCode, messages, sanitizeCodeInput } from '@backoffice/shared/rules';
import { Input } from 'antd';
import { useState } from 'react';
import { Field } from './Field.tsx';

/** The 6-digit code field: digits only, at most 6, 'Please enter a valid 6-digit code' once touched. */
export function CodeInput({
  value,
  onChange,
  autoFocus = true,
}: {
  value: string;
  onChange: (code: string) => void;
  autoFocus?: boolean;
}) {
  const [touched, setTouched] = useState(false);
  const error =
    touched && value.length > 0 && !isValidTwoFactorCode(value) ? messages.login.twoFactorInvalid : undefined;
  return (
    <Field label="Authentication code" error={error}>
      {(props) => (
        <Input
          {...props}
          className="code-input"
          size="large"
          value={value}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus={autoFocus}
          maxLength={6}
          placeholder="000000"
          onChange={(event) => onChange(sanitizeCodeInput(event.target.value))}
          onBlur={() => setTouched(true)}
        />
      )}
    </Field>
  );
}
