// Who gets a version before everyone else (docs/operations.md#staged-rollout): without zod, so the
// console's layout can decide it for the signed-in admin (the API decides the same for its evidence).
import type { GovernanceRole } from './permissions.ts';

/** The ops admins, the admins holding one role, or a share of the admins. */
export type CohortRule =
  | { kind: 'ops' }
  | { kind: 'role'; role: GovernanceRole }
  | { kind: 'percent'; percent: number };

/** 32-bit FNV-1a: the same number in the API and in every browser. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Whether an admin belongs to a cohort of `area`. A percentage takes the admins whose bucket (0-99, from
 * their id and the area) is below it: the same admins every time, and 10% is within 50%.
 */
export function inCohort(
  rule: CohortRule,
  admin: { id: number; roles: readonly string[] },
  area: string,
): boolean {
  if (rule.kind === 'ops') return admin.roles.includes('ops');
  if (rule.kind === 'role') return admin.roles.includes(rule.role);
  return fnv1a(`${area}:${admin.id}`) % 100 < rule.percent;
}

/** 'ops admins', 'admins with the finance role', '10% of admins'. */
export function cohortLabel(rule: CohortRule): string {
  if (rule.kind === 'ops') return 'ops admins';
  if (rule.kind === 'role') return `admins with the ${rule.role} role`;
  return `${rule.percent}% of admins`;
}
