import type {
  LoginResponse,
  TwoFactorEnableResponse,
  TwoFactorSetupData,
  TwoFactorSetupResponse,
} from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { ApiError, trusted } from '@backoffice/shared/host';
import { credentialHttp, http } from '../http/services.ts';

export interface Credentials {
  email: string;
  password: string;
}

export type LoginOutcome =
  | { kind: 'signed-in'; token: string; user: import('@backoffice/shared/host').AdminUser; message: string }
  | { kind: 'verify' }
  | { kind: 'password'; passwordToken: string }
  | { kind: 'setup'; qrCodeUrl: string; secret: string; userId: number; setupToken: string };

/**
 * POST /admin/auth/login and what the console does next (docs/screens.md#sign-in and
 * docs/architecture.md#where-each-kind-of-rule-lives). The answer's shape is checked here by hand, not with
 * the contract's zod schema, to keep zod off the sign-in page.
 */
export async function login(credentials: Credentials, twoFactorToken?: string): Promise<LoginOutcome> {
  const answer = await http.post(
    endpoints.login.path,
    { ...credentials, ...(twoFactorToken ? { twoFactorToken } : {}) },
    trusted<LoginResponse>(),
  );
  if (!answer.success)
    throw new ApiError(answer.message || 'Login failed', { kind: 'bad-request', fromServer: true });
  const data = answer.data;
  if (data && 'token' in data && data.token && 'user' in data && data.user && !('setupRequired' in data)) {
    return { kind: 'signed-in', token: data.token, user: data.user, message: answer.message };
  }
  if (data && 'twoFactorRequired' in data && data.twoFactorRequired) return { kind: 'verify' };
  if (data && 'passwordChangeRequired' in data && data.passwordChangeRequired) {
    return { kind: 'password', passwordToken: data.token };
  }
  if (data && 'setupRequired' in data && data.setupRequired) {
    return {
      kind: 'setup',
      qrCodeUrl: data.qrCodeUrl,
      secret: data.secret,
      userId: data.userId,
      setupToken: data.token,
    };
  }
  throw new ApiError('Invalid response from server', { kind: 'bad-response', fromServer: true });
}

/** Replacing a working 2FA: the admin's current password and a current code of the authenticator in use. */
export interface CurrentProof {
  currentPassword: string;
  currentCode: string;
}

/** A pending secret to enable: from the sign-in setup step (with its setup token) or the account page. */
export interface PendingSetup {
  userId: number;
  secret: string;
  qrCodeUrl: string;
  /** The short-lived '2fa-setup' token of the sign-in step; the stored session otherwise. */
  setupToken?: string;
}

/**
 * A new pending secret for the signed-in admin: GET /admin/auth/2fa/setup while 2FA is off, POST with
 * the current proof to replace a working one.
 */
export async function startTwoFactorSetup(proof?: CurrentProof): Promise<TwoFactorSetupData> {
  const answer = proof
    ? await credentialHttp.post(
        endpoints.twoFactorReplaceSetup.path,
        proof,
        trusted<TwoFactorSetupResponse>(),
      )
    : await http.get(endpoints.twoFactorSetup.path, trusted<TwoFactorSetupResponse>());
  if (!answer.data)
    throw new ApiError('Invalid response from server', { kind: 'bad-response', fromServer: true });
  return answer.data;
}

/**
 * POST /admin/auth/2fa/enable with the first code of the new secret (and, replacing a working 2FA, the
 * current proof again); answers a full session (the calling one is revoked).
 */
export async function enableTwoFactor(setup: PendingSetup, code: string, proof?: CurrentProof) {
  const client = proof ? credentialHttp : http;
  const answer = await client.post(
    endpoints.twoFactorEnable.path,
    { userId: setup.userId, secret: setup.secret, token: code, ...proof },
    trusted<TwoFactorEnableResponse>(),
    setup.setupToken ? { headers: { Authorization: `Bearer ${setup.setupToken}` } } : undefined,
  );
  if (!answer.data)
    throw new ApiError('Invalid response from server', { kind: 'bad-response', fromServer: true });
  return { token: answer.data.token, user: answer.data.user, message: answer.message };
}

/**
 * First sign-in with a one-time password: POST /admin/auth/password with the short-lived 'password-change'
 * token of the login answer; the admin then signs in with the new password.
 */
export async function changeOneTimePassword(
  passwordToken: string,
  currentPassword: string,
  newPassword: string,
) {
  await http.call(
    endpoints.changePassword,
    { body: { currentPassword, newPassword } },
    { headers: { Authorization: `Bearer ${passwordToken}` } },
  );
}
