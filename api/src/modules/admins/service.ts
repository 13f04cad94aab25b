import { randomBytes } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  type AdminCreateBody,
  type AdminSummary,
  type AdminsListQuery,
  type GovernanceRole,
  isInt4Id,
  type Paged,
} from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { accountLockedUntil, unlockAccount } from '../../lib/rate-limit.ts';
import type { SharedStore } from '../../lib/shared-store/index.ts';
import type { AuditWriter } from '../audit/index.ts';
import { liveSessionsOf, revokeSessionsOf } from '../auth/index.ts';
import * as repo from './repository.ts';

/** What a change did to the admin's sessions: ended ones, or live ones whose roles changed. */
export interface SessionEffect {
  ended: string[];
  changed: string[];
}

export interface AdminChange {
  admin: AdminSummary;
  sessions: SessionEffect;
}

const none: SessionEffect = { ended: [], changed: [] };

/** What an audit record keeps of a managed admin (never a password hash or a 2FA secret). */
const auditState = (row: repo.ManagedAdminRow) => ({
  status: row.status,
  roles: [...row.roles],
  twoFactorEnabled: row.two_factor_enabled,
  twoFactorSetupRequired: row.two_factor_setup_required,
  mustChangePassword: row.must_change_password,
});

/**
 * Admin management (superadmin). Guard rails: nobody disables or demotes themself, the last active
 * superadmin is never disabled or demoted (checked on the locked superadmin rows, so two changes at
 * once cannot both pass), unknown ids answer 404 and changes the state forbids 409.
 */
export class AdminsService {
  constructor(
    private readonly db: Db,
    private readonly store: SharedStore,
    private readonly clock: () => number,
  ) {}

  async list(q: AdminsListQuery): Promise<Paged<AdminSummary>> {
    const { rows, total } = await repo.listAdmins(this.db, q);
    return {
      data: await Promise.all(rows.map((r) => this.summary(r))),
      total,
      totalPages: Math.ceil(total / q.limit),
      page: q.page,
      perPage: q.limit,
    };
  }

  /** A new admin with a one-time password (answered once, never stored in clear). */
  async create(
    body: AdminCreateBody,
    audit: AuditWriter,
  ): Promise<{ admin: AdminSummary; oneTimePassword: string }> {
    if (await repo.emailTaken(this.db, body.email)) throw new HttpError(409, ADMIN_MESSAGES.emailTaken);
    const oneTimePassword = randomBytes(12).toString('base64url');
    const passwordHash = await hashPassword(oneTimePassword);
    const row = await audit.transaction(this.db, async (tx) => {
      const inserted = await repo.insertAdmin(tx, {
        email: body.email,
        name: body.name,
        passwordHash,
        roles: body.roles,
      });
      if (!inserted) throw new HttpError(409, ADMIN_MESSAGES.emailTaken);
      await audit.record(tx, {
        targetType: 'admin',
        targetId: inserted.id,
        after: { email: inserted.email, name: inserted.name, ...auditState(inserted) },
      });
      return inserted;
    });
    return { admin: await this.summary(row), oneTimePassword };
  }

  /** Blocks the admin and ends every session of theirs. */
  disable(actorId: number, id: number, audit: AuditWriter): Promise<AdminChange> {
    return this.change(id, audit, async (tx, target) => {
      if (target.id === actorId) throw new HttpError(409, ADMIN_MESSAGES.selfDisable);
      if (target.status === 'blocked') throw new HttpError(409, ADMIN_MESSAGES.alreadyDisabled);
      if (target.roles.includes('superadmin')) await this.assertAnotherSuperadmin(tx, target.id);
      const row = await repo.updateStatus(tx, id, 'blocked');
      return { row, sessions: { ended: await revokeSessionsOf(tx, id, null), changed: [] } };
    });
  }

  /** Active again; the sessions ended by the disable stay ended. */
  enable(id: number, audit: AuditWriter): Promise<AdminChange> {
    return this.change(id, audit, async (tx, target) => {
      if (target.status === 'active') throw new HttpError(409, ADMIN_MESSAGES.alreadyActive);
      return { row: await repo.updateStatus(tx, id, 'active'), sessions: none };
    });
  }

  /** New roles, in force from the admin's next call (their live sessions are marked changed). */
  setRoles(
    actorId: number,
    id: number,
    roles: readonly GovernanceRole[],
    audit: AuditWriter,
  ): Promise<AdminChange> {
    return this.change(id, audit, async (tx, target) => {
      const demoted = target.roles.includes('superadmin') && !roles.includes('superadmin');
      if (demoted && target.id === actorId) throw new HttpError(409, ADMIN_MESSAGES.selfDemote);
      if (demoted && target.status === 'active') await this.assertAnotherSuperadmin(tx, target.id);
      const row = await repo.updateRoles(tx, id, roles);
      return { row, sessions: { ended: [], changed: await liveSessionsOf(tx, id) } };
    });
  }

  /** Forgets the admin's authenticator: setup at the next sign-in; their sessions end. */
  resetTwoFactor(actorId: number, id: number, audit: AuditWriter): Promise<AdminChange> {
    return this.change(id, audit, async (tx, target) => {
      if (target.id === actorId) throw new HttpError(409, ADMIN_MESSAGES.selfTwoFactorReset);
      const row = await repo.resetTwoFactor(tx, id);
      return { row, sessions: { ended: await revokeSessionsOf(tx, id, null), changed: [] } };
    });
  }

  /** Forgets the failed sign-ins and 2FA codes that locked the account (as `unlock-admin` does). */
  async unlock(id: number, audit: AuditWriter): Promise<AdminSummary> {
    const row = isInt4Id(id) ? await repo.findManagedAdmin(this.db, id) : undefined;
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.notFound);
    const lockedUntil = await accountLockedUntil(this.store, row.email, this.clock());
    // The counters live in the shared store, outside any transaction: the record commits first, so an
    // unlock never happens unrecorded (a store failure after it leaves the record of a retryable unlock).
    await audit.transaction(this.db, (tx) =>
      audit.record(tx, {
        targetType: 'admin',
        targetId: row.id,
        before: { lockedUntil: lockedUntil > 0 ? new Date(lockedUntil).toISOString() : null },
        after: { lockedUntil: null },
      }),
    );
    await unlockAccount(this.store, row.email);
    return this.summary(row);
  }

  /** One change of one admin, in one transaction with its audit record (state before and after). */
  private async change(
    id: number,
    audit: AuditWriter,
    apply: (
      tx: Db,
      target: repo.ManagedAdminRow,
    ) => Promise<{ row: repo.ManagedAdminRow; sessions: SessionEffect }>,
  ): Promise<AdminChange> {
    // Past int4 names no admin (the column could not even be compared with it).
    if (!isInt4Id(id)) throw new HttpError(404, ADMIN_MESSAGES.notFound);
    const { row, sessions } = await audit.transaction(this.db, async (tx) => {
      // The superadmin rows first, then the target, always in this order (no deadlock between changes).
      await repo.lockActiveSuperadmins(tx);
      const target = await repo.lockManagedAdmin(tx, id);
      if (!target) throw new HttpError(404, ADMIN_MESSAGES.notFound);
      const result = await apply(tx, target);
      await audit.record(tx, {
        targetType: 'admin',
        targetId: id,
        before: auditState(target),
        after: auditState(result.row),
        details: {
          email: target.email,
          sessionsEnded: result.sessions.ended.length,
          sessionsChanged: result.sessions.changed.length,
        },
      });
      return result;
    });
    return { admin: await this.summary(row), sessions };
  }

  private async assertAnotherSuperadmin(tx: Db, targetId: number): Promise<void> {
    const superadmins = await repo.lockActiveSuperadmins(tx);
    if (!superadmins.some((id) => id !== targetId)) throw new HttpError(409, ADMIN_MESSAGES.lastSuperadmin);
  }

  private async summary(row: repo.ManagedAdminRow): Promise<AdminSummary> {
    const lockedUntil = await accountLockedUntil(this.store, row.email, this.clock());
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      roles: row.roles,
      status: row.status,
      twoFactorEnabled: row.two_factor_enabled,
      twoFactorSetupRequired: row.two_factor_setup_required,
      mustChangePassword: row.must_change_password,
      lockedUntil: lockedUntil > 0 ? new Date(lockedUntil).toISOString() : null,
      lastSignInAt: row.last_login_at,
      createdAt: row.created_at,
    };
  }
}
