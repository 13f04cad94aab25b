import { isValidTwoFactorCode, type LoginFormErrors, validateLoginForm } from '@backoffice/shared/rules';
import { Button, Field } from '@backoffice/shared/ui';
import '@backoffice/shared/ui/ui.css';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  type Credentials,
  changeOneTimePassword,
  enableTwoFactor,
  type LoginOutcome,
  login,
} from '../../auth/api.ts';
import { returnPathOf } from '../../auth/return-path.ts';
import { useAuth } from '../../auth/store.ts';
import { CodeInput } from '../../components/credentials/CodeInput.tsx';
import { fieldProps } from '../../components/credentials/field-props.ts';
import { PasswordInput } from '../../components/credentials/PasswordInput.tsx';
import { TwoFactorQr } from '../../components/credentials/TwoFactorQr.tsx';
import { useNotifiedAction } from '../../components/useNotifiedAction.ts';
import { notify } from '../../notify.ts';
import { NewPasswordStep } from './NewPasswordStep.tsx';
import '../../components/credentials/credentials.css';

type Mode =
  | { name: 'credentials' }
  | { name: 'verify' }
  | { name: 'password'; passwordToken: string }
  | (Extract<LoginOutcome, { kind: 'setup' }> & { name: 'setup' });

function CredentialsForm({ onSubmit, busy }: { onSubmit: (values: Credentials) => void; busy: boolean }) {
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const emailId = useId();
  const passwordId = useId();

  const update = (field: keyof Credentials, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateLoginForm(next));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateLoginForm(values);
    setErrors(found);
    if (!found.email && !found.password) onSubmit({ email: values.email.trim(), password: values.password });
  };

  return (
    <form className="shell-signin__form" onSubmit={submit} noValidate>
      <Field label="Email" error={errors.email} htmlFor={emailId}>
        <input
          {...fieldProps(emailId, errors.email)}
          className="shell-signin__input"
          type="email"
          autoComplete="username"
          placeholder="admin@example.com"
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
        />
      </Field>
      <Field label="Password" error={errors.password} htmlFor={passwordId}>
        <PasswordInput
          {...fieldProps(passwordId, errors.password)}
          autoComplete="current-password"
          placeholder="Your password"
          value={values.password}
          onChange={(event) => update('password', event.target.value)}
        />
      </Field>
      <Button variant="primary" type="submit" className="shell-signin__submit" loading={busy}>
        Sign In
      </Button>
    </form>
  );
}

/** The verification and the setup steps: a 6-digit code, a button enabled only with 6 digits, a way back. */
function CodeStep({
  title,
  submitLabel,
  code,
  onCode,
  busy,
  onSubmit,
  onBack,
  children,
  autoFocus = true,
}: {
  title: string;
  submitLabel: string;
  code: string;
  onCode: (code: string) => void;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onBack: () => void;
  children: ReactNode;
  /** Off for the setup step: the keyboard would cover the QR code on a phone. */
  autoFocus?: boolean;
}) {
  return (
    <form className="shell-signin__form" onSubmit={onSubmit} noValidate>
      <h2 className="shell-signin__step">{title}</h2>
      {children}
      <CodeInput value={code} onChange={onCode} autoFocus={autoFocus} />
      <Button
        variant="primary"
        type="submit"
        className="shell-signin__submit"
        loading={busy}
        disabled={!isValidTwoFactorCode(code)}
      >
        {submitLabel}
      </Button>
      <button type="button" className="shell-link-button" onClick={onBack} disabled={busy}>
        Back to sign in
      </button>
    </form>
  );
}

export default function SignInPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const signIn = useAuth((state) => state.signIn);
  const [mode, setMode] = useState<Mode>({ name: 'credentials' });
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [code, setCode] = useState('');
  const { busy, run } = useNotifiedAction();

  // docs/screens.md#sign-in: the page does not scroll while it is shown.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const finish = (
    session: { token: string; user: Parameters<typeof signIn>[1]; message: string },
    fallback: string,
  ) => {
    signIn(session.token, session.user);
    notify.success(session.message || fallback);
    // The page asked for before the sign-in (a deep link), when it is a console path.
    navigate(returnPathOf(search), { replace: true });
  };

  const submitCredentials = (values: Credentials) =>
    run(async () => {
      const outcome = await login(values);
      setCredentials(values);
      setCode('');
      if (outcome.kind === 'signed-in') finish(outcome, 'Login successful');
      else if (outcome.kind === 'verify') setMode({ name: 'verify' });
      else if (outcome.kind === 'password')
        setMode({ name: 'password', passwordToken: outcome.passwordToken });
      else setMode({ ...outcome, name: 'setup' });
    }, 'Login failed');

  // A one-time password changed: sign in with the new one (2FA steps may follow).
  const submitNewPassword = (newPassword: string) =>
    run(async () => {
      if (mode.name !== 'password' || !credentials) return;
      await changeOneTimePassword(mode.passwordToken, credentials.password, newPassword);
      notify.success('Password changed');
      await submitCredentials({ ...credentials, password: newPassword });
    }, 'Failed to change password');

  const submitVerify = (event: FormEvent) => {
    event.preventDefault();
    if (!credentials || !isValidTwoFactorCode(code)) return;
    return run(async () => {
      const outcome = await login(credentials, code);
      if (outcome.kind !== 'signed-in') throw new Error('Verification failed');
      finish(outcome, 'Login successful');
    }, 'Verification failed');
  };

  const submitSetup = (event: FormEvent) => {
    event.preventDefault();
    if (mode.name !== 'setup' || !isValidTwoFactorCode(code)) return;
    return run(
      async () => finish(await enableTwoFactor(mode, code), '2FA set up successfully'),
      'Setup failed',
    );
  };

  const codeStep = { code, onCode: setCode, busy, onBack: () => setMode({ name: 'credentials' }) };

  return (
    <div className="shell-signin">
      <section className="shell-signin__brand" aria-hidden>
        <div className="shell-signin__brand-inner">
          <img src="/favicon.svg" alt="" width={56} height={56} />
          <h2>Back Office</h2>
          <p>Your Trusted Partner in Gaming</p>
          <ul>
            <li>Lottery pools and results</li>
            <li>Mines game activity</li>
            <li>USDT deposits and withdrawals</li>
            <li>Users and support tickets</li>
          </ul>
        </div>
      </section>
      <section className="shell-signin__panel">
        <div className="shell-signin__card">
          <div className="shell-signin__mobile-brand" aria-hidden>
            <img src="/favicon.svg" alt="" width={40} height={40} />
            Back Office
          </div>
          <h1 className="shell-signin__title">Welcome Back!</h1>
          <p className="shell-signin__subtitle">Please sign in to your admin account to continue</p>

          {mode.name === 'credentials' && <CredentialsForm onSubmit={submitCredentials} busy={busy} />}

          {mode.name === 'password' && (
            <NewPasswordStep
              busy={busy}
              onSubmit={submitNewPassword}
              onBack={() => setMode({ name: 'credentials' })}
            />
          )}

          {mode.name === 'verify' && (
            <CodeStep
              title="Two-Factor Verification"
              submitLabel="Verify"
              {...codeStep}
              onSubmit={submitVerify}
            >
              <p className="shell-signin__hint">Enter the 6-digit code from your authenticator app.</p>
            </CodeStep>
          )}

          {mode.name === 'setup' && (
            <CodeStep
              title="Set Up Google Authenticator"
              submitLabel="Complete Setup & Sign In"
              autoFocus={false}
              {...codeStep}
              onSubmit={submitSetup}
            >
              <TwoFactorQr qrCodeUrl={mode.qrCodeUrl} secret={mode.secret} />
            </CodeStep>
          )}
        </div>
      </section>
    </div>
  );
}
