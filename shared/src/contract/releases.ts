import { z } from 'zod';
import { governanceRoleSchema } from './auth.ts';
import type { CohortRule } from './cohorts.ts';
import { envelope, isoDate } from './envelope.ts';
import { type Area, areaEntry, areas } from './permissions.ts';
import { idParams } from './query.ts';

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

/**
 * Subresource integrity of a version's first files ('mf-manifest.json' and its remote entry, paths in the
 * version's folder -> 'sha256-<base64>'), from the hashes recorded at publish: the console fetches them
 * with these, so no server, CDN or proxy between can change them (docs/operations.md#release-integrity).
 */
export const buildIntegrity = z.record(z.string(), z.string());

/**
 * Who gets a version before everyone else (a staged rollout): the ops admins, the admins holding one
 * role, or a share of the admins (stable per admin and area: see inCohort).
 */
export const cohortRuleSchema: z.ZodType<CohortRule> = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('ops') }),
    z.object({ kind: z.literal('role'), role: governanceRoleSchema }),
    z.object({
      kind: z.literal('percent'),
      percent: z
        .number()
        .int('The share of admins is a whole percentage')
        .min(1, 'The share of admins is 1 to 99%')
        .max(99, 'The share of admins is 1 to 99%'),
    }),
  ],
  { error: 'A cohort is ops, a role or a percentage of admins' },
);
export { type CohortRule, cohortLabel, inCohort } from './cohorts.ts';

const versionEntry = z.object({ version: z.string(), entry: z.string(), integrity: buildIntegrity });
export const registryRemote = areaRoutesSchema.extend({
  /** Federation name, e.g. 'mf_mines'; it exposes './app'. */
  name: z.string(),
  area: z.enum(areas),
  version: z.string(),
  commit: z.string().nullable(),
  /** URL of the live version's mf-manifest.json (a path on the console's origin by default). */
  entry: z.string(),
  integrity: buildIntegrity,
  /** The version before it: what the console loads when the live one fails. */
  previous: versionEntry.nullable(),
  /** A version live for a cohort only; its members load it (and fall back to the live one). */
  cohort: versionEntry
    .extend({ rule: cohortRuleSchema, commit: z.string().nullable(), ...areaRoutesSchema.shape })
    .nullable(),
});
export type RegistryRemote = z.infer<typeof registryRemote>;

export const consoleRegistry = z.object({
  /** Changes whenever anything live changes (also the answer's ETag). */
  revision: z.string(),
  /** `previous`: the console's server serves its page when the live shell's files are not as published. */
  shell: z
    .object({ version: z.string(), commit: z.string().nullable(), previous: z.string().nullable() })
    .nullable(),
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

/**
 * The smoke load the gate ran (the API, in Chromium: every route of the area with real data through a
 * read-only session of its own), or why it was skipped.
 */
export const smokeResultSchema = z.object({
  status: z.enum(['passed', 'failed', 'skipped']),
  message: z.string().max(2000),
  /** Each page loaded: the route, the address it was loaded at, and what failed there. */
  routes: z
    .array(
      z.object({
        path: z.string(),
        url: z.string().nullable(),
        ok: z.boolean(),
        error: z.string().optional(),
      }),
    )
    .optional(),
  /** The shell version whose smoke host ran it (null: none was live). */
  shell: z.string().nullable().optional(),
  at: isoDate.optional(),
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
    /** --no-smoke: accepted only where the API has no Chromium to run the smoke load with. */
    skipSmoke: z.boolean().default(false),
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
    /** Absent: the previous live version (a rollback; with a cohort live, the cohort ends). */
    version: releaseVersionSchema.optional(),
    action: z.enum(releaseActions),
    /** Live for this cohort only (deploy or promote); everyone else keeps the live version. */
    cohort: cohortRuleSchema.optional(),
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

/** How a version does in the field over the last hour (the shell's reports): reports, and distinct admins. */
export const fieldFigures = z.object({
  loads: z.number().int(),
  failures: z.number().int(),
  admins: z.number().int(),
  failingAdmins: z.number().int(),
});

export const releaseVersionInfo = z.object({
  version: z.string(),
  commit: z.string().nullable(),
  publishedAt: isoDate,
  publishedBy: z.string(),
  /** A remote's mf-manifest.json URL (to preview it); null for the shell. */
  entry: z.string().nullable(),
  integrity: buildIntegrity,
  live: z.boolean(),
  previous: z.boolean(),
  /** Live for the area's cohort. */
  cohort: z.boolean(),
  /** Files whose bytes differ from those recorded at publish (never served); empty when intact. */
  tampered: z.array(z.string()),
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
  /** A version live for a cohort only. */
  cohort: z
    .object({ version: z.string(), rule: cohortRuleSchema, since: isoDate, by: z.string() })
    .nullable(),
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
    /**
     * A version live (for everyone, or for its cohort) for less than `windowMinutes` is rolled back when
     * `admins` distinct admins, and `rate` of the admins reporting on it, failed on it.
     */
    autoRollback: z
      .object({ windowMinutes: z.number(), admins: z.number().int(), rate: z.number() })
      .nullable(),
  }),
);
export type ReleasesData = z.infer<typeof releasesResponse>['data'];

/** The files of a published version with the SHA-256 recorded at publish (the console's server checks them). */
export const releaseFilesResponse = envelope(
  z.object({ files: z.record(z.string(), z.string()), tampered: z.array(z.string()) }),
);

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

// ---- Operators' tokens for the release CLI (made and revoked by a superadmin) ----

export const opsTokenInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Whose token it is: the record of every change made with it names them. */
  owner: z.string(),
  createdBy: z.string().nullable(),
  createdAt: isoDate,
  expiresAt: isoDate,
  revokedAt: isoDate.nullable(),
  lastUsedAt: isoDate.nullable(),
});
export type OpsTokenInfo = z.infer<typeof opsTokenInfo>;
export const opsTokensResponse = envelope(z.array(opsTokenInfo));
export const opsTokenCreateBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  /** The owner's e-mail: an ops admin or a superadmin. */
  owner: z.string({ error: 'Owner is required' }).trim().min(1, 'Owner is required').max(200),
  days: z
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'A token lives 1 to 365 days')
    .max(365, 'A token lives 1 to 365 days'),
});
/** The token itself is in this answer only: it is stored hashed. */
export const opsTokenCreateResponse = envelope(opsTokenInfo.extend({ token: z.string() }));
export const opsTokenParams = idParams;
export const opsTokenRevokeResponse = envelope(opsTokenInfo);

// ---- Maintenance (docs/operations.md): one flag for every replica, set by an operator ----
export const maintenanceBody = z.object({
  on: z.boolean({ error: 'on must be true or false' }),
  actor,
});
export const maintenanceResponse = envelope(z.object({ maintenance: z.boolean() }));
