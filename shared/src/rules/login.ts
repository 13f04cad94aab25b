// Sign-in form and two-factor code rules (shared/src/rules, login form).
import { AUTH } from './constants.ts';
import { messages } from './messages.ts';

const m = messages.login;

// zod's email pattern: a dot-free start and end of the local part, a dotted domain, a 2+ letter TLD.
// Written out rather than imported: the sign-in page is the first thing a visitor loads, and zod
// would weigh ~20 KB gzip on it.
const EMAIL_RE =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface LoginFormErrors {
  email?: string;
  password?: string;
}

/** Field errors for the sign-in form ({} when valid); each field reports only its first problem. */
export function validateLoginForm(values: { email?: unknown; password?: unknown }): LoginFormErrors {
  const errors: LoginFormErrors = {};
  const email = typeof values.email === 'string' ? values.email.trim() : '';
  if (!email) errors.email = m.emailRequired;
  else if (!EMAIL_RE.test(email)) errors.email = m.emailInvalid;
  const password = typeof values.password === 'string' ? values.password : '';
  if (!password) errors.password = m.passwordRequired;
  else if (password.length < AUTH.passwordMinLength) errors.password = m.passwordTooShort;
  return errors;
}

const CODE_RE = new RegExp(`^\\d{${AUTH.twoFactorCodeLength}}$`);

/** Exactly 6 ASCII digits. Verify / Complete Setup are enabled only then. */
export function isValidTwoFactorCode(code: string | null | undefined): boolean {
  return typeof code === 'string' && CODE_RE.test(code);
}

/** What the code inputs keep of a keystroke or paste: digits only, at most 6. */
export function sanitizeCodeInput(input: string | null | undefined): string {
  return (input ?? '').replace(/\D/g, '').slice(0, AUTH.twoFactorCodeLength);
}
