import type { FourEyesSettings, FourEyesSettingsBody } from '@backoffice/shared/contract';
import { decimalAtMost, FOUR_EYES } from '@backoffice/shared/rules';
import { canonicalDecimal } from '../../config.ts';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AuditWriter } from '../audit/index.ts';
import { LINKED_APPROVER_MESSAGE, linkedAdmins } from '../four-eyes.ts';
import * as repo from './repository.ts';

/** The settings key of the four-eyes threshold (read by the withdrawal decision SQL too). */
export const FOUR_EYES_KEY = 'four_eyes_threshold';
/** The change waiting for a second superadmin: JSON {threshold}, updated_by = who asked for it. */
export const FOUR_EYES_PENDING_KEY = 'four_eyes_threshold.pending';

export const SETTINGS_MESSAGES = {
  updated: 'Settings updated successfully',
  awaitingSecond:
    'Awaiting second approval: another superadmin must approve this change of the four-eyes threshold',
  approved: 'Four-eyes threshold change approved',
  noPending: 'There is no four-eyes threshold change awaiting approval',
  pendingDiffers:
    'The four-eyes threshold change awaiting approval is not the one you approve: reload it and check again',
  sameApprover: 'You asked for this change: a different superadmin must approve it',
  linkedApprover: LINKED_APPROVER_MESSAGE,
} as const;

/** NUMERIC text as stored -> the canonical wire form ('10000.00000000' -> '10000'). */
const canonical = (v: string) => canonicalDecimal(v);

/** What a change asks for: the new override (null: drop it). */
interface Requested {
  threshold: string | null;
}

/**
 * Four-eyes threshold: the superadmin setting, else FOUR_EYES_THRESHOLD, else none. A change that would
 * weaken four-eyes past FOUR_EYES.approvalCeiling (a higher threshold in force above it, or no threshold
 * at all) is not applied: it waits as the pending change until a second superadmin approves it, so one
 * superadmin alone cannot lift four-eyes (docs/operations.md).
 */
export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly envThreshold: string | null,
  ) {}

  private view(row: repo.SettingRow | undefined, pending: repo.SettingRow | undefined): FourEyesSettings {
    const setting = row ? canonical(row.value) : null;
    const asked = pending ? (JSON.parse(pending.value) as Requested) : null;
    return {
      threshold: setting ?? this.envThreshold,
      source: setting ? 'setting' : this.envThreshold ? 'env' : 'none',
      envThreshold: this.envThreshold,
      settingThreshold: setting,
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by ?? null,
      pending:
        asked && pending?.updated_by != null
          ? { threshold: asked.threshold, requestedBy: pending.updated_by, requestedAt: pending.updated_at }
          : null,
    };
  }

  async fourEyes(db: Db = this.db): Promise<FourEyesSettings> {
    const [row, pending] = await Promise.all([
      repo.findSetting(db, FOUR_EYES_KEY),
      repo.findSetting(db, FOUR_EYES_PENDING_KEY),
    ]);
    return this.view(row, pending);
  }

  /** The threshold in force once `threshold` is the override (null: FOUR_EYES_THRESHOLD applies). */
  private inForce(threshold: string | null): string | null {
    return threshold === null ? this.envThreshold : canonical(threshold);
  }

  /** True when going from `before` to `after` (thresholds in force) needs a second superadmin. */
  private needsSecondApproval(before: string | null, after: string | null): boolean {
    if (after === null) return before !== null; // turning four-eyes off
    const raised = before === null || !decimalAtMost(after, before);
    return raised && !decimalAtMost(after, FOUR_EYES.approvalCeiling);
  }

  /**
   * Sets (or with null drops) the override, or, past the ceiling, records it as the pending change
   * (`awaiting`). Either way it replaces any pending change: the latest request is the one to approve.
   * Audited with the threshold in force before and after, and the pending change.
   */
  async updateFourEyes(
    body: FourEyesSettingsBody,
    adminId: number,
    audit: AuditWriter,
  ): Promise<{ settings: FourEyesSettings; awaiting: boolean }> {
    return audit.transaction(this.db, async (tx) => {
      const before = await this.locked(tx);
      const awaiting = this.needsSecondApproval(before.threshold, this.inForce(body.threshold));
      if (awaiting) {
        const requested: Requested = {
          threshold: body.threshold === null ? null : canonical(body.threshold),
        };
        await repo.putSetting(tx, FOUR_EYES_PENDING_KEY, JSON.stringify(requested), adminId);
      } else {
        await this.apply(tx, body.threshold, adminId);
      }
      const after = await this.fourEyes(tx);
      await audit.record(tx, {
        targetType: 'setting',
        targetId: FOUR_EYES_KEY,
        before: pick(before),
        after: pick(after),
        ...(awaiting ? { details: { awaitingSecondApproval: true, requested: after.pending } } : {}),
      });
      return { settings: after, awaiting };
    });
  }

  /**
   * A second superadmin approves the pending change: not its requester, nor an admin linked to them
   * (see modules/four-eyes.ts), and only the change they saw (`body` repeats it). Audited with who asked.
   */
  async approveFourEyes(
    body: FourEyesSettingsBody,
    adminId: number,
    audit: AuditWriter,
  ): Promise<FourEyesSettings> {
    return audit.transaction(this.db, async (tx) => {
      const before = await this.locked(tx);
      const pending = before.pending;
      if (!pending) throw new HttpError(409, SETTINGS_MESSAGES.noPending);
      const approved = body.threshold === null ? null : canonical(body.threshold);
      if (approved !== pending.threshold) throw new HttpError(409, SETTINGS_MESSAGES.pendingDiffers);
      if (pending.requestedBy === adminId) throw new HttpError(409, SETTINGS_MESSAGES.sameApprover);
      if ((await linkedAdmins(tx, adminId)).has(pending.requestedBy))
        throw new HttpError(403, SETTINGS_MESSAGES.linkedApprover);
      await this.apply(tx, pending.threshold, adminId);
      const after = await this.fourEyes(tx);
      await audit.record(tx, {
        targetType: 'setting',
        targetId: FOUR_EYES_KEY,
        before: pick(before),
        after: pick(after),
        details: {
          fourEyes: 'second approval',
          requestedBy: pending.requestedBy,
          requestedAt: pending.requestedAt,
        },
      });
      return after;
    });
  }

  /** The settings with both rows locked, in one order (no deadlock between two changes). */
  private async locked(tx: Db): Promise<FourEyesSettings> {
    const row = await repo.findSetting(tx, FOUR_EYES_KEY, true);
    return this.view(row, await repo.findSetting(tx, FOUR_EYES_PENDING_KEY, true));
  }

  /** The override in force from now on; no change is pending any more. */
  private async apply(tx: Db, threshold: string | null, adminId: number): Promise<void> {
    if (threshold === null) await repo.deleteSetting(tx, FOUR_EYES_KEY);
    else await repo.putDecimalSetting(tx, FOUR_EYES_KEY, threshold, adminId);
    await repo.deleteSetting(tx, FOUR_EYES_PENDING_KEY);
  }
}

/** What the audit keeps of the settings: the threshold in force (a pending change goes in details). */
const pick = (s: FourEyesSettings) => ({ threshold: s.threshold, source: s.source });
