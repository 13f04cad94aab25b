import { Button, Field } from '@backoffice/shared/ui';
import { type FormEvent, useId, useState } from 'react';
import { fieldProps } from '../../components/credentials/field-props.ts';
import { PasswordInput } from '../../components/credentials/PasswordInput.tsx';

const MIN_LENGTH = 8;

/** First sign-in with a one-time password: the admin chooses their own before going on. */
export function NewPasswordStep({
  busy,
  onSubmit,
  onBack,
}: {
  busy: boolean;
  onSubmit(newPassword: string): void;
  onBack(): void;
}) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const passwordId = useId();
  const repeatId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_LENGTH)
      return setError(`New password must be at least ${MIN_LENGTH} characters`);
    if (password !== repeat) return setError('The passwords do not match');
    setError(null);
    onSubmit(password);
  };

  return (
    <form className="shell-signin__form" onSubmit={submit} noValidate>
      <h2 className="shell-signin__step">Choose your password</h2>
      <p className="shell-signin__hint">
        You signed in with a one-time password. Choose your own to continue.
      </p>
      <Field label="New password" error={error ?? undefined} htmlFor={passwordId}>
        <PasswordInput
          {...fieldProps(passwordId, error)}
          value={password}
          autoComplete="new-password"
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
      </Field>
      <Field label="Repeat new password" htmlFor={repeatId}>
        <PasswordInput
          {...fieldProps(repeatId, null)}
          value={repeat}
          autoComplete="new-password"
          onChange={(event) => setRepeat(event.currentTarget.value)}
        />
      </Field>
      <Button variant="primary" type="submit" className="shell-signin__submit" loading={busy}>
        Change password & sign in
      </Button>
      <button type="button" className="shell-link-button" onClick={onBack} disabled={busy}>
        Back to sign in
      </button>
    </form>
  );
}
