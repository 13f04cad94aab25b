// Sign-in form and two-factor code rules (spec 5, login form).
import { z } from 'zod';
import { AUTH } from './constants.ts';
import { messages } from './messages.ts';

const m = messages.login;

/** Email (trimmed) and password; each field reports only its first problem. */
export const loginFormSchema = z.object({
  email: z
    .string({ error: m.emailRequired })
    .trim()
    .min(1, { error: m.emailRequired, abort: true })
    .pipe(z.email({ error: m.emailInvalid })),
  password: z
    .string({ error: m.passwordRequired })
    .min(1, { error: m.passwordRequired, abort: true })
    .min(AUTH.passwordMinLength, { error: m.passwordTooShort }),
});

export type LoginFormValues = z.infer<typeof loginFormSchema>;

export interface LoginFormErrors {
  email?: string;
  password?: string;
}

/** Field errors for the sign-in form ({} when valid), from the same schema. */
export function validateLoginForm(values: { email?: unknown; password?: unknown }): LoginFormErrors {
  const result = loginFormSchema.safeParse(values);
  const errors: LoginFormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined)
      errors[field] = issue.message;
  }
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

/** The 2FA token field for API bodies. */
export const twoFactorCodeSchema = z
  .string({ error: m.twoFactorInvalid })
  .regex(CODE_RE, { error: m.twoFactorInvalid });
