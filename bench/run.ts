// `pnpm bench` (= `pnpm -C bench run bench`): builds what it measures, serves it as production does
// (scripts/serve.mjs, gzip on), runs every suite of suites/index.ts, prints one table per report and
// writes bench/results/latest.json. Always exits 0 when the measurement itself worked: a missed target
// is a result (printed as FAIL), not a crash.
//
//   pnpm bench                         all suites, 5 samples
//   pnpm bench -- --suite first-load   one suite
//   pnpm bench -- --suite releases --samples 3   deploy, rollback and an open console's pickup of mf-mines
//   pnpm bench -- --suite navigation --samples 3   warm reload, sidebar within an area and to another
//   pnpm bench -- --suite build --samples 3        builds from clean: all five apps, one remote
//   pnpm bench -- --samples 9 --no-build
//   pnpm bench -- --suite api --only 'support' --no-build   (cases whose name matches)
//   pnpm bench -- --suite api --scale 0.1      API lists on a tenth of the scale data
//   pnpm bench -- --suite api --seconds 5      5 s of load per side of each list case (default 3)
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { apps, snapshot } from './lib/apps.ts';
import { launchChromium } from './lib/browser.ts';
import { type BenchConsole, startConsole } from './lib/console.ts';
import { resultsDir } from './lib/paths.ts';
import { serveStatic } from './lib/processes.ts';
import { ratioOf, renderTable, verdictOf } from './lib/table.ts';
import { suites } from './suites/index.ts';
import type { BenchContext, SuiteReport } from './suites/types.ts';

const { values: args } = parseArgs({
  // `pnpm bench -- --samples 9` forwards the '--' itself.
  args: process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === '--')),
  options: {
    suite: { type: 'string', multiple: true },
    samples: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    'port-base': { type: 'string', default: process.env.BENCH_PORT_BASE ?? '4080' },
    scale: { type: 'string', default: '1' },
    only: { type: 'string' },
    seconds: { type: 'string', default: '3' },
  },
  allowPositionals: true,
});

const samples = Number(args.samples);
const loadSeconds = Number(args.seconds);
if (!(loadSeconds > 0)) throw new Error('--seconds must be a positive number');
const scale = Number(args.scale);
if (!(scale > 0)) throw new Error('--scale must be a positive number');
if (!Number.isInteger(samples) || samples < 1) throw new Error('--samples must be a positive integer');
const selected = args.suite?.length ? suites.filter((suite) => args.suite!.includes(suite.name)) : suites;
if (selected.length === 0)
  throw new Error(`no suite named ${args.suite?.join(', ')}; known: ${suites.map((s) => s.name)}`);

const cleanups: Array<() => Promise<void> | void> = [];
let browser: Promise<Browser> | null = null;
let benchConsole: Promise<BenchConsole> | null = null;
const built = new Map<string, Promise<void>>();
const snapshots = new Map<string, Promise<string>>();
const served = new Map<string, Promise<string>>();
const servedDirs = new Map<string, string>();
let nextPort = Number(args['port-base']);

const log = (message: string) => console.log(message);

const context: BenchContext = {
  samples,
  loadSeconds,
  only: args.only ? new RegExp(args.only) : undefined,
  build: !args['no-build'],
  browser() {
    if (!browser) {
      browser = launchChromium();
      cleanups.push(async () => (await browser)?.close());
    }
    return browser;
  },
  scale,
  console() {
    benchConsole ??= startConsole({
      scale,
      port: nextPort++,
      corsOrigins: 'http://localhost',
      log,
      onCleanup: (task) => context.onCleanup(task),
    });
    return benchConsole;
  },
  snapshot(appName) {
    const app = apps[appName];
    if (!app) throw new Error(`unknown app ${appName}`);
    let dir = snapshots.get(appName);
    if (!dir) {
      dir = (async () => {
        if (context.build) {
          // Keyed by folder: the signed-in console is the shell's build served differently.
          let build = built.get(app.dist);
          if (!build) {
            log(`building ${appName} ...`);
            const started = performance.now();
            build = app
              .build()
              .then(() => log(`built ${appName} in ${((performance.now() - started) / 1000).toFixed(1)} s`));
            built.set(app.dist, build);
          }
          await build;
        }
        const copy = snapshot(app);
        servedDirs.set(appName, copy);
        return copy;
      })();
      snapshots.set(appName, dir);
    }
    return dir;
  },
  serve(appName) {
    const app = apps[appName];
    if (!app) throw new Error(`unknown app ${appName}`);
    let origin = served.get(appName);
    if (!origin) {
      const port = nextPort++;
      origin = (async () => {
        const dir = await context.snapshot(appName);
        const server = await serveStatic({
          dir,
          port,
          spa: app.spa,
          env: app.env ?? {},
          proxy: app.proxy,
          releases: app.releases,
          unchecked: app.unchecked,
        });
        cleanups.push(server.stop);
        log(`serving ${appName} at ${server.origin}`);
        return server.origin;
      })();
      served.set(appName, origin);
    }
    return origin;
  },
  freePort: () => nextPort++,
  servedDir(appName) {
    const dir = servedDirs.get(appName);
    if (!dir) throw new Error(`${appName} is not served`);
    return dir;
  },
  log,
  onCleanup(task) {
    cleanups.push(task);
  },
};

async function main() {
  const startedAt = new Date().toISOString();
  const reports: SuiteReport[] = [];
  const failures: string[] = [];
  try {
    for (const suite of selected) {
      log(`\n== ${suite.name}: ${suite.description}`);
      try {
        reports.push(...(await suite.run(context)));
      } catch (error) {
        failures.push(
          `${suite.name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        console.error(`suite ${suite.name} could not run:`, error);
      }
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }

  const chromiumVersion = await launchChromium()
    .then(async (probe) => {
      const version = probe.version();
      await probe.close();
      return version;
    })
    .catch(() => 'unknown');

  console.log('');
  for (const report of reports) {
    console.log(renderTable(report));
    for (const warning of report.warnings ?? []) console.log(`  warning: ${warning}`);
    console.log('');
  }
  const failed = reports.flatMap((report) =>
    report.comparisons
      .filter((comparison) => verdictOf(comparison) === 'FAIL')
      .map((comparison) => `${report.title}: ${comparison.metric}`),
  );
  if (failed.length) console.log(`FAIL: ${failed.length} target(s) missed:\n  - ${failed.join('\n  - ')}`);
  else if (reports.length) console.log('All targets met.');

  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, 'latest.json');
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        startedAt,
        finishedAt: new Date().toISOString(),
        machine: {
          cpus: cpus().length,
          cpuModel: cpus()[0]?.model,
          node: process.version,
          chromium: chromiumVersion,
        },
        samples,
        reports: reports.map((report) => ({
          ...report,
          comparisons: report.comparisons.map((comparison) => ({
            ...comparison,
            ratio: ratioOf(comparison),
            result: verdictOf(comparison) || null,
          })),
        })),
        failedTargets: failed,
        suiteErrors: failures,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`results written to ${file}`);
  // A suite that could not measure at all is an error; a missed target is not.
  if (failures.length) process.exitCode = 1;
}

await main();
