import { randomUUID } from 'node:crypto';
import type {
  AuthUser,
  JwtPayload,
  LoginBody,
  LoginData,
  SessionData,
  TokenScope,
  TwoFactorEnableBody,
  TwoFactorSetupData,
} from '@backoffice/shared/contract';
import type { Config, RateLimits } from '../../config.ts';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { RateLimiter } from '../../lib/rate-limit.ts';
import type { RequestAdmin } from '../../types.ts';
import * as repo from './repository.ts';
import { newTotpSecret, otpauthUrl, qrDataUrl, verifyTotp } from './totp.ts';

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  blocked: 'Account is blocked',
  codeRequired: 'Two-factor code required',
  invalidCode: 'Invalid two-factor code',
  setupRequired: 'Set up two-factor authentication',
  loginOk: 'Login successful',
  setupOk: '2FA set up successfully',
  invalidSetup: 'Invalid two-factor setup request',
  logoutOk: 'Logged out successfully',
} as const;

export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'twoFactor' | 'sessionTtlSeconds' | 'setupTtlSeconds'>;
  rateLimits: RateLimits;
  sign: (payload: JwtPayload) => string;
  clock: () => number;
}

const toUser = (
  a: Pick<repo.AdminRow, 'id' | 'email' | 'name' | 'role' | 'two_factor_enabled'>,
): AuthUser => ({
  id: a.id,
  email: a.email,
  name: a.name,
  role: a.role,
  twoFactorEnabled: a.two_factor_enabled,
});

export type LoginResult = { message: string; data: LoginData };

/** Sign-in, two-factor setup/enable and sign-out (spec 2.4, 4, 5). */
export class AuthService {
  private readonly ipLimiter: RateLimiter;
  private readonly accountLimiter: RateLimiter;
  private readonly codeLimiter: RateLimiter;

  constructor(private readonly deps: AuthDeps) {
    this.ipLimiter = new RateLimiter(deps.rateLimits.loginIp, deps.clock);
    this.accountLimiter = new RateLimiter(deps.rateLimits.loginAccount, deps.clock);
    this.codeLimiter = new RateLimiter(deps.rateLimits.twoFactor, deps.clock);
  }

  /** Records a session row (the token is valid only while it is live) and signs its JWT. */
  private async issueToken(
    db: Db,
    adminId: number,
    role: AuthUser['role'],
    scope: TokenScope,
  ): Promise<string> {
    const jti = randomUUID();
    const ttl = scope === 'session' ? this.deps.config.sessionTtlSeconds : this.deps.config.setupTtlSeconds;
    const iat = Math.floor(Date.now() / 1000);
    await repo.insertSession(db, { jti, adminId, scope, expiresAt: new Date((iat + ttl) * 1000) });
    return this.deps.sign({ sub: String(adminId), role, jti, scope, iat, exp: iat + ttl });
  }

  private async session(db: Db, admin: repo.AdminRow): Promise<SessionData> {
    await repo.touchLastLogin(db, admin.id);
    return { token: await this.issueToken(db, admin.id, admin.role, 'session'), user: toUser(admin) };
  }

  /** Checks a code against the admin's enabled secret, refusing replays; counts failures. */
  private async checkCode(admin: repo.AdminRow, code: string): Promise<boolean> {
    const key = `admin:${admin.id}`;
    this.codeLimiter.assert(key);
    const step = await verifyTotp(
      admin.two_factor_secret ?? '',
      code,
      this.deps.clock(),
      admin.totp_last_step,
    );
    if (step !== null && (await repo.advanceTotpStep(this.deps.db, admin.id, step))) {
      this.codeLimiter.reset(key);
      return true;
    }
    this.codeLimiter.hit(key);
    return false;
  }

  async login(body: LoginBody, ip: string): Promise<LoginResult> {
    const email = body.email.toLowerCase();
    const accountKey = `email:${email}`;
    const ipKey = `ip:${ip}`;
    this.ipLimiter.assert(ipKey);
    this.accountLimiter.assert(accountKey);

    const admin = await repo.findAdminByEmail(this.deps.db, email);
    const ok = await verifyPassword(admin?.password_hash, body.password);
    if (!admin || !ok) {
      this.ipLimiter.hit(ipKey);
      this.accountLimiter.hit(accountKey);
      throw new HttpError(401, MESSAGES.invalidCredentials);
    }
    if (admin.status !== 'active' || admin.deleted_at !== null) throw new HttpError(403, MESSAGES.blocked);

    if (admin.two_factor_enabled) {
      if (!body.twoFactorToken) return { message: MESSAGES.codeRequired, data: { twoFactorRequired: true } };
      if (!(await this.checkCode(admin, body.twoFactorToken))) throw new HttpError(401, MESSAGES.invalidCode);
      this.accountLimiter.reset(accountKey);
      return { message: MESSAGES.loginOk, data: await this.session(this.deps.db, admin) };
    }

    this.accountLimiter.reset(accountKey);
    if (this.deps.config.twoFactor === 'required' || body.requireTwoFactor) {
      const setup = await this.newPendingSecret(admin);
      return {
        message: MESSAGES.setupRequired,
        data: {
          setupRequired: true,
          qrCodeUrl: setup.qrCodeUrl,
          secret: setup.secret,
          userId: admin.id,
          token: await this.issueToken(this.deps.db, admin.id, admin.role, '2fa-setup'),
        },
      };
    }
    return { message: MESSAGES.loginOk, data: await this.session(this.deps.db, admin) };
  }

  private async newPendingSecret(admin: Pick<repo.AdminRow, 'id' | 'email'>): Promise<TwoFactorSetupData> {
    const secret = newTotpSecret();
    await repo.setPendingSecret(this.deps.db, admin.id, secret);
    const url = otpauthUrl(admin.email, secret);
    return { secret, otpauthUrl: url, qrCodeUrl: await qrDataUrl(url), userId: admin.id };
  }

  /** GET /admin/auth/2fa/setup: a new pending secret for the caller. */
  async setup(caller: RequestAdmin): Promise<TwoFactorSetupData> {
    return this.newPendingSecret(caller);
  }

  /** POST /admin/auth/2fa/enable: verifies the first code of the pending secret and opens a session. */
  async enable(caller: RequestAdmin, body: TwoFactorEnableBody): Promise<SessionData> {
    const key = `admin:${caller.id}`;
    this.codeLimiter.assert(key);
    const admin = await repo.findAdminById(this.deps.db, caller.id);
    if (!admin || body.userId !== caller.id || !admin.two_factor_pending_secret) {
      throw new HttpError(400, MESSAGES.invalidSetup);
    }
    if (admin.two_factor_pending_secret !== body.secret) throw new HttpError(400, MESSAGES.invalidSetup);
    const step = await verifyTotp(body.secret, body.token, this.deps.clock(), null);
    if (step === null) {
      this.codeLimiter.hit(key);
      throw new HttpError(400, MESSAGES.invalidCode);
    }
    return this.deps.db.transaction(async (tx) => {
      if (!(await repo.enableTwoFactor(tx, admin.id, body.secret, step)))
        throw new HttpError(400, MESSAGES.invalidSetup);
      await repo.revokeSession(tx, caller.jti);
      this.codeLimiter.reset(key);
      return this.session(tx, { ...admin, two_factor_enabled: true });
    });
  }

  async logout(caller: RequestAdmin): Promise<void> {
    await repo.revokeSession(this.deps.db, caller.jti);
  }
}

/** First admin: ADMIN_EMAIL/ADMIN_PASSWORD when set (created or updated), else the demo admin if none exists. */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin123', name: 'Demo Admin' } as const;

export async function ensureAdmin(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<{ email: string; password?: string; created: boolean; demo: boolean }> {
  if (config.adminEmail && config.adminPassword) {
    const existing = await repo.findAdminByEmail(db, config.adminEmail);
    if (existing && existing.status === 'active' && !existing.deleted_at) {
      if (await verifyPassword(existing.password_hash, config.adminPassword)) {
        return { email: config.adminEmail, created: false, demo: false };
      }
    }
    const r = await repo.upsertAdmin(db, {
      email: config.adminEmail,
      name: existing?.name ?? 'Administrator',
      passwordHash: await hashPassword(config.adminPassword),
      role: 'superadmin',
    });
    return { email: config.adminEmail, created: r.created, demo: false };
  }
  const demo = await repo.findAdminByEmail(db, DEMO_ADMIN.email);
  if (demo) return { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, created: false, demo: true };
  await repo.upsertAdmin(db, {
    email: DEMO_ADMIN.email,
    name: DEMO_ADMIN.name,
    passwordHash: await hashPassword(DEMO_ADMIN.password),
    role: 'superadmin',
  });
  return { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, created: true, demo: true };
}
