import type { FourEyesSettings, FourEyesSettingsBody } from '@backoffice/shared/contract';
import { canonicalDecimal } from '../../config.ts';
import type { Db } from '../../db/types.ts';
import type { AuditWriter } from '../audit/writer.ts';
import * as repo from './repository.ts';

/** The settings key of the four-eyes threshold (read by the withdrawal decision SQL too). */
export const FOUR_EYES_KEY = 'four_eyes_threshold';

/** NUMERIC text as stored -> the canonical wire form ('10000.00000000' -> '10000'). */
const canonical = (v: string) => canonicalDecimal(v);

/** Four-eyes threshold: the superadmin setting, else FOUR_EYES_THRESHOLD, else none. */
export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly envThreshold: string | null,
  ) {}

  private view(row: repo.SettingRow | undefined): FourEyesSettings {
    const setting = row ? canonical(row.value) : null;
    return {
      threshold: setting ?? this.envThreshold,
      source: setting ? 'setting' : this.envThreshold ? 'env' : 'none',
      envThreshold: this.envThreshold,
      settingThreshold: setting,
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by ?? null,
    };
  }

  async fourEyes(db: Db = this.db): Promise<FourEyesSettings> {
    return this.view(await repo.findSetting(db, FOUR_EYES_KEY));
  }

  /** Sets (or with null drops) the override; audited with the threshold in force before and after. */
  async updateFourEyes(
    body: FourEyesSettingsBody,
    adminId: number,
    audit: AuditWriter,
  ): Promise<FourEyesSettings> {
    return audit.transaction(this.db, async (tx) => {
      const before = this.view(await repo.findSetting(tx, FOUR_EYES_KEY, true));
      if (body.threshold === null) await repo.deleteSetting(tx, FOUR_EYES_KEY);
      else await repo.putDecimalSetting(tx, FOUR_EYES_KEY, body.threshold, adminId);
      const after = await this.fourEyes(tx);
      const pick = (s: FourEyesSettings) => ({ threshold: s.threshold, source: s.source });
      await audit.record(tx, {
        targetType: 'setting',
        targetId: FOUR_EYES_KEY,
        before: pick(before),
        after: pick(after),
      });
      return after;
    });
  }
}
