import { apiBase } from './config.ts';
import { freshCode, timeStep } from './totp.ts';

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

export interface Session {
  token: string;
  user: { id: number; email: string; name: string; roles: string[]; twoFactorEnabled: boolean };
}

/** A tiny HTTP client of the admin API for test set-up: keeps the XSRF cookie and echoes it. */
export class ApiClient {
  private xsrf: string | null = null;

  constructor(private readonly base = apiBase) {}

  private async ensureXsrf() {
    if (this.xsrf) return;
    const answer = await fetch(`${this.base}/health`);
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
    if (!cookie) throw new Error('GET /health set no XSRF-TOKEN cookie');
    this.xsrf = cookie.slice('XSRF-TOKEN='.length).split(';')[0]!;
  }

  async send<T>(method: string, path: string, options: { body?: unknown; token?: string } = {}) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') {
      await this.ensureXsrf();
      headers.Cookie = `XSRF-TOKEN=${this.xsrf}`;
      headers['X-XSRF-TOKEN'] = this.xsrf!;
    }
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const answer = await fetch(this.base + path, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const body = (await answer.json().catch(() => ({ success: false, message: 'not JSON' }))) as Envelope<T>;
    return { status: answer.status, body };
  }

  login(email: string, password: string, twoFactorToken?: string) {
    return this.send<Record<string, unknown>>('POST', '/admin/auth/login', {
      body: { email, password, ...(twoFactorToken ? { twoFactorToken } : {}) },
    });
  }

  logout(token: string) {
    return this.send('POST', '/admin/auth/logout', { token });
  }
}

/** An admin whose 2FA the tests have enabled: its secret and the last time step it used. */
export interface TwoFactorAdmin {
  email: string;
  password: string;
  secret: string;
  lastStep: number;
}

/** First sign-in of an admin without 2FA, through the API: setup, then enable with a code. */
export async function enableTwoFactor(
  api: ApiClient,
  email: string,
  password: string,
): Promise<{ admin: TwoFactorAdmin; session: Session }> {
  const login = await api.login(email, password);
  const data = login.body.data as {
    setupRequired?: boolean;
    secret?: string;
    userId?: number;
    token?: string;
  };
  if (login.status !== 200 || !data?.setupRequired || !data.secret || !data.token) {
    throw new Error(
      `login of ${email} did not ask for 2FA setup: ${login.status} ${JSON.stringify(login.body)}`,
    );
  }
  const { code, step } = await freshCode(data.secret, null);
  const enabled = await api.send<Session>('POST', '/admin/auth/2fa/enable', {
    token: data.token,
    body: { userId: data.userId, secret: data.secret, token: code },
  });
  if (enabled.status !== 200 || !enabled.body.data) {
    throw new Error(`2FA enable of ${email} failed: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  }
  return { admin: { email, password, secret: data.secret, lastStep: step }, session: enabled.body.data };
}

/**
 * A new session of an admin with 2FA, through the API. A code the API already accepted is refused,
 * so this waits for the next time step when the last one used is still current.
 */
export async function signInWithCode(api: ApiClient, admin: TwoFactorAdmin): Promise<Session> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { code, step } = await freshCode(admin.secret, Math.max(admin.lastStep, attempt ? timeStep() : -1));
    const answer = await api.login(admin.email, admin.password, code);
    admin.lastStep = step;
    const data = answer.body.data as Partial<Session> | undefined;
    if (answer.status === 200 && data?.token && data.user) return data as Session;
    if (answer.status !== 401)
      throw new Error(`sign-in of ${admin.email}: ${answer.status} ${answer.body.message}`);
  }
  throw new Error(`sign-in of ${admin.email} kept failing`);
}
