import type {
  GateResult,
  ReleasesData,
  ReleaseTarget,
  ReleaseVersionInfo,
} from '@backoffice/shared/contract';
import { type Area, areaManifest } from '@backoffice/shared/permissions';

/** The parts of the console, in the order the screen shows them: the shell, then the areas of areas.json. */
export const PARTS: readonly ReleaseTarget[] = ['shell', ...areaManifest.map((area) => area.id)];

export const PART_LABELS: Record<ReleaseTarget, string> = {
  shell: 'Console shell',
  ...(Object.fromEntries(areaManifest.map((area) => [area.id, area.title])) as Record<Area, string>),
};

/** How the live version went live (ReleaseAreaInfo.live.action). */
const LIVE_ACTIONS: Record<string, string> = {
  deploy: 'Deployed',
  rollback: 'Rolled back',
  promote: 'Promoted',
  'auto-rollback': 'Rolled back automatically',
};
export const liveActionLabel = (action: string) => LIVE_ACTIONS[action] ?? action;

/** What a history entry did (ReleaseEvent.action, 'release.publish' etc.). */
const EVENTS: Record<string, string> = {
  publish: 'Published',
  ...LIVE_ACTIONS,
  cohort: 'Live for a cohort',
  refused: 'Refused',
  prune: 'Pruned',
  tampered: 'Files changed on disk',
};
export const eventLabel = (action: string) => EVENTS[action.replace(/^release\./, '')] ?? action;

export const CHECK_LABELS: Record<GateResult['check'], string> = {
  files: 'Files',
  shared: 'Shared modules',
  contract: 'API contract',
  smoke: 'Smoke load',
};

/** A skipped smoke load passes the gate, but the admin should know nobody mounted the build. */
export const smokeSkipped = (gate: GateResult[]) =>
  gate.some((check) => check.check === 'smoke' && check.ok && check.message.startsWith('skipped'));

export const shortCommit = (commit: string | null) => (commit ? commit.slice(0, 7) : 'unknown');

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The API's automatic rollback rule, in words. */
export function autoRollbackText(rule: ReleasesData['autoRollback']): string {
  if (!rule) return 'Automatic rollback: off (a failing version stays live until someone rolls it back)';
  return (
    `Automatic rollback: a version live (for everyone or for its cohort) for less than ${rule.windowMinutes} ` +
    `min goes back when ${plural(rule.admins, 'admin')}, and ${Math.round(rule.rate * 100)}% of the admins ` +
    'reporting on it, fail on it (each admin counts once, however many sessions)'
  );
}

/** A version's last hour: reports, and how many admins sent them. */
export function fieldText(field: ReleaseVersionInfo['field']): string {
  const admins = field.admins
    ? ` (${plural(field.admins, 'admin')}${field.failingAdmins ? `, ${field.failingAdmins} failing` : ''})`
    : '';
  return `${plural(field.loads, 'load')} / ${plural(field.failures, 'failure')}${admins}`;
}
