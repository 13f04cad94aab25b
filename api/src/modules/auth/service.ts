import { randomUUID } from 'node:crypto';
import type {
  AuthUser,
  ChangePasswordBody,
  JwtPayload,
  LoginBody,
  LoginData,
  SessionData,
  TokenScope,
  TwoFactorEnableBody,
  TwoFactorReplaceSetupBody,
  TwoFactorSetupData,
} from '@backoffice/shared/contract';
import type { Config, RateLimits } from '../../config.ts';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { AttemptLimiter, LOGIN_LIMIT_KEYS } from '../../lib/rate-limit.ts';
import type { SharedStore } from '../../lib/shared-store/index.ts';
import type { RequestAdmin } from '../../types.ts';
import type { AuditWriter } from '../audit/index.ts';
import * as repo from './repository.ts';
import { recordSignInFailure, type SignInFailure } from './sign-in-failures.ts';
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
  proofRequired:
    'Two-factor authentication is already enabled: your current password and a current code are required to replace it',
  invalidPassword: 'Invalid password',
  passwordChangeRequired: 'Change your password',
  passwordChanged: 'Password changed successfully',
  samePassword: 'The new password must differ from the current one',
} as const;

export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'twoFactor' | 'sessionTtlSeconds' | 'sessionMaxSeconds' | 'setupTtlSeconds'>;
  rateLimits: RateLimits;
  sign: (payload: JwtPayload) => string;
  clock: () => number;
  /** Where the attempt counters live (shared by the API replicas). */
  store: SharedStore;
}

/** 2FA attempts are counted per admin, by e-mail (so `unlock-admin <email>` needs no database). */
const codeKey = (admin: { email: string }) => admin.email.toLowerCase();

export const toUser = (
  a: Pick<repo.AdminRow, 'id' | 'email' | 'name' | 'two_factor_enabled'> & {
    roles: readonly AuthUser['roles'][number][];
  },
): AuthUser => ({
  id: a.id,
  email: a.email,
  name: a.name,
  roles: [...a.roles],
  twoFactorEnabled: a.two_factor_enabled,
});

export type LoginResult = { message: string; data: LoginData };

/**
 * Audit actions of sign-in besides the catalogue's 'auth.sign-in' (a session was issued): the password
 * was right and a second factor (code or setup) is needed next. Refused sign-ins are not audit rows:
 * they are counted in sign_in_failures (sign-in-failures.ts).
 */
export const SIGN_IN_AUDIT = {
  passwordOk: 'auth.sign-in-password',
  twoFactorSetup: 'auth.2fa-setup',
} as const;

const adminActor = (a: { id: number; email: string }) => ({ id: a.id, email: a.email });

/**
 * Sign-in, two-factor setup/enable and sign-out (docs/screens.md#sign-in and
 * docs/architecture.md#where-each-kind-of-rule-lives and shared/src/rules).
 */
export class AuthService {
  private readonly ipLimiter: AttemptLimiter;
  private readonly accountLimiter: AttemptLimiter;
  private readonly codeLimiter: AttemptLimiter;

  constructor(private readonly deps: AuthDeps) {
    const { store, clock, rateLimits } = deps;
    // Accounts and 2FA codes back off (config.ts LockoutRule); the IP limit is a plain window.
    const backoff = <R extends { windowMs: number; lockMs?: number; maxLockMs?: number }>(rule: R) => ({
      ...rule,
      lockMs: rule.lockMs ?? 60_000,
      maxLockMs: rule.maxLockMs ?? rule.windowMs,
    });
    this.ipLimiter = new AttemptLimiter(store, rateLimits.loginIp, clock, LOGIN_LIMIT_KEYS.ip);
    this.accountLimiter = new AttemptLimiter(
      store,
      backoff(rateLimits.loginAccount),
      clock,
      LOGIN_LIMIT_KEYS.account,
    );
    this.codeLimiter = new AttemptLimiter(
      store,
      backoff(rateLimits.twoFactor),
      clock,
      LOGIN_LIMIT_KEYS.twoFactor,
    );
  }

  /**
   * Records a session row (the token is valid only while it is live) and signs its JWT. The roles go in
   * the `role` claim for the console to read (docs/architecture.md#console-behaviour), but the API never
   * trusts them: it reads the current ones with the session row on every call. A session continues
   * `signIn` (a renewal) or opens a sign-in of its own; it never outlives SESSION_MAX_HOURS after it.
   */
  private async issueToken(
    db: Db,
    admin: Pick<repo.AdminRow, 'id' | 'roles'>,
    scope: TokenScope,
    client: repo.ClientInfo = {},
    continues?: repo.SignIn,
  ): Promise<{ token: string; jti: string }> {
    const { sessionTtlSeconds, setupTtlSeconds } = this.deps.config;
    const jti = randomUUID();
    const iat = Math.floor(Date.now() / 1000);
    const signIn = continues ?? { id: jti, at: new Date(iat * 1000) };
    const exp = Math.min(
      iat + (scope === 'session' ? sessionTtlSeconds : setupTtlSeconds),
      this.endOf(signIn),
    );
    const adminId = admin.id;
    await repo.insertSession(db, { jti, adminId, scope, expiresAt: new Date(exp * 1000), signIn, ...client });
    const token = this.deps.sign({ sub: String(adminId), jti, scope, role: [...admin.roles], iat, exp });
    return { token, jti };
  }

  /** The latest end (epoch seconds) of any session of a sign-in (docs/operations.md#limits-that-protect-the-console). */
  private endOf(signIn: repo.SignIn): number {
    return Math.floor(signIn.at.getTime() / 1000) + this.deps.config.sessionMaxSeconds;
  }

  /** A new sign-in: its session, with the sign-in's id for its audit record. */
  private async session(
    db: Db,
    admin: repo.AdminRow,
    client: repo.ClientInfo,
  ): Promise<{ data: SessionData; signIn: string }> {
    await repo.touchLastLogin(db, admin.id);
    const { token, jti } = await this.issueToken(db, admin, 'session', client);
    return { data: { token, user: toUser(admin) }, signIn: jti };
  }

  /**
   * A one-time password proved: a token that may only change it (POST /admin/auth/password), issued with
   * its 'auth.sign-in-password' record.
   */
  private passwordChange(
    admin: repo.AdminRow,
    client: repo.ClientInfo,
    audit: AuditWriter,
  ): Promise<LoginResult> {
    return audit.transaction(this.deps.db, async (tx) => {
      const { token } = await this.issueToken(tx, admin, 'password-change', client);
      await audit.record(tx, {
        action: SIGN_IN_AUDIT.passwordOk,
        actor: adminActor(admin),
        targetType: 'admin',
        targetId: admin.id,
        details: { next: 'password change' },
      });
      return { message: MESSAGES.passwordChangeRequired, data: { passwordChangeRequired: true, token } };
    });
  }

  /**
   * Checks a code against the admin's enabled secret, refusing replays. The attempt is reserved first
   * (429 while locked) unless the caller `reserved` it already; a right code forgets the failures.
   */
  private async checkCode(admin: repo.AdminRow, code: string, reserved = false): Promise<boolean> {
    const key = codeKey(admin);
    if (!reserved) await this.codeLimiter.reserve(key);
    const step = await verifyTotp(
      admin.two_factor_secret ?? '',
      code,
      this.deps.clock(),
      admin.totp_last_step,
    );
    if (step !== null && (await repo.advanceTotpStep(this.deps.db, admin.id, step))) {
      await this.codeLimiter.reset(key);
      return true;
    }
    return false;
  }

  /**
   * Sign-in. A session (or the next step of one) is audited; a refusal (wrong e-mail, password or code,
   * blocked account) is counted in sign_in_failures instead, and a refusal of the rate limiter (429)
   * writes nothing at all, so anonymous clients cannot grow any table by a row per request.
   */
  login(body: LoginBody, ip: string, audit: AuditWriter, userAgent?: string): Promise<LoginResult> {
    return this.attemptLogin(body, body.email.toLowerCase(), { ip, userAgent }, audit);
  }

  /** Counts a refused sign-in (in its own statement: nothing else changes) and returns its error. */
  private async refuse(status: number, message: string, failure: SignInFailure): Promise<HttpError> {
    await recordSignInFailure(this.deps.db, failure);
    return new HttpError(status, message);
  }

  private async attemptLogin(
    body: LoginBody,
    email: string,
    client: { ip: string; userAgent?: string },
    audit: AuditWriter,
  ): Promise<LoginResult> {
    const { ip } = client;
    // The attempt is counted BEFORE the password is checked, atomically in the shared store, so
    // parallel guesses (on any replica) are limited exactly as guesses in a row. An attempt the
    // account refuses is not counted for the IP.
    await this.ipLimiter.reserve(ip);
    try {
      await this.accountLimiter.reserve(email);
    } catch (err) {
      await this.ipLimiter.release(ip);
      throw err;
    }

    const admin = await repo.findAdminByEmail(this.deps.db, email);
    const ok = await verifyPassword(admin?.password_hash, body.password);
    if (!admin || !ok) {
      const reason = admin ? 'wrong-password' : 'unknown-email';
      throw await this.refuse(401, MESSAGES.invalidCredentials, {
        reason,
        admin: admin && adminActor(admin),
        email,
        ip,
      });
    }
    // The right password is no failure: un-count it for the IP and forget the account's failures
    // (the owner is never kept out once a lock has expired). 2FA codes have their own limit.
    await Promise.all([this.ipLimiter.release(ip), this.accountLimiter.reset(email)]);
    const actor = adminActor(admin);
    if (admin.status !== 'active' || admin.deleted_at !== null)
      throw await this.refuse(403, MESSAGES.blocked, { reason: 'blocked', admin: actor, email, ip });

    const target = { targetType: 'admin', targetId: admin.id, actor } as const;
    /** A session in one transaction with its 'auth.sign-in' record. */
    const signIn = (method: 'password' | 'password+2fa') =>
      audit.transaction(this.deps.db, async (tx) => {
        const session = await this.session(tx, admin, client);
        await audit.record(tx, { ...target, details: { method, signIn: session.signIn } });
        return session.data;
      });

    if (admin.two_factor_enabled) {
      if (!body.twoFactorToken) {
        await audit.record(this.deps.db, {
          ...target,
          action: SIGN_IN_AUDIT.passwordOk,
          details: { next: 'two-factor code' },
        });
        return { message: MESSAGES.codeRequired, data: { twoFactorRequired: true } };
      }
      if (!(await this.checkCode(admin, body.twoFactorToken)))
        throw await this.refuse(401, MESSAGES.invalidCode, { reason: 'wrong-code', admin: actor, email, ip });
      if (admin.must_change_password) return this.passwordChange(admin, client, audit);
      return { message: MESSAGES.loginOk, data: await signIn('password+2fa') };
    }
    // The one-time password is changed first, then 2FA is set up (a sign-in with the new password).
    if (admin.must_change_password) return this.passwordChange(admin, client, audit);

    if (
      this.deps.config.twoFactor === 'required' ||
      body.requireTwoFactor ||
      admin.two_factor_setup_required
    ) {
      return audit.transaction(this.deps.db, async (tx) => {
        const setup = await this.newPendingSecret(admin, tx);
        const { token } = await this.issueToken(tx, admin, '2fa-setup', client);
        await audit.record(tx, {
          ...target,
          action: SIGN_IN_AUDIT.passwordOk,
          details: { next: 'two-factor setup' },
        });
        return {
          message: MESSAGES.setupRequired,
          data: {
            setupRequired: true,
            qrCodeUrl: setup.qrCodeUrl,
            secret: setup.secret,
            userId: admin.id,
            token,
          },
        };
      });
    }
    return { message: MESSAGES.loginOk, data: await signIn('password') };
  }

  private async newPendingSecret(
    admin: Pick<repo.AdminRow, 'id' | 'email'>,
    db: Db = this.deps.db,
  ): Promise<TwoFactorSetupData> {
    const secret = newTotpSecret();
    await repo.setPendingSecret(db, admin.id, secret);
    const url = otpauthUrl(admin.email, secret);
    return { secret, otpauthUrl: url, qrCodeUrl: await qrDataUrl(url), userId: admin.id };
  }

  /**
   * Replacing a working 2FA needs the current password and a fresh code of the authenticator in use,
   * so a stolen session token alone can never swap it. Wrong proofs count as wrong codes.
   */
  private async assertCurrentProof(
    admin: repo.AdminRow,
    proof: TwoFactorReplaceSetupBody,
    reserved = false,
  ): Promise<void> {
    if (!proof.currentPassword || !proof.currentCode) throw new HttpError(400, MESSAGES.proofRequired);
    // One attempt (reserved before anything is checked) covers the password and the code.
    if (!reserved) await this.codeLimiter.reserve(codeKey(admin));
    if (!(await verifyPassword(admin.password_hash, proof.currentPassword)))
      throw new HttpError(401, MESSAGES.invalidPassword);
    if (!(await this.checkCode(admin, proof.currentCode, true)))
      throw new HttpError(401, MESSAGES.invalidCode);
  }

  /**
   * GET (no proof) or POST /admin/auth/2fa/setup: a new pending secret for the caller. Once 2FA is
   * enabled (read from the database, not the cached session) only with the current proof.
   */
  async setup(
    caller: RequestAdmin,
    audit: AuditWriter,
    proof: TwoFactorReplaceSetupBody = {},
  ): Promise<TwoFactorSetupData> {
    const admin = await repo.findAdminById(this.deps.db, caller.id);
    if (!admin) throw new HttpError(400, MESSAGES.invalidSetup);
    if (admin.two_factor_enabled) await this.assertCurrentProof(admin, proof);
    // The secret itself is never written to the audit log.
    return audit.transaction(this.deps.db, async (tx) => {
      const setup = await this.newPendingSecret(admin, tx);
      await audit.record(tx, {
        action: SIGN_IN_AUDIT.twoFactorSetup,
        targetType: 'admin',
        targetId: admin.id,
        details: { replacing: admin.two_factor_enabled },
      });
      return setup;
    });
  }

  /** POST /admin/auth/2fa/enable: verifies the first code of the pending secret and opens a session. */
  async enable(
    caller: RequestAdmin,
    body: TwoFactorEnableBody,
    audit: AuditWriter,
    client: repo.ClientInfo = {},
  ): Promise<SessionData> {
    const key = codeKey(caller);
    const admin = await repo.findAdminById(this.deps.db, caller.id);
    if (!admin || body.userId !== caller.id || !admin.two_factor_pending_secret) {
      throw new HttpError(400, MESSAGES.invalidSetup);
    }
    if (admin.two_factor_pending_secret !== body.secret) throw new HttpError(400, MESSAGES.invalidSetup);
    // Counted before the code is checked (429 while locked); forgotten once 2FA is enabled.
    await this.codeLimiter.reserve(key);
    const step = await verifyTotp(body.secret, body.token, this.deps.clock(), null);
    if (step === null) throw new HttpError(400, MESSAGES.invalidCode);
    // Replacing a working 2FA: the proof again (the pending secret alone is not enough).
    if (admin.two_factor_enabled) await this.assertCurrentProof(admin, body, true);
    const session = await audit.transaction(this.deps.db, async (tx) => {
      if (!(await repo.enableTwoFactor(tx, admin.id, body.secret, step, admin.two_factor_enabled)))
        throw new HttpError(400, MESSAGES.invalidSetup);
      await repo.revokeSession(tx, caller.jti);
      const session = await this.session(tx, { ...admin, two_factor_enabled: true }, client);
      await audit.record(tx, {
        targetType: 'admin',
        targetId: admin.id,
        before: { twoFactorEnabled: admin.two_factor_enabled },
        after: { twoFactorEnabled: true },
        details: { replaced: admin.two_factor_enabled, signIn: session.signIn },
      });
      return session.data;
    });
    await this.codeLimiter.reset(key);
    return session;
  }

  /**
   * POST /admin/auth/session/renew: a new session of the same sign-in in place of the caller's (ended
   * in the same transaction: one live token per renewal), with the full lifetime but never past
   * SESSION_MAX_HOURS after the sign-in; past that, 401. Not audited: the sign-in and its sign-out are
   * (docs/operations.md#limits-that-protect-the-console). The admin must still be active.
   */
  async renew(caller: RequestAdmin, client: repo.ClientInfo = {}): Promise<SessionData> {
    const expired = new HttpError(401, 'Invalid or expired token');
    const admin = await repo.findAdminById(this.deps.db, caller.id);
    if (!admin || admin.deleted_at || admin.status !== 'active') throw expired;
    const signIn = { id: caller.signIn, at: new Date(caller.signedInAt) };
    if (this.endOf(signIn) <= Math.floor(Date.now() / 1000)) throw expired;
    return this.deps.db.transaction(async (tx) => {
      // Two renewals of one token at once: the first one wins, the other gets no second session.
      if (!(await repo.revokeSession(tx, caller.jti))) throw expired;
      // Not a sign-in: last_login stays.
      const { token } = await this.issueToken(tx, admin, 'session', client, signIn);
      return { token, user: toUser(admin) };
    });
  }

  async logout(caller: RequestAdmin, audit: AuditWriter): Promise<void> {
    await audit.transaction(this.deps.db, async (tx) => {
      await repo.revokeSession(tx, caller.jti);
      await audit.record(tx, {
        targetType: 'admin',
        targetId: caller.id,
        details: { session: caller.jti, signIn: caller.signIn },
      });
    });
  }

  /**
   * POST /admin/auth/password: the current password, and a current code when 2FA is on (one attempt of
   * the 2FA limit covers both). Ends the admin's other sessions, and the caller's own when it was the
   * one-time password's token. Returns the ended sessions' jtis (the caller forgets them in the cache).
   */
  async changePassword(
    caller: RequestAdmin,
    body: ChangePasswordBody,
    audit: AuditWriter,
  ): Promise<string[]> {
    const admin = await repo.findAdminById(this.deps.db, caller.id);
    if (!admin) throw new HttpError(401, MESSAGES.invalidCredentials);
    const key = codeKey(admin);
    await this.codeLimiter.reserve(key);
    if (!(await verifyPassword(admin.password_hash, body.currentPassword)))
      throw new HttpError(401, MESSAGES.invalidPassword);
    if (admin.two_factor_enabled) {
      if (!body.currentCode) throw new HttpError(400, MESSAGES.codeRequired);
      if (!(await this.checkCode(admin, body.currentCode, true)))
        throw new HttpError(401, MESSAGES.invalidCode);
    }
    if (body.newPassword === body.currentPassword) throw new HttpError(400, MESSAGES.samePassword);
    const hash = await hashPassword(body.newPassword);
    const keep = caller.scope === 'session' ? caller.jti : null;
    const ended = await audit.transaction(this.deps.db, async (tx) => {
      await repo.setPassword(tx, admin.id, hash);
      const jtis = await repo.revokeSessionsOf(tx, admin.id, keep);
      // The hash never goes into the log: only that it changed, and what it ended.
      await audit.record(tx, {
        targetType: 'admin',
        targetId: admin.id,
        before: { mustChangePassword: admin.must_change_password },
        after: { mustChangePassword: false },
        details: { sessionsEnded: jtis.length, oneTimePassword: caller.scope === 'password-change' },
      });
      return jtis;
    });
    await this.codeLimiter.reset(key);
    return ended;
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
      roles: ['superadmin'],
    });
    return { email: config.adminEmail, created: r.created, demo: false };
  }
  const demo = await repo.findAdminByEmail(db, DEMO_ADMIN.email);
  if (demo) return { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, created: false, demo: true };
  await repo.upsertAdmin(db, {
    email: DEMO_ADMIN.email,
    name: DEMO_ADMIN.name,
    passwordHash: await hashPassword(DEMO_ADMIN.password),
    roles: ['superadmin'],
  });
  return { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, created: true, demo: true };
}
