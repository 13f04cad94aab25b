import { isValidTwoFactorCode, messages } from '@backoffice/shared/rules';
import { Field, PageHeader } from '@backoffice/shared/ui';
import { Button, Card, Tag } from 'antd';
import '@backoffice/shared/ui/ui.css';
import { type FormEvent, useId, useState } from 'react';
import {
  type CurrentProof,
  enableTwoFactor,
  type PendingSetup,
  startTwoFactorSetup,
} from '../../auth/api.ts';
import { useAuth } from '../../auth/store.ts';
import { CodeInput } from '../../components/credentials/CodeInput.tsx';
import { fieldProps } from '../../components/credentials/field-props.ts';
import { PasswordInput } from '../../components/credentials/PasswordInput.tsx';
import { TwoFactorQr } from '../../components/credentials/TwoFactorQr.tsx';
import { useNotifiedAction } from '../../components/useNotifiedAction.ts';
import { notify } from '../../notify.ts';
import '../../components/credentials/credentials.css';
import './account.css';

export const TWO_FACTOR_TITLE = 'Two-factor authentication';

type Step =
  | { name: 'status' }
  /** Replacing a working 2FA: the current password and a current code first. */
  | { name: 'proof' }
  /** The new secret to scan; `password` is kept (in memory) for the enable call when replacing. */
  | { name: 'scan'; setup: PendingSetup; password?: string };

function passwordError(password: string): string | undefined {
  if (!password) return messages.login.passwordRequired;
  return password.length < 6 ? messages.login.passwordTooShort : undefined;
}

/** Current password + current code: the proof the API wants before it replaces a working 2FA. */
function ProofForm({
  busy,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  onSubmit: (proof: CurrentProof) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const passwordId = useId();
  const error = submitted ? passwordError(password) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (passwordError(password) || !isValidTwoFactorCode(code)) return;
    onSubmit({ currentPassword: password, currentCode: code });
  };
  return (
    <form className="shell-signin__form shell-account-2fa__form" onSubmit={submit} noValidate>
      <h2 className="shell-signin__step">Replace authenticator</h2>
      <p className="shell-signin__hint">
        Confirm it is you: enter your current password and a code from the authenticator app you use now.
      </p>
      <Field label="Current password" error={error} htmlFor={passwordId}>
        <PasswordInput
          {...fieldProps(passwordId, error)}
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <CodeInput label="Current code" value={code} onChange={setCode} autoFocus={false} />
      <div className="shell-account-2fa__actions">
        <Button type="primary" htmlType="submit" loading={busy} disabled={!isValidTwoFactorCode(code)}>
          Continue
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The new secret's QR code, its first code and, when replacing, a NEW code of the current app. */
function ScanForm({
  setup,
  replacing,
  busy,
  onSubmit,
  onCancel,
}: {
  setup: PendingSetup;
  replacing: boolean;
  busy: boolean;
  onSubmit: (code: string, currentCode?: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [currentCode, setCurrentCode] = useState('');
  const ready = isValidTwoFactorCode(code) && (!replacing || isValidTwoFactorCode(currentCode));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSubmit(code, replacing ? currentCode : undefined);
  };
  return (
    <form className="shell-signin__form shell-account-2fa__form" onSubmit={submit} noValidate>
      <h2 className="shell-signin__step">Set Up Google Authenticator</h2>
      <TwoFactorQr qrCodeUrl={setup.qrCodeUrl} secret={setup.secret} />
      <CodeInput value={code} onChange={setCode} autoFocus={false} />
      {replacing && (
        <>
          <CodeInput
            label="New code from your current app"
            value={currentCode}
            onChange={setCurrentCode}
            autoFocus={false}
          />
          <p className="shell-signin__hint">
            Each code works once: wait for the app you use now to show a new code, then enter it.
          </p>
        </>
      )}
      <div className="shell-account-2fa__actions">
        <Button type="primary" htmlType="submit" loading={busy} disabled={!ready}>
          Enable
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * /account/two-factor: whether the signed-in admin's 2FA is on, and its setup (TWO_FACTOR=optional) or
 * replacement (a new phone). Reuses the sign-in page's setup pieces and calls.
 */
export default function TwoFactorPage() {
  const user = useAuth((state) => state.user);
  const signIn = useAuth((state) => state.signIn);
  const enabled = user?.twoFactorEnabled === true;
  const [step, setStep] = useState<Step>({ name: 'status' });
  const { busy, run } = useNotifiedAction();

  const start = (proof?: CurrentProof) =>
    run(async () => {
      const setup = await startTwoFactorSetup(proof);
      setStep({
        name: 'scan',
        setup: { userId: setup.userId, secret: setup.secret, qrCodeUrl: setup.qrCodeUrl },
        ...(proof ? { password: proof.currentPassword } : {}),
      });
    }, 'Setup failed');

  const enable = (setup: PendingSetup, password: string | undefined, code: string, currentCode?: string) =>
    run(async () => {
      const proof = password && currentCode ? { currentPassword: password, currentCode } : undefined;
      const session = await enableTwoFactor(setup, code, proof);
      signIn(session.token, session.user);
      notify.success(session.message || '2FA set up successfully');
      setStep({ name: 'status' });
    }, 'Setup failed');

  const cancel = () => setStep({ name: 'status' });

  return (
    <div className="shell-account-2fa">
      <PageHeader
        title={TWO_FACTOR_TITLE}
        subtitle={user ? `Signed in as ${user.name} (${user.email})` : undefined}
      />
      <Card>
        <div className="shell-account-2fa__status">
          <span>Status</span>
          <Tag color={enabled ? 'green' : 'default'}>{enabled ? 'On' : 'Off'}</Tag>
        </div>
        <p className="shell-account-2fa__text">
          {enabled
            ? 'Signing in asks for your password and a 6-digit code from your authenticator app.'
            : 'Signing in asks for your password only. Add a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy...) to protect your account.'}
        </p>
        {step.name === 'status' &&
          (enabled ? (
            <Button onClick={() => setStep({ name: 'proof' })}>Replace authenticator</Button>
          ) : (
            <Button type="primary" loading={busy} onClick={() => void start()}>
              Set up
            </Button>
          ))}
        {step.name === 'proof' && (
          <ProofForm busy={busy} onSubmit={(proof) => void start(proof)} onCancel={cancel} />
        )}
        {step.name === 'scan' && (
          <ScanForm
            setup={step.setup}
            replacing={step.password !== undefined}
            busy={busy}
            onSubmit={(code, currentCode) => void enable(step.setup, step.password, code, currentCode)}
            onCancel={cancel}
          />
        )}
      </Card>
    </div>
  );
}
