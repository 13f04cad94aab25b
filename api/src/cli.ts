import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type GovernanceRole, governanceRoles } from '@backoffice/shared/contract';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { assertSchemaCurrent, migrate, resetSchema } from './db/migrate.ts';
import { hashPassword } from './lib/password.ts';
import { unlockAccount } from './lib/rate-limit.ts';
import { describeStore, openSharedStore } from './lib/shared-store/index.ts';
import { ARCHIVE_BATCH, archiveAudit, parseRetentionDays, RETENTION_ENV } from './modules/audit/retention.ts';
import { upsertAdmin } from './modules/auth/repository.ts';
import { ensureAdmin } from './modules/auth/service.ts';
import { recountDashboard } from './modules/dashboard/repository.ts';
import { ensureDemoAdmins, isDatabaseEmpty, scaleCounts, seedDemo, seedScale } from './seed/index.ts';

const USAGE = `Usage:
  pnpm -C api seed [--reset] [--seed N] [--scale FACTOR]
      Demo data on an empty database (--reset drops everything first, admins included, then
      recreates the ADMIN_EMAIL or demo admin).
      --scale FACTOR adds big set-based data on top: 1 = 200k users, 1M deposits, 1M lottery tickets,
      100k withdrawals, 100k mine games, 50k support tickets (0.01 = 1%).
  pnpm -C api migrate [--check]
      Applies pending migrations under the migration lock and exits: the one-shot step before API
      replicas that start with MIGRATE=0. --check applies nothing and fails when the schema is not current.
  pnpm -C api create-admin <email> <password> [name] [--roles superadmin|lottery,finance,...]
      Roles default to superadmin (${governanceRoles.join(', ')}).
  pnpm -C api create-admin --from <admins.json>
      Several at once, in one process (PGlite: one opening of the database): a JSON list of
      { email, password, name?, roles? }.
  pnpm -C api unlock-admin <email>
      Forgets the failed sign-ins and 2FA codes of the account (its lockout), in the shared store the
      API uses: Redis (REDIS_URL) or PostgreSQL (DATABASE_URL).
  pnpm -C api recount-dashboard
      Compares the dashboard figures the database keeps with a full scan of the tables and corrects
      any difference (only after rows were changed with the triggers off); safe while the API runs.
  pnpm -C api audit:archive [--days N]
      Moves the audit records older than N days (default AUDIT_RETENTION_DAYS) to audit_log_archive,
      in batches of ${ARCHIVE_BATCH} per transaction, and deletes the failed sign-ins older than that;
      safe while the API runs (one archiver at a time).
  tsx src/cli.ts request <METHOD> <path> < body.json
      One release route (/admin/releases..., as the release CLI calls them) run in-process on the API's
      database, for when the API is not running (scripts/release/api.mjs); prints {status, body}.`;

function flag(args: string[], name: string): string | undefined {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  const arg = args[i]!;
  if (arg.includes('=')) return arg.slice(arg.indexOf('=') + 1);
  const next = args[i + 1];
  return next && !next.startsWith('--') ? next : '';
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const config = loadConfig();
  if (command === 'seed') {
    const db = await openDb(config, { timeouts: false }); // scripts run long statements on purpose
    try {
      const reset = args.includes('--reset');
      if (reset) {
        console.log('Dropping all data (admins included)...');
        await resetSchema(db);
      }
      await migrate(db);
      if (reset) {
        const admin = await ensureAdmin(db, config);
        console.log(`Admin ${admin.email}${admin.password ? ` / ${admin.password}` : ''} recreated.`);
        if (config.demo) console.log(`Demo role admins created: ${(await ensureDemoAdmins(db)).join(', ')}`);
      }
      const seed = Number(flag(args, '--seed') ?? 42);
      if (await isDatabaseEmpty(db)) {
        const t = Date.now();
        const summary = await seedDemo(db, { seed });
        console.log(`Demo data seeded in ${((Date.now() - t) / 1000).toFixed(1)} s:`, summary);
      } else if (!flag(args, '--scale')) {
        console.log('The database already holds data: nothing seeded (use --reset to start over).');
      }
      const scale = flag(args, '--scale');
      if (scale !== undefined) {
        const factor = scale === '' ? 1 : Number(scale);
        if (!(factor > 0 && factor <= 10)) throw new Error('--scale must be a number in (0, 10]');
        console.log(`Scale data (factor ${factor}):`, scaleCounts(factor));
        const t = Date.now();
        await seedScale(db, { factor, seed }, (line) => console.log(line));
        console.log(`Scale data seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      }
      return 0;
    } finally {
      await db.close();
    }
  }
  if (command === 'create-admin') {
    const from = flag(args, '--from');
    let admins: { email: string; password: string; name?: string; roles?: string[] }[];
    if (from) admins = JSON.parse(readFileSync(from, 'utf8'));
    else {
      const rolesFlag = flag(args, '--roles');
      const positional = args.filter((a, i) => !a.startsWith('--roles') && args[i - 1] !== '--roles');
      const [email = '', password = '', ...name] = positional;
      admins = [{ email, password, name: name.join(' '), roles: (rolesFlag ?? 'superadmin').split(',') }];
    }
    for (const admin of admins) {
      const roles = (admin.roles ?? ['superadmin']).map((r) => r.trim());
      if (!roles.length || roles.some((r) => !governanceRoles.includes(r as GovernanceRole))) {
        console.error(`--roles takes a comma-separated list of: ${governanceRoles.join(', ')}\n`);
        return 1;
      }
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(admin.email) || (admin.password ?? '').length < 6) {
        console.error('create-admin needs a valid email and a password of at least 6 characters.\n');
        console.error(USAGE);
        return 1;
      }
    }
    const db = await openDb(config, { timeouts: false }); // scripts run long statements on purpose
    try {
      await migrate(db);
      for (const admin of admins) {
        const roles = [...new Set((admin.roles ?? ['superadmin']).map((r) => r.trim()))] as GovernanceRole[];
        const r = await upsertAdmin(db, {
          email: admin.email,
          name: admin.name || 'Administrator',
          passwordHash: await hashPassword(admin.password),
          roles,
        });
        console.log(
          `${r.created ? 'Created' : 'Updated'} admin ${admin.email.toLowerCase()} (id ${r.id}, roles ${roles.join(', ')}).`,
        );
      }
      return 0;
    } finally {
      await db.close();
    }
  }
  if (command === 'migrate') {
    const db = await openDb(config, { timeouts: false }); // a migration may rebuild a big table
    try {
      if (args.includes('--check')) await assertSchemaCurrent(db);
      const applied = args.includes('--check') ? [] : await migrate(db);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database schema is current.');
      return 0;
    } finally {
      await db.close();
    }
  }
  if (command === 'unlock-admin') return unlockAdmin(config, args[0]);
  if (command === 'recount-dashboard') {
    const db = await openDb(config, { timeouts: false }); // the full scan takes a while at scale
    try {
      await migrate(db);
      const t = Date.now();
      const { drift, lotteryRows } = await recountDashboard(db);
      const figures = Object.entries(drift).map(([figure, d]) => `${figure} ${d}`);
      console.log(
        figures.length || lotteryRows
          ? `Corrected (kept - counted): ${figures.join(', ') || 'no figure'}; ${lotteryRows} lottery ticket rollup row(s).`
          : 'The kept dashboard figures equal the full scan: nothing to correct.',
      );
      console.log(`(${((Date.now() - t) / 1000).toFixed(1)} s)`);
      return 0;
    } finally {
      await db.close();
    }
  }
  if (command === 'audit-archive') return auditArchive(config, flag(args, '--days'));
  if (command === 'request') return releaseRequest(config, args[0], args[1]);
  console.error(USAGE);
  return command === undefined || command === '--help' ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

/**
 * The release CLI with the API stopped: the app is built on the API's database (not listening) and the
 * route is injected with a token of this run only, so the change goes through the same code, gate and
 * audit as through the running API.
 */
async function releaseRequest(
  config: ReturnType<typeof loadConfig>,
  method: string | undefined,
  path: string | undefined,
): Promise<number> {
  if (!method || !(path?.startsWith('/admin/releases') || path === '/ops/maintenance')) {
    console.error('request takes a method and an ops route: request POST /admin/releases < body.json\n');
    return 1;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8').trim();
  const token = randomBytes(32).toString('base64url');
  const db = await openDb(config);
  try {
    await migrate(db);
    const app = await buildApp({
      config: { ...config, releases: { ...config.releases, opsToken: token } },
      db,
    });
    try {
      const res = await app.inject({
        method: method as 'GET',
        url: `/api${path}`,
        headers: { 'x-ops-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: body } : {}),
      });
      console.log(JSON.stringify({ status: res.statusCode, body: res.body ? res.json() : null }));
      return 0;
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

async function unlockAdmin(
  config: ReturnType<typeof loadConfig>,
  email: string | undefined,
): Promise<number> {
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    console.error('unlock-admin needs the email of the account.\n');
    console.error(USAGE);
    return 1;
  }
  if (!config.redisUrl && !config.databaseUrl) {
    console.error(
      'With the embedded database (neither REDIS_URL nor DATABASE_URL set) the sign-in counters live in ' +
        'the API process itself: restart the API to clear them.',
    );
    return 1;
  }
  const db = config.redisUrl ? undefined : await openDb(config, { timeouts: false });
  try {
    if (db) await migrate(db);
    const store = await openSharedStore({ redisUrl: config.redisUrl, prefix: config.sharedStatePrefix }, db);
    try {
      const removed = await unlockAccount(store, email);
      console.log(
        removed > 0
          ? `Unlocked ${email.toLowerCase()}: its failed sign-ins and 2FA codes are forgotten (${describeStore(store)}).`
          : `${email.toLowerCase()} had no failed sign-ins to forget (${describeStore(store)}).`,
      );
      return 0;
    } finally {
      await store.close();
    }
  } finally {
    await db?.close();
  }
}

/** `audit:archive`: the retention policy run once, to the end (--days wins over AUDIT_RETENTION_DAYS). */
async function auditArchive(
  config: ReturnType<typeof loadConfig>,
  daysFlag: string | undefined,
): Promise<number> {
  const days = parseRetentionDays(daysFlag ?? process.env[RETENTION_ENV]);
  if (days === null) {
    console.error(`audit:archive needs ${RETENTION_ENV} or --days N (whole days): the policy is off.\n`);
    console.error(USAGE);
    return 1;
  }
  const db = await openDb(config, { timeouts: false }); // a large backlog takes a while
  try {
    await migrate(db);
    const t = Date.now();
    const r = await archiveAudit(db, { days });
    if (r.busy) {
      console.error('Another archiver (the API or this command) is running: try again when it is done.');
      return 1;
    }
    console.log(
      `Archived ${r.archived} audit record(s) older than ${days} day(s); deleted ${r.pruned} failed sign-in row(s) ` +
        `(${((Date.now() - t) / 1000).toFixed(1)} s).`,
    );
    return 0;
  } finally {
    await db.close();
  }
}
