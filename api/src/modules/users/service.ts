import type {
  Paged,
  User,
  UserDetails,
  UserStatus,
  UsersListQuery,
  UserUpdateBody,
} from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AuditWriter } from '../audit/index.ts';
import * as repo from './repository.ts';

const INT_MAX = 2_147_483_647;
const notFound = () => new HttpError(404, 'User not found');

export class UsersService {
  constructor(private readonly db: Db) {}

  async list(query: UsersListQuery): Promise<Paged<User>> {
    const size = repo.pageSize(query);
    const { rows, total } = await repo.listUsers(this.db, query);
    return { data: rows, total, totalPages: Math.ceil(total / size), page: query.page, perPage: size };
  }

  async details(id: number): Promise<UserDetails> {
    if (id > INT_MAX) throw notFound();
    const user = await repo.findProfile(this.db, id);
    if (!user) throw notFound();
    const [blockHistory, activity] = await Promise.all([
      repo.blockHistory(this.db, id),
      repo.userActivity(this.db, id),
    ]);
    return { user, blockHistory, ...activity };
  }

  /**
   * One status change in a transaction: the user row is locked, the UPDATE is conditional on the status
   * read, and entering or leaving 'blocked' appends a history entry with the admin and the reason.
   * `expect` refuses the change (409) when the current status is not the expected one. `to` = 'unblocked'
   * leaves 'blocked' for the status the user had right before the block (the repository remembers it).
   */
  private async transition(
    id: number,
    adminId: number,
    to: UserStatus | 'unblocked',
    audit: AuditWriter,
    options: { reason?: string | null; expect?: { status: UserStatus; is: boolean; message: string } },
  ): Promise<{ user: User; changed: boolean }> {
    if (id > INT_MAX) throw notFound();
    // A status set to the value it had changes nothing (no record); every real change records in its transaction.
    const result = await this.db.transaction(async (tx) => {
      const current = await repo.findLiveUser(tx, id, true);
      if (!current) throw notFound();
      const { expect } = options;
      if (expect && (current.status === expect.status) !== expect.is)
        throw new HttpError(409, expect.message);
      if (current.status === to) return { user: current, changed: false };
      const reason = options.reason?.trim() || null;
      if (!(await repo.changeStatus(tx, id, current.status, to, to === 'blocked' ? reason : null)))
        throw new HttpError(409, 'User was changed by someone else, please reload');
      if (to === 'blocked' || current.status === 'blocked') {
        await repo.recordBlock(tx, {
          userId: id,
          action: to === 'blocked' ? 'blocked' : 'unblocked',
          reason,
          adminId,
        });
      }
      const user = (await repo.findLiveUser(tx, id))!;
      await audit.record(tx, {
        targetType: 'user',
        targetId: id,
        before: { status: current.status },
        after: { status: user.status },
        details: reason ? { reason } : undefined,
      });
      return { user, changed: true };
    });
    if (!result.changed) audit.nothingChanged();
    return result;
  }

  block(id: number, adminId: number, reason: string, audit: AuditWriter): Promise<{ user: User }> {
    return this.transition(id, adminId, 'blocked', audit, {
      reason,
      expect: { status: 'blocked', is: false, message: 'User is already blocked' },
    });
  }

  /** Back to the status the user had right before the block ('active' for blocks older than that memory). */
  unblock(
    id: number,
    adminId: number,
    reason: string | null | undefined,
    audit: AuditWriter,
  ): Promise<{ user: User }> {
    return this.transition(id, adminId, 'unblocked', audit, {
      reason,
      expect: { status: 'blocked', is: true, message: 'User is not blocked' },
    });
  }

  async update(
    id: number,
    adminId: number,
    body: UserUpdateBody,
    audit: AuditWriter,
  ): Promise<{ user: User; message: string }> {
    if (body.status === 'blocked') {
      return {
        ...(await this.block(id, adminId, body.reason ?? '', audit)),
        message: 'User blocked successfully',
      };
    }
    if (body.status === 'unblocked') {
      return {
        ...(await this.unblock(id, adminId, body.reason, audit)),
        message: 'User unblocked successfully',
      };
    }
    const { user, changed } = await this.transition(id, adminId, body.status, audit, { reason: body.reason });
    return { user, message: changed ? 'User updated successfully' : 'User status unchanged' };
  }

  async remove(id: number, audit: AuditWriter): Promise<void> {
    if (id > INT_MAX) throw notFound();
    await audit.transaction(this.db, async (tx) => {
      if (!(await repo.softDelete(tx, id))) throw notFound();
      await audit.record(tx, {
        targetType: 'user',
        targetId: id,
        before: { deleted: false },
        after: { deleted: true },
      });
    });
  }
}
