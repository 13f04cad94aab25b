import { z } from 'zod';
import { envelope, isoDate } from './envelope.ts';
import { type Area, areaEntry, areas } from './permissions.ts';

/**
 * Console delivery (docs/operations.md#releases): each area and the shell itself are released on their own.
 * The API keeps which version of each is live (the registry); the files of every version stay in the releases
 * folder.
 */
export const releaseTargets = ['shell', ...areas] as const;
export type ReleaseTarget = (typeof releaseTargets)[number];
export const releaseTargetSchema = z.enum(releaseTargets, {
  error: `Unknown area: expected one of ${releaseTargets.join(', ')}`,
});

/** 'mines' -> 'mf_mines' (the remote's federation name), 'support-users' -> 'mf_support_users'. */
export const remoteNameOf = (area: Area) => areaEntry(area).name;
/** 'mines' -> 'mf-mines' (the remote's folder in the workspace and in the releases folder). */
export const releaseDirOf = (target: ReleaseTarget) => (target === 'shell' ? 'shell' : areaEntry(target).dir);

/** A version is a folder and a URL segment: letters, digits, '.', '_', '+', '-'; no dot-segments. */
export const RELEASE_VERSION = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;
export const releaseVersionSchema = z
  .string({ error: 'Version is required' })
  .regex(RELEASE_VERSION, 'Invalid version: letters, digits, . _ + - (at most 64)')
  .refine((v) => !v.includes('..'), 'Invalid version: letters, digits, . _ + - (at most 64)');

// ---- The registry: what the console loads (GET /console/registry, public) ----

const menuLink = z.object({
  label: z.string(),
  path: z.string(),
  /** 'write': a page that only changes things (Create Lottery), listed for the area's write role. */
  access: z.literal('write').optional(),
});
const menuItem = z.object({
  key: z.string(),
  label: z.string(),
  icon: z.string().optional(),
  /** Position in the sidebar; the shell's own entries use 0 (Dashboard) and 40 (Maintenance). */
  order: z.number(),
  path: z.string().optional(),
  children: z.array(menuLink).optional(),
});
/** What an area adds to the console: its routes (with tab titles) and sidebar entries (its area.json). */
export const areaRoutesSchema = z.object({
  routes: z.array(z.object({ path: z.string(), title: z.string() })).min(1),
  menu: z.array(menuItem),
});
export type AreaRoutes = z.infer<typeof areaRoutesSchema>;

const versionEntry = z.object({ version: z.string(), entry: z.string() });
export const registryRemote = areaRoutesSchema.extend({
  /** Federation name, e.g. 'mf_mines'; it exposes './app'. */
  name: z.string(),
  area: z.enum(areas),
  version: z.string(),
  commit: z.string().nullable(),
  /** URL of the live version's mf-manifest.json (a path on the console's origin by default). */
  entry: z.string(),
  /** The version before it: what the console loads when the live one fails. */
  previous: versionEntry.nullable(),
});
export type RegistryRemote = z.infer<typeof registryRemote>;

export const consoleRegistry = z.object({
  /** Changes whenever anything live changes (also the answer's ETag). */
  revision: z.string(),
  shell: z.object({ version: z.string(), commit: z.string().nullable() }).nullable(),
  remotes: z.array(registryRemote),
});
export type ConsoleRegistry = z.infer<typeof consoleRegistry>;
export const consoleRegistryResponse = envelope(consoleRegistry);

// ---- The release gate ----

export const gateChecks = ['files', 'shared', 'contract', 'smoke'] as const;
export type GateCheck = (typeof gateChecks)[number];
export const gateResult = z.object({
  check: z.enum(gateChecks),
  ok: z.boolean(),
  /** What was checked, or what failed ('mf-mines 2.0.0 requires react ^20.0.0; the shell provides 19.3.1'). */
  message: z.string(),
});
export type GateResult = z.infer<typeof gateResult>;

/** The smoke load the CLI ran before publishing (Chromium mounts the area in a minimal host). */
export const smokeResultSchema = z.object({
  status: z.enum(['passed', 'failed', 'skipped']),
  message: z.string().max(2000),
});
export type SmokeResult = z.infer<typeof smokeResultSchema>;

// ---- The Releases screen and the CLI ----

const reason = z
  .string()
  .trim()
  .max(500, 'Reason must be at most 500 characters')
  .transform((v) => v || null)
  .nullable()
  .default(null);
/** Who runs the CLI ('ops@example.com' from --as, or 'deploy@build-host'); taken only with the ops token. */
const actor = z.string().trim().min(1).max(200).optional();

const forcedNeedsReason = (body: { force: boolean; reason: string | null }) => !body.force || !!body.reason;
const FORCE_REASON = 'A forced release needs a reason';

export const releasePublishBody = z
  .object({
    area: releaseTargetSchema,
    version: releaseVersionSchema,
    smoke: smokeResultSchema,
    /** Also make it live (pnpm run deploy), through the same gate. */
    live: z.boolean().default(false),
    /** Run the gate and change nothing (pnpm run deploy --check). */
    dryRun: z.boolean().default(false),
    force: z.boolean().default(false),
    reason,
    actor,
  })
  .refine(forcedNeedsReason, { message: FORCE_REASON, path: ['reason'] });
export type ReleasePublishBody = z.input<typeof releasePublishBody>;

export const releaseActions = ['deploy', 'rollback', 'promote'] as const;
export type ReleaseAction = (typeof releaseActions)[number];
export const releaseLiveBody = z
  .object({
    /** Absent: the previous live version (a rollback). */
    version: releaseVersionSchema.optional(),
    action: z.enum(releaseActions),
    dryRun: z.boolean().default(false),
    force: z.boolean().default(false),
    reason,
    actor,
  })
  .refine(forcedNeedsReason, { message: FORCE_REASON, path: ['reason'] });
export type ReleaseLiveBody = z.input<typeof releaseLiveBody>;

export const releaseAreaParams = z.object({ area: releaseTargetSchema });
export const releaseVersionParams = z.object({ area: releaseTargetSchema, version: releaseVersionSchema });
export const releasePruneBody = z.object({ actor }).nullish();

/** What a publish, deploy, rollback or promote did (or, with dryRun, would do). */
export const releaseChange = z.object({
  area: releaseTargetSchema,
  version: z.string(),
  published: z.boolean(),
  /** The live version before and after (equal when nothing went live). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  forced: z.boolean(),
  gate: z.array(gateResult),
});
export type ReleaseChange = z.infer<typeof releaseChange>;
export const releaseChangeResponse = envelope(releaseChange);

export const releaseEvent = z.object({
  id: z.number().int(),
  at: isoDate,
  /** 'release.publish', 'release.deploy', 'release.rollback', 'release.promote', 'release.auto-rollback', 'release.refused', 'release.prune'. */
  action: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  commit: z.string().nullable(),
  actor: z.string(),
  reason: z.string().nullable(),
  forced: z.boolean(),
  /** A refusal's failed check, an automatic rollback's evidence. */
  detail: z.string().nullable(),
});
export type ReleaseEvent = z.infer<typeof releaseEvent>;

/** How a version does in the field over the last hour (the shell's reports). */
export const fieldFigures = z.object({
  loads: z.number().int(),
  failures: z.number().int(),
  failingSessions: z.number().int(),
});

export const releaseVersionInfo = z.object({
  version: z.string(),
  commit: z.string().nullable(),
  publishedAt: isoDate,
  publishedBy: z.string(),
  /** A remote's mf-manifest.json URL (to preview it); null for the shell. */
  entry: z.string().nullable(),
  live: z.boolean(),
  previous: z.boolean(),
  /** The gate as it stands now, against the live shell and this API. */
  gate: z.array(gateResult),
  field: fieldFigures,
});
export type ReleaseVersionInfo = z.infer<typeof releaseVersionInfo>;

export const fieldFailure = z.object({
  at: isoDate,
  version: z.string(),
  route: z.string().nullable(),
  message: z.string(),
  admin: z.string().nullable(),
});
export type FieldFailure = z.infer<typeof fieldFailure>;

export const releaseAreaInfo = z.object({
  area: releaseTargetSchema,
  live: z
    .object({
      version: z.string(),
      commit: z.string().nullable(),
      since: isoDate,
      by: z.string(),
      action: z.string(),
    })
    .nullable(),
  previous: z.string().nullable(),
  /** Newest first. */
  versions: z.array(releaseVersionInfo),
  /** The last changes, newest first. */
  history: z.array(releaseEvent),
  /** Failures reported over the last hour, newest first. */
  failures: z.array(fieldFailure),
});
export type ReleaseAreaInfo = z.infer<typeof releaseAreaInfo>;

export const releasesResponse = envelope(
  z.object({
    areas: z.array(releaseAreaInfo),
    /** A version live for less than `windowMinutes` is rolled back when `sessions` sessions (and `rate` of them) fail on it. */
    autoRollback: z
      .object({ windowMinutes: z.number(), sessions: z.number().int(), rate: z.number() })
      .nullable(),
  }),
);
export type ReleasesData = z.infer<typeof releasesResponse>['data'];

// ---- Reports from the field (the shell's error boundaries) ----

const bounded = (max: number) => z.string().transform((v) => v.slice(0, max));
export const fieldReportBody = z.object({
  kind: z.enum(['load', 'failure']),
  area: z.enum(areas),
  version: releaseVersionSchema,
  route: bounded(300).optional(),
  message: bounded(1000).optional(),
  stack: bounded(4000).optional(),
});
export type FieldReportBody = z.input<typeof fieldReportBody>;
export const fieldReportResponse = envelope(z.object({ rolledBack: z.boolean() }));

// ---- Maintenance (docs/operations.md): one flag for every replica, set by an operator ----
export const maintenanceBody = z.object({
  on: z.boolean({ error: 'on must be true or false' }),
  actor,
});
export const maintenanceResponse = envelope(z.object({ maintenance: z.boolean() }));
