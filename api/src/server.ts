import { buildApp } from './app.ts';
import { prepare } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { describeStore, openSharedStore } from './lib/shared-store/index.ts';
import { drainHttp, shutdownDrainMs, shutdownTimeoutMs } from './lib/shutdown.ts';
import { startPayoutWorker } from './modules/payout/worker.ts';
import { ensureOpsToken, opsTokenFile } from './modules/releases/ops-token.ts';
import { DEMO_ROLE_ADMINS } from './seed/admins.ts';

const config = loadConfig();
const shutdownMs = shutdownTimeoutMs();
const drainMs = shutdownDrainMs();
ensureOpsToken(config);
const started = Date.now();
const { db, migrations, admin, seeded } = await prepare(config);
// Shared by the API replicas (rate limits, revoked sessions): Redis, else PostgreSQL.
const store = await openSharedStore(
  { redisUrl: config.redisUrl, prefix: config.sharedStatePrefix, redisTimeoutMs: config.redisTimeoutMs },
  db,
).catch(async (err: Error) => {
  console.error(err.message);
  await db.close();
  process.exit(1);
});
const app = await buildApp({ config, db, store, logger: { level: config.logLevel } });
const log = app.log;
const payout = startPayoutWorker(db, { log, demo: config.demo });

if (config.jwtSecretGenerated)
  log.warn('JWT_SECRET is not set: using a random secret, sessions end when the API restarts');
if (migrations.length) log.info({ migrations }, 'migrations applied');
if (seeded) log.info({ seeded }, 'demo data seeded');
log.info(
  `database: ${db.driver === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL (DATABASE_URL)'}`,
);
log.info(`shared state (rate limits, sessions): ${describeStore(store)}`);
log.info(
  `console releases: ${config.releases.dir}; the release CLI's token: ${process.env.OPS_TOKEN ? 'OPS_TOKEN' : opsTokenFile(config.dataDir)}`,
);

/**
 * SIGTERM (a deploy, a scale-in): readiness fails at once (app.closing), the HTTP server stops taking
 * connections and lets requests in flight finish within SHUTDOWN_TIMEOUT_MS, the payout worker finishes
 * the transfers it is sending and gives back claims it has not sent, then the store and the database
 * close and the process exits 0. Anything stuck past the bound (and 5 s more) exits 1.
 */
let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info({ timeoutMs: shutdownMs }, `${signal} received, shutting down`);
  const timer = setTimeout(
    () => {
      log.error('shutdown did not finish in time');
      process.exit(1);
    },
    drainMs + shutdownMs + 5_000,
  );
  timer.unref();
  try {
    // Ctrl-C at a terminal does not wait for a load balancer.
    const drain = signal === 'SIGTERM' ? drainMs : 0;
    const [cut] = await Promise.all([drainHttp(app, shutdownMs, drain), payout?.stop()]);
    if (cut) log.warn({ connections: cut }, 'requests still running after SHUTDOWN_TIMEOUT_MS were cut');
    await store.close();
    await db.close();
    log.info('shut down');
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  log.error({ err }, 'cannot listen');
  await db.close();
  process.exit(1);
}
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const url = `http://${shownHost}:${config.port}/api`;
console.log(`\n  Back-office API ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${url}`);
console.log(`  OpenAPI: ${url}/openapi.json`);
if (admin.demo) console.log(`  Demo login: ${admin.email} / ${admin.password}`);
else console.log(`  Admin login: ${admin.email} (password from ADMIN_PASSWORD)`);
if (config.demo)
  console.log(
    `  Demo admins per role: ${DEMO_ROLE_ADMINS.map((a) => `${a.email} / ${a.password} (${a.roles.join(', ')})`).join(', ')}`,
  );
console.log(`  Two-factor authentication: ${config.twoFactor}\n`);
