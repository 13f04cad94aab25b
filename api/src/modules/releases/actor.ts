// Who changed what is live, and how the record says it (docs/operations.md#releases).
import type { GateResult, ReleaseChange, ReleaseTarget } from '@backoffice/shared/contract';
import { releaseDirOf } from '@backoffice/shared/contract';
import type { AuditWriter } from '../audit/index.ts';

/** Who changes what is live: an admin on the Releases screen, an operator through the CLI, or the API itself. */
export interface ReleaseActor {
  id: number | null;
  /** The admin's e-mail, an operator token's owner, 'bootstrap ops token', or 'system'. */
  email: string;
  via: 'console' | 'cli' | 'system';
  /** What the CLI's --as said with the shared bootstrap token: kept in the record, never trusted. */
  claimed?: string | undefined;
  /** An operator token's name. */
  token?: string | undefined;
}

export const SYSTEM: ReleaseActor = { id: null, email: 'system', via: 'system' };

/** 'mf-mines 1.4.0'. */
export const label = (area: ReleaseTarget, version: string | null) =>
  `${releaseDirOf(area)} ${version ?? '(none)'}`;

/** The audit trail's actor: an admin or an operator; null for the API itself (as the payout worker). */
export const auditActor = (who: ReleaseActor) => ({
  id: who.id,
  email: who.via === 'system' ? null : who.email,
});

export const actorDetails = (who: ReleaseActor) => ({
  via: who.via,
  ...(who.token ? { token: who.token } : {}),
  ...(who.claimed ? { claimed: who.claimed } : {}),
});

/** A record's details: how, the commit, why, whether forced, and what it went by (failed checks or evidence). */
export function details(
  who: ReleaseActor,
  commit: string | null,
  reason: string | null,
  forced: boolean,
  failed: GateResult[],
  extra: {
    evidence?: { text: string; admins: unknown } | undefined;
    detail?: string;
    [key: string]: unknown;
  } = {},
) {
  const { evidence, detail: extraDetail, ...rest } = extra;
  const detail =
    evidence?.text ??
    extraDetail ??
    (failed.length ? failed.map((check) => `${check.check}: ${check.message}`).join('; ') : null);
  return {
    ...actorDetails(who),
    commit,
    reason,
    forced,
    detail,
    ...(evidence ? { evidence: evidence.admins } : {}),
    ...rest,
  };
}

/** What a change did (or, dry, would do): the live version before and after. */
export function change(
  area: ReleaseTarget,
  version: string,
  from: string | null,
  more: Partial<ReleaseChange> = {},
): ReleaseChange {
  return { area, version, published: false, from, to: from, forced: false, gate: [], ...more };
}

/** A dry run, or nothing to do: the answer, and no audit record. */
export function unchanged(audit: AuditWriter, result: ReleaseChange): ReleaseChange {
  audit.nothingChanged();
  return result;
}
