// The automatic rollback's rule (docs/operations.md#automatic-rollback): it acts on evidence from distinct
// admins who may open the area, never on one voice. Pure: the service reads the reports and acts.
import type { ReleasesConfig } from '../../config.ts';
import type { AdminReports } from './repository.ts';

export type AutoRollbackRule = NonNullable<ReleasesConfig['autoRollback']>;

/** What the record of an automatic rollback keeps: every admin who reported, with their counts. */
export interface Evidence {
  failing: number;
  reporting: number;
  minutes: number;
  admins: { email: string; loads: number; failures: number }[];
}

/**
 * The evidence against a version, or null when it does not meet the rule: at least `rule.admins` distinct
 * admins failed on it, and at least `rule.rate` of the distinct admins who reported on it (loaded or failed).
 * An admin counts once however many sessions, renewals or reports they sent: one admin can neither roll a
 * version back (the rule needs two at least) nor hold a rollback off (many loads are still one admin).
 */
export function evidenceAgainst(
  reports: AdminReports[],
  rule: AutoRollbackRule,
  minutes: number,
): Evidence | null {
  const failing = reports.filter((admin) => admin.failures > 0).length;
  if (failing < rule.admins || failing / Math.max(reports.length, 1) < rule.rate) return null;
  return {
    failing,
    reporting: reports.length,
    minutes: Math.max(1, Math.round(minutes)),
    admins: reports.map(({ email, loads, failures }) => ({ email, loads, failures })),
  };
}

/** '3 of 4 admins failed on mf-mines 1.3.0 within 2 min of going live: a@x (2 failures), ...'. */
export function evidenceText(evidence: Evidence, subject: string, rule: AutoRollbackRule): string {
  const failed = evidence.admins
    .filter((admin) => admin.failures > 0)
    .map((admin) => `${admin.email} (${admin.failures} failure${admin.failures === 1 ? '' : 's'})`);
  const fine = evidence.reporting - evidence.failing;
  return (
    `${evidence.failing} of ${evidence.reporting} admins failed on ${subject} within ${evidence.minutes} min: ` +
    `${failed.join(', ')}${fine ? `; ${fine} loaded it without failing` : ''} (rule: ${rule.admins} admins ` +
    `and ${Math.round(rule.rate * 100)}% of those reporting, within ${rule.windowMinutes} min)`
  );
}
