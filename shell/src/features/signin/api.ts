import type { LoginResponse, TwoFactorEnableResponse } from '@backoffice/shared/contract';
import { ApiError, trusted } from '@backoffice/shared/host';
import { http } from '../../app/services.ts';

export interface Credentials {
  email: string;
  password: string;
}

export type LoginOutcome =
  | { kind: 'signed-in'; token: string; user: import('@backoffice/shared/host').AdminUser; message: string }
  | { kind: 'verify' }
  | { kind: 'setup'; qrCodeUrl: string; secret: string; userId: number; setupToken: string };

/**
 * POST /admin/auth/login and what the console does next (spec sections 2.4 and 4). The answer's shape is
 * checked here by hand, not with the contract's zod schema, to keep zod off the sign-in page.
 */
export async function login(credentials: Credentials, twoFactorToken?: string): Promise<LoginOutcome> {
  const answer = await http.post(
    '/admin/auth/login',
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

/** POST /admin/auth/2fa/enable with the short-lived setup token; answers a full session. */
export async function enableTwoFactor(setup: Extract<LoginOutcome, { kind: 'setup' }>, code: string) {
  const answer = await http.post(
    '/admin/auth/2fa/enable',
    { userId: setup.userId, secret: setup.secret, token: code },
    trusted<TwoFactorEnableResponse>(),
    { headers: { Authorization: `Bearer ${setup.setupToken}` } },
  );
  if (!answer.data)
    throw new ApiError('Invalid response from server', { kind: 'bad-response', fromServer: true });
  return { token: answer.data.token, user: answer.data.user, message: answer.message };
}
